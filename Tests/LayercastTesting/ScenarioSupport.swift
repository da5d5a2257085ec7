import Foundation
import HTTPClient
import Synchronization
import Testing

/// Scenarios the tests share, and how they store one.
public enum Scenarios {
    /// Every control moves: a press and a release on the meter, a morph on the play button, the
    /// player seeking, the spinner stopping; the spinner's line is thicker than its default.
    public static let busy = """
        {"name": "busy", "duration": 1.2, "props": {"spinner": {"lineWidth": 6}}, "steps": [
          {"at": 0, "do": "POST /meter/press"},
          {"at": 0.3, "do": "POST /play-button/mode", "with": {"mode": "pause"}},
          {"at": 0.5, "do": "POST /player/seek", "with": {"progress": 60}},
          {"at": 0.8, "do": "POST /meter/release"},
          {"at": 0.9, "do": "POST /spinner/stop"}
        ]}
        """

    /// `busy` with one prop changed: the spinner's line is 7 points wide instead of 6.
    public static let busyOnePropChanged = busy.replacingOccurrences(of: #""lineWidth": 6"#, with: #""lineWidth": 7"#)

    /// Stores `document` and returns its id.
    public static func store(_ document: String, on server: TestServer,
                      sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let reply = try server.post("/scenarios", json: document)
        #expect(reply.status == 201, "\(reply.text.prefix(300))", sourceLocation: sourceLocation)
        let id = try #require(try jsonObject(reply)["id"] as? String, "no id: \(reply.text)", sourceLocation: sourceLocation)
        #expect(reply.header("Location") == "/scenarios/" + id, sourceLocation: sourceLocation)
        return id
    }

    /// `t` as a query writes it: the shortest text that reads back as the same Double.
    public static func time(_ index: Int, fps: Int) -> String {
        String(Double(index) / Double(fps))
    }
}

/// The `layercast` executable next to the test bundle (`swift build --build-tests` builds both).
public enum LayercastBinary {
    public struct Result: Sendable {
        public var status: Int32
        public var stdout: String
        public var stderr: String
    }

    public static var path: String {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("layercast").path
    }

    /// Runs it with `arguments`, stdout and stderr to pipes (so neither is a terminal). With
    /// `terminal`, inside util-linux's `script`, whose pseudo-terminal is its stdout and stderr.
    public static func run(_ arguments: [String], terminal: Bool = false, environment: [String: String?] = [:]) throws -> Result {
        let process = Process()
        if terminal {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
            process.arguments = ["-qec", ([path] + arguments).map { "'\($0)'" }.joined(separator: " "), "/dev/null"]
        } else {
            process.executableURL = URL(fileURLWithPath: path)
            process.arguments = arguments
        }
        var variables = ProcessInfo.processInfo.environment
        for (name, value) in environment { variables[name] = value }
        process.environment = variables
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Both pipes at once: read one to its end first and a child that fills the other (a sanitizer's
        // report on stderr, 170 KB under ASan) blocks on it forever, and so does the test.
        let stderr = PipeReader(err.fileHandleForReading)
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                      stderr: String(decoding: stderr.data(), as: UTF8.self))
    }
}

/// Reads a pipe to its end on a thread of its own, while the caller reads another.
public final class PipeReader: Sendable {
    private let read = Mutex<Data?>(nil)
    private let done = DispatchSemaphore(value: 0)

    public init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            let data = handle.readDataToEndOfFile()
            read.withLock { $0 = data }
            done.signal()
        }
    }

    /// Everything the pipe carried, once its writer closed it.
    public func data() -> Data {
        done.wait()
        return read.withLock { $0 } ?? Data()
    }
}

/// A folder under the system's temporary directory, removed after `body`.
public func withTemporaryDirectory<T>(_ body: (String) throws -> T) throws -> T {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("layercast-scenario-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: path) }
    return try body(path)
}
