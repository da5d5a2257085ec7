import Glibc

public enum HTTPProbeError: Error, CustomStringConvertible {
    case invalidURL(String)
    case resolveFailed(String)
    case connectFailed(String, errno: Int32)
    case timedOut
    case connectionClosed
    case malformedResponse(String)

    public var description: String {
        switch self {
        case .invalidURL(let url): return "invalid URL \(url) (expected http://host[:port]/path)"
        case .resolveFailed(let host): return "cannot resolve \(host)"
        case .connectFailed(let target, let code): return "cannot connect to \(target): \(String(cString: strerror(code)))"
        case .timedOut: return "timed out"
        case .connectionClosed: return "connection closed before the response was complete"
        case .malformedResponse(let why): return "malformed response: \(why)"
        }
    }
}

public struct HTTPProbeResponse: Sendable {
    public let status: Int
    public let reason: String
    public let version: String
    /// As received, in order.
    public let headers: [(String, String)]
    public let body: [UInt8]

    public init(status: Int, reason: String, version: String, headers: [(String, String)], body: [UInt8]) {
        self.status = status
        self.reason = reason
        self.version = version
        self.headers = headers
        self.body = body
    }

    /// The first header of that name, in any case.
    public func header(_ name: String) -> String? { headers.first { $0.0.lowercased() == name.lowercased() }?.1 }

    public var text: String { String(decoding: body, as: UTF8.self) }
}

/// A tiny blocking HTTP/1.1 client on one keep-alive connection: for `layercast probe`, tests and
/// benchmarks. Not thread-safe; use one per thread.
public final class SimpleHTTPClient {
    public let host: String
    public let port: Int
    private let timeout: Duration
    private var connection: BlockingSocket?

    public init(host: String, port: Int, timeout: Duration = .seconds(5)) {
        self.host = host
        self.port = port
        self.timeout = timeout
    }

    deinit { connection?.close() }

    public func close() {
        connection?.close()
        connection = nil
    }

    /// Methods RFC 9110 §9.2.2 calls idempotent: sending one again cannot do anything twice.
    private static let idempotentMethods: Set<String> = ["GET", "HEAD", "OPTIONS", "PUT", "DELETE"]

    /// Sends one request, reconnecting if the server closed the previous connection.
    ///
    /// A server closes a kept-alive connection that stays idle (libmicrohttpd's idle timeout, the
    /// head deadline): a connection the server has already closed is replaced before sending, and
    /// an idempotent request that a reused connection loses before any byte of its answer (the
    /// server closed it just as the request left) is sent once more on a new connection, as
    /// RFC 9112 §9.3.1 allows.
    public func request(
        _ method: String, _ target: String, headers: [(String, String)] = [], body: [UInt8] = []
    ) throws -> HTTPProbeResponse {
        if let idle = connection, idle.peerHasSpoken {
            close()
        }
        var retries = connection != nil && Self.idempotentMethods.contains(method) ? 1 : 0
        while true {
            do {
                return try send(method, target, headers: headers, body: body)
            } catch is ClosedBeforeAnswer {
                guard retries > 0 else { throw HTTPProbeError.connectionClosed }
                retries -= 1
            }
        }
    }

    /// The connection ended before a byte of the answer came back.
    private struct ClosedBeforeAnswer: Error {}

    private func send(
        _ method: String, _ target: String, headers: [(String, String)], body: [UInt8]
    ) throws -> HTTPProbeResponse {
        let socket = try connection ?? BlockingSocket.connect(host: host, port: port, timeout: timeout)
        connection = socket
        do {
            var head = "\(method) \(target) HTTP/1.1\r\nHost: \(host):\(port)\r\n"
            for (name, value) in headers { head += "\(name): \(value)\r\n" }
            let lowered = Set(headers.map { $0.0.lowercased() })
            if !body.isEmpty || method == "POST" || method == "PUT", !lowered.contains("content-length") {
                head += "Content-Length: \(body.count)\r\n"
            }
            head += "\r\n"
            do {
                try socket.send(Array(head.utf8) + body)
            } catch HTTPProbeError.connectionClosed {
                throw ClosedBeforeAnswer()
            }
            guard try socket.waitForBytes() else { throw ClosedBeforeAnswer() }
            let response = try socket.readResponse(isHead: method == "HEAD")
            if response.header("Connection")?.lowercased() == "close" || response.version == "HTTP/1.0" {
                close()
            }
            return response
        } catch {
            close()
            throw error
        }
    }
}

/// One-shot requests by URL.
public enum HTTPProbe {
    public static func get(_ url: String, timeout: Duration = .seconds(5)) throws -> HTTPProbeResponse {
        try request("GET", url: url, timeout: timeout)
    }

    public static func request(
        _ method: String, url: String, headers: [(String, String)] = [], body: [UInt8] = [],
        timeout: Duration = .seconds(5)
    ) throws -> HTTPProbeResponse {
        let (host, port, target) = try parse(url)
        let client = SimpleHTTPClient(host: host, port: port, timeout: timeout)
        defer { client.close() }
        return try client.request(method, target, headers: [("Connection", "close")] + headers, body: body)
    }

    /// "http://host[:port][/path]" → host, port, target. IPv6 hosts go in brackets.
    static func parse(_ url: String) throws -> (String, Int, String) {
        guard url.hasPrefix("http://") else { throw HTTPProbeError.invalidURL(url) }
        let rest = url.dropFirst("http://".count)
        let slash = rest.firstIndex(where: { $0 == "/" || $0 == "?" }) ?? rest.endIndex
        let authority = rest[..<slash]
        var target = String(rest[slash...])
        if target.isEmpty { target = "/" } else if target.hasPrefix("?") { target = "/" + target }
        var host = Substring(authority)
        var port = 80
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { throw HTTPProbeError.invalidURL(url) }
            host = authority[authority.index(after: authority.startIndex)..<close]
            let after = authority[authority.index(after: close)...]
            if after.hasPrefix(":") {
                guard let p = Int(after.dropFirst()) else { throw HTTPProbeError.invalidURL(url) }
                port = p
            }
        } else if let colon = authority.lastIndex(of: ":") {
            host = authority[..<colon]
            guard let p = Int(authority[authority.index(after: colon)...]) else { throw HTTPProbeError.invalidURL(url) }
            port = p
        }
        guard !host.isEmpty, (1...65535).contains(port) else { throw HTTPProbeError.invalidURL(url) }
        return (String(host), port, target)
    }
}

extension BlockingSocket {
    /// Reads one response: a Content-Length or chunked body, else everything up to the close.
    /// `isHead`: the answer to a HEAD request (or a stream's head alone): no body is read.
    public func readResponse(isHead: Bool = false) throws -> HTTPProbeResponse {
        let statusLine = try readLine()
        let parts = statusLine.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/"), let status = Int(parts[1]) else {
            throw HTTPProbeError.malformedResponse("status line \(statusLine)")
        }
        var headers: [(String, String)] = []
        while true {
            let line = try readLine()
            if line.isEmpty { break }
            guard let colon = line.firstIndex(of: ":") else { throw HTTPProbeError.malformedResponse("header \(line)") }
            let name = String(line[..<colon])
            let value = String(line[line.index(after: colon)...]).trimmingSpaces()
            headers.append((name, value))
        }
        func header(_ n: String) -> String? { headers.first(where: { $0.0.lowercased() == n })?.1 }

        var body: [UInt8] = []
        let noBody = isHead || status == 204 || status == 304 || (100..<200).contains(status)
        if !noBody {
            if header("transfer-encoding")?.lowercased().contains("chunked") == true {
                while true {
                    let sizeLine = try readLine()
                    let hex = sizeLine.split(separator: ";").first.map { String($0).trimmingSpaces() } ?? ""
                    guard let size = Int(hex, radix: 16) else { throw HTTPProbeError.malformedResponse("chunk size") }
                    if size == 0 {
                        while try !readLine().isEmpty {}
                        break
                    }
                    body += try read(count: size)
                    _ = try readLine()
                }
            } else if let lengthText = header("content-length"), let length = Int(lengthText) {
                body = try read(count: length)
            } else {
                body = try readToEnd()
            }
        }
        return HTTPProbeResponse(status: status, reason: parts.count > 2 ? String(parts[2]) : "",
                                 version: String(parts[0]), headers: headers, body: body)
    }
}

extension String {
    func trimmingSpaces() -> String {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" { s.removeFirst() }
        while let l = s.last, l == " " || l == "\t" { s.removeLast() }
        return String(s)
    }
}
