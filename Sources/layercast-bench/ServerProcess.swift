import Foundation
import HTTPClient
import Synchronization

/// The server child to stop if the bench is interrupted (0: none); read by a signal handler.
let benchChildPID = Atomic<Int32>(0)

/// The server under test: a `layercast` child on a free loopback port, or an existing URL.
final class ServerUnderTest {
    let host: String
    let port: Int
    /// The server's pid when known (a child, or --pid), for /proc readings.
    let pid: Int32?
    private let process: Process?
    let logPath: String?

    /// Starts `binary` (default: the release `layercast` next to this executable) with
    /// `arguments` added to `serve`.
    init(arguments: [String], binary: String? = nil) throws {
        let binary = binary ?? Self.serverBinary()
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            throw BenchError("no layercast binary at \(binary): run `swift build -c release` first")
        }
        guard let port = try? LoopbackPort.free() else { throw BenchError("could not find a free port") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["serve", "--host", "127.0.0.1", "--port", String(port), "--log-level", "warning", "--data", "none"] + arguments
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("layercast-bench-server-\(port).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        process.standardError = handle
        process.standardOutput = handle
        try process.run()
        Self.stopChildOnInterrupt(process.processIdentifier)
        self.process = process
        self.host = "127.0.0.1"
        self.port = port
        self.pid = process.processIdentifier
        self.logPath = log.path
        try waitUntilHealthy(timeout: 15)
    }

    /// An already running server (`--url`), optionally with its pid for /proc readings.
    init(url: String, pid: Int32?) throws {
        guard url.hasPrefix("http://") else { throw BenchError("--url must start with http://") }
        let authority = url.dropFirst(7).prefix { $0 != "/" }
        guard let colon = authority.lastIndex(of: ":"), let port = Int(authority[authority.index(after: colon)...]) else {
            throw BenchError("--url needs host:port, e.g. http://127.0.0.1:8080")
        }
        host = String(authority[..<colon])
        guard host == "127.0.0.1" || host == "localhost" else {
            throw BenchError("the benchmark only loads loopback servers (127.0.0.1 or localhost)")
        }
        self.port = port
        self.pid = pid
        process = nil
        logPath = nil
        try waitUntilHealthy(timeout: 5)
    }

    var baseURL: String { "http://\(host):\(port)" }

    private func waitUntilHealthy(timeout: Double) throws {
        let deadline = monotonicNow() + timeout
        while monotonicNow() < deadline {
            if let r = try? HTTPProbe.get(baseURL + "/healthz", timeout: .seconds(1)), r.status == 200 { return }
            if let process, !process.isRunning {
                throw BenchError("layercast exited with status \(process.terminationStatus); see \(logPath ?? "its log")")
            }
            usleep(50_000)
        }
        throw BenchError("\(baseURL)/healthz did not answer within \(Int(timeout)) s")
    }

    /// SIGTERM, then SIGKILL after 5 s; only the child this object started.
    func stop() {
        guard let process, process.isRunning else { return }
        process.terminate()
        let deadline = monotonicNow() + 5
        while process.isRunning && monotonicNow() < deadline { usleep(20_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        benchChildPID.store(0, ordering: .relaxed)
    }

    deinit { stop() }

    /// Ctrl-C or SIGTERM to the bench also stops the server it started, rather than orphaning it.
    static func stopChildOnInterrupt(_ pid: Int32) {
        benchChildPID.store(pid, ordering: .relaxed)
        let handler: @convention(c) (Int32) -> Void = { signal in
            let child = benchChildPID.load(ordering: .relaxed)
            if child > 0 { kill(child, SIGTERM) }
            _exit(128 + signal)
        }
        signal(SIGINT, handler)
        signal(SIGTERM, handler)
    }

    static func serverBinary() -> String {
        let me = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: me).deletingLastPathComponent().appendingPathComponent("layercast").path
    }
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ message: String) { description = message }
}
