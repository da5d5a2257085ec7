import Animation
import Foundation
import HTTPServer
@testable import PreviewServer

// Helpers for the stream hub and /metrics tests. Names start with "hub" so they cannot clash with
// the other PreviewServer test helpers.

/// Waits (bounded) for something another thread makes true. The bound only keeps a broken build
/// from hanging; no test asserts how long anything took.
func hubEventually(_ seconds: Double = 10, _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if try condition() { return true }
        usleep(2_000)
    }
    return try condition()
}

/// A preview server on 127.0.0.1, port 0, stopped when `body` returns.
func withHubServer<T>(
    clock: any ControllableClock = ManualClock(),
    configure: (inout PreviewServerConfiguration) -> Void = { _ in },
    _ body: (PreviewServer) throws -> T
) throws -> T {
    var config = PreviewServerConfiguration()
    config.host = "127.0.0.1"
    config.port = 0
    configure(&config)
    let server = PreviewServer(configuration: config, clock: clock)
    try server.start()
    defer { server.stop() }
    return try body(server)
}

func hubSpec(_ query: [String: String]) throws -> FrameSpec {
    try FrameSpec(ParameterValues(query), defaultSize: 480)
}

/// One part of a multipart stream.
struct HubPart {
    let headers: [String: String]
    let body: [UInt8]

    var sceneTime: String? { headers["x-scene-time"] }
}

struct HubStreamError: Error, CustomStringConvertible {
    let description: String
}

/// Splits what a viewer sent into parts: an optional preamble `--frame\r\n`, then per part its
/// headers, `Content-Length` bytes and `\r\n--frame\r\n`. Throws on anything else.
func hubParseParts(_ bytes: [UInt8]) throws -> [HubPart] {
    let boundary = Array("--frame\r\n".utf8)
    let trailer = Array("\r\n--frame\r\n".utf8)
    var i = 0
    if bytes.starts(with: boundary) { i = boundary.count }
    var parts: [HubPart] = []
    while i < bytes.count {
        guard let end = bytes[i...].firstRange(of: Array("\r\n\r\n".utf8)) else {
            throw HubStreamError(description: "part head without end")
        }
        var headers: [String: String] = [:]
        for line in String(decoding: bytes[i..<end.lowerBound], as: UTF8.self).split(separator: "\r\n") {
            guard let colon = line.firstIndex(of: ":") else { throw HubStreamError(description: "header \(line)") }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        guard let length = headers["content-length"].flatMap({ Int($0) }), end.upperBound + length <= bytes.count else {
            throw HubStreamError(description: "part without a complete body")
        }
        let bodyEnd = end.upperBound + length
        parts.append(HubPart(headers: headers, body: Array(bytes[end.upperBound..<bodyEnd])))
        guard bytes[bodyEnd...].starts(with: trailer) else { throw HubStreamError(description: "no boundary after a part") }
        i = bodyEnd + trailer.count
    }
    return parts
}

/// Reads a hub viewer the way the HTTP server does, without a connection.
struct HubViewerReader {
    let viewer: StreamViewer
    let waker = StreamWaker()

    /// Everything the viewer has to send now, up to the point where it would wait.
    func drain() throws -> [HubPart] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        for _ in 0..<1000 {
            let result = chunk.withUnsafeMutableBytes { viewer.read(into: $0, waker: waker) }
            switch result {
            case .bytes(let n) where n > 0: bytes += chunk[0..<n]
            case .bytes, .wait: return try hubParseParts(bytes)
            case .end: throw HubStreamError(description: "the viewer ended")
            }
        }
        throw HubStreamError(description: "the viewer never waits")
    }
}

/// A plain TCP client with per-call timeouts, for streams over real connections.
final class HubSocket {
    private(set) var fd: Int32
    private var buffer: [UInt8] = []

    /// `receiveBuffer` is set before connecting, so the TCP window stays that small.
    init(port: Int, receiveBuffer: Int32? = nil) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw HubStreamError(description: "socket() failed") }
        if var size = receiveBuffer {
            setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let rc = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard rc == 0 else {
            Glibc.close(fd)
            throw HubStreamError(description: "connect failed: errno \(errno)")
        }
    }

    deinit { close() }

    func close() {
        if fd >= 0 { Glibc.close(fd) }
        fd = -1
    }

    /// Opens `/stream.mjpg?query` and returns the socket with the response head read.
    static func stream(port: Int, query: String, receiveBuffer: Int32? = nil) throws -> (HubSocket, Int) {
        let socket = try HubSocket(port: port, receiveBuffer: receiveBuffer)
        try socket.send("GET /stream.mjpg?\(query) HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: hub-test\r\n\r\n")
        let status = try socket.readHead().status
        return (socket, status)
    }

    func send(_ text: String) throws {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { raw -> Int in
                guard let base = raw.baseAddress else { return 0 }
                return Glibc.send(fd, base + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
            }
            guard n > 0 else { throw HubStreamError(description: "send failed: errno \(errno)") }
            offset += n
        }
    }

    /// Returns false at EOF; throws after `timeout` seconds without data.
    private func fill(timeout: Double) throws -> Bool {
        var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&pfd, 1, Int32(timeout * 1000)) > 0 else { throw HubStreamError(description: "no data within \(timeout) s") }
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        guard n > 0 else { return false }
        buffer += chunk[0..<n]
        return true
    }

    private func read(until marker: [UInt8], timeout: Double) throws -> [UInt8] {
        while true {
            if let range = buffer.firstRange(of: marker) {
                let out = Array(buffer[..<range.upperBound])
                buffer.removeFirst(range.upperBound)
                return out
            }
            guard try fill(timeout: timeout) else { throw HubStreamError(description: "EOF") }
        }
    }

    private func read(count: Int, timeout: Double) throws -> [UInt8] {
        while buffer.count < count {
            guard try fill(timeout: timeout) else { throw HubStreamError(description: "EOF") }
        }
        let out = Array(buffer[..<count])
        buffer.removeFirst(count)
        return out
    }

    /// The status and headers (lower-cased names) of a response.
    func readHead(timeout: Double = 5) throws -> (status: Int, headers: [String: String]) {
        let head = String(decoding: try read(until: Array("\r\n\r\n".utf8), timeout: timeout), as: UTF8.self)
        let lines = head.split(separator: "\r\n")
        let status = lines.first.flatMap { line in line.split(separator: " ").dropFirst().first.flatMap { Int($0) } } ?? 0
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return (status, headers)
    }

    /// The body of a non-stream response with Content-Length.
    func readBody(length: Int, timeout: Double = 5) throws -> [UInt8] {
        try read(count: length, timeout: timeout)
    }

    /// The next part of a multipart stream.
    func readPart(timeout: Double = 5) throws -> HubPart {
        let head = try read(until: Array("\r\n\r\n".utf8), timeout: timeout)
        guard let length = String(decoding: head, as: UTF8.self).split(separator: "\r\n")
            .first(where: { $0.lowercased().hasPrefix("content-length:") })
            .flatMap({ Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) }) else {
            throw HubStreamError(description: "part without Content-Length")
        }
        let body = try read(count: length, timeout: timeout)
        // The boundary follows each part at once (it is what lets a browser show the part).
        _ = try read(until: Array("--frame\r\n".utf8), timeout: timeout)
        guard let part = try hubParseParts(head + body + Array("\r\n--frame\r\n".utf8)).first else {
            throw HubStreamError(description: "unparsable part")
        }
        return part
    }
}

/// The value of one series in a Prometheus text page (`name{labels}` exactly as written).
func hubMetric(_ page: String, _ series: String) -> Double? {
    for line in page.split(separator: "\n") where line.hasPrefix(series + " ") {
        return Double(line.dropFirst(series.count + 1))
    }
    return nil
}
