import Foundation
@testable import HTTPServer
import Testing
@testable import PreviewServer

/// A real PreviewServer on 127.0.0.1, port 0, with a throwaway public folder that has files,
/// a subfolder, and symlinks leading out of it, for the hostile, security and shutdown tests.
final class HostileServer {
    let server: PreviewServer
    let publicDirectory: String
    /// Beside the public folder: what a traversal would reach.
    let outside: String

    init(configure: (inout PreviewServerConfiguration) -> Void = { _ in }) throws {
        let base = NSTemporaryDirectory() + "layercast-hostile-\(UUID().uuidString)"
        publicDirectory = base + "/public"
        outside = base + "/outside"
        let fm = FileManager.default
        try fm.createDirectory(atPath: publicDirectory + "/js", withIntermediateDirectories: true)
        try fm.createDirectory(atPath: outside, withIntermediateDirectories: true)
        let files = [
            "index.html": "<!doctype html><title>studio</title>", "js/main.js": "export {}", "style.css": "body{}",
            "notes.txt": "notes", "data.bin": "\u{1}\u{2}",
        ]
        for (name, text) in files { try text.write(toFile: publicDirectory + "/" + name, atomically: true, encoding: .utf8) }
        try "TOP SECRET".write(toFile: outside + "/secret.txt", atomically: true, encoding: .utf8)
        try fm.createSymbolicLink(atPath: publicDirectory + "/secret-link.txt", withDestinationPath: outside + "/secret.txt")
        try fm.createSymbolicLink(atPath: publicDirectory + "/outside-dir", withDestinationPath: outside)
        try fm.createSymbolicLink(atPath: publicDirectory + "/notes-link.txt", withDestinationPath: publicDirectory + "/notes.txt")

        var configuration = PreviewServerConfiguration()
        configuration.host = "127.0.0.1"
        configuration.port = 0
        configuration.publicDirectory = publicDirectory
        configure(&configuration)
        server = PreviewServer(configuration: configuration)
        try server.start()
    }

    deinit {
        server.stop()
        try? FileManager.default.removeItem(atPath: (publicDirectory as NSString).deletingLastPathComponent)
    }

    var port: Int { server.port }
    var host: String { "127.0.0.1:\(port)" }

    /// One request on its own connection.
    func request(_ method: String, _ target: String, headers: [(String, String)] = [], body: [UInt8] = []) throws -> HTTPProbeResponse {
        try HTTPProbe.request(method, url: "http://\(host)\(target)", headers: headers, body: body, timeout: .seconds(30))
    }

    func get(_ target: String) throws -> HTTPProbeResponse { try request("GET", target) }

    /// Sends raw bytes; the status of the answer, or nil when the server closed without one.
    func raw(_ bytes: [UInt8], timeout: Double = 5) throws -> HTTPProbeResponse? {
        let socket = try HostileSocket(port: port)
        defer { socket.close() }
        socket.send(bytes)
        return socket.readResponse(timeout: timeout)
    }

    var isHealthy: Bool { (try? get("/healthz").status) == 200 }

    /// `GET /state` as JSON.
    func state() throws -> [String: Any] {
        let response = try get("/state")
        return try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
    }

    var artworkID: UInt64? {
        let artwork = (try? state())?["player"].flatMap { ($0 as? [String: Any])?["artwork"] as? [String: Any] }
        return (artwork?["id"] as? NSNumber)?.uint64Value
    }
}

/// A blocking TCP client for raw bytes, whose reads give up after a timeout.
final class HostileSocket {
    private(set) var fd: Int32

    init(port: Int) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let rc = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard fd >= 0, rc == 0 else {
            if fd >= 0 { Glibc.close(fd) }
            throw HostileSocketError(description: "connect to port \(port) failed: errno \(errno)")
        }
    }

    deinit { close() }

    func close() {
        if fd >= 0 { Glibc.close(fd) }
        fd = -1
    }

    /// Sends what the peer takes; a peer that resets mid-send has answered by closing.
    @discardableResult
    func send(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { raw -> Int in
                guard let base = raw.baseAddress else { return 0 }
                return Glibc.send(fd, base + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
            }
            if n <= 0 { return false }
            offset += n
        }
        return true
    }

    /// Bytes as they come; nil at end of stream or reset, [] on timeout.
    func receive(timeout: Double) -> [UInt8]? {
        var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&pfd, 1, Int32(timeout * 1000)) > 0 else { return [] }
        var chunk = [UInt8](repeating: 0, count: 65536)
        let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        return n > 0 ? Array(chunk[0..<n]) : nil
    }

    /// One response with a Content-Length body (or the head alone); nil if the server closed first.
    func readResponse(timeout: Double) -> HTTPProbeResponse? {
        var data: [UInt8] = []
        let deadline = Date().addingTimeInterval(timeout)
        var bodyStart: Int?
        var length = 0
        while Date() < deadline {
            if bodyStart == nil, let end = data.firstRange(of: Array("\r\n\r\n".utf8)) {
                bodyStart = end.upperBound
                length = Int(Self.header("content-length", in: data[..<end.lowerBound]) ?? "") ?? 0
            }
            if let start = bodyStart, data.count - start >= length { break }
            guard let some = receive(timeout: max(0.01, deadline.timeIntervalSinceNow)) else { break }
            if some.isEmpty { break }
            data += some
        }
        guard let start = bodyStart else { return nil }
        let head = String(decoding: data[..<start], as: UTF8.self)
        let lines = head.split(separator: "\r\n")
        let parts = lines.first?.split(separator: " ", maxSplits: 2) ?? []
        guard parts.count >= 2, let status = Int(parts[1]) else { return nil }
        let headers = lines.dropFirst().compactMap { line -> (String, String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces))
        }
        return HTTPProbeResponse(status: status, reason: parts.count > 2 ? String(parts[2]) : "", version: String(parts[0]),
                                 headers: headers, body: Array(data[start..<min(data.count, start + length)]))
    }

    /// True when the server closes within `timeout` (whatever it sent before).
    func closes(within timeout: Double) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            guard let some = receive(timeout: max(0.01, deadline.timeIntervalSinceNow)) else { return true }
            if some.isEmpty { return false }
        }
        return false
    }

    private static func header(_ name: String, in head: ArraySlice<UInt8>) -> String? {
        for line in String(decoding: head, as: UTF8.self).split(separator: "\r\n") {
            guard let colon = line.firstIndex(of: ":"), line[..<colon].lowercased() == name else { continue }
            return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return nil
    }
}

struct HostileSocketError: Error, CustomStringConvertible {
    let description: String
}

/// The JSON error body every refusal carries.
func hostileErrorBody(_ response: HTTPProbeResponse) -> [String: Any]? {
    try? JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]
}

/// Polls until `condition` holds or `timeout` passes.
func hostileEventually(timeout: Double = 5, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
        if condition() { return true }
        usleep(5_000)
    }
    return condition()
}

/// Runs a blocking client on its own thread. Clients parked on Dispatch's global pool would starve
/// the server's own Dispatch work in this same process, which no real client can do.
func hostileThread(_ group: DispatchGroup, _ body: @escaping @Sendable () -> Void) {
    group.enter()
    let thread = Thread {
        body()
        group.leave()
    }
    thread.start()
}
