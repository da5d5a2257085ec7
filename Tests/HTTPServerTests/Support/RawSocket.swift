import Foundation

struct RawSocketError: Error, CustomStringConvertible {
    let description: String
}

/// A plain TCP client for tests: sends arbitrary bytes and reads raw bytes with timeouts,
/// so we can see exactly what the server puts on the wire.
final class RawSocket {
    private(set) var fd: Int32
    private var pending: [UInt8] = []

    init(port: Int, host: String = "127.0.0.1") throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw RawSocketError(description: "socket() failed") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        inet_pton(AF_INET, host, &address.sin_addr)
        let rc = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard rc == 0 else {
            Glibc.close(fd)
            throw RawSocketError(description: "connect failed: errno \(errno)")
        }
    }

    deinit { close() }

    func close() {
        if fd >= 0 { Glibc.close(fd) }
        fd = -1
    }

    func send(_ text: String) throws { try send(Array(text.utf8)) }

    func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { raw -> Int in
                guard let base = raw.baseAddress else { return 0 }
                return Glibc.send(fd, base + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
            }
            if n <= 0 { throw RawSocketError(description: "send failed: errno \(errno)") }
            offset += n
        }
    }

    /// nil at EOF (or connection reset); throws on timeout.
    func receiveSome(timeout: Double = 5) throws -> [UInt8]? {
        if !pending.isEmpty {
            defer { pending = [] }
            return pending
        }
        var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let ready = poll(&pfd, 1, Int32(timeout * 1000))
        if ready == 0 { throw RawSocketError(description: "timed out after \(timeout) s") }
        var chunk = [UInt8](repeating: 0, count: 65536)
        let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if n <= 0 { return nil }
        return Array(chunk[0..<n])
    }

    func readToEOF(timeout: Double = 5) throws -> [UInt8] {
        var all: [UInt8] = []
        while let some = try receiveSome(timeout: timeout) { all += some }
        return all
    }

    /// Reads until `marker` has been seen; returns everything up to and including it, keeping the rest.
    func read(until marker: [UInt8], timeout: Double = 5) throws -> [UInt8] {
        var all: [UInt8] = []
        while true {
            if let range = all.firstRange(of: marker) {
                pending = Array(all[range.upperBound...]) + pending
                return Array(all[..<range.upperBound])
            }
            guard let some = try receiveSome(timeout: timeout) else {
                throw RawSocketError(description: "EOF before marker; got \(String(decoding: all, as: UTF8.self))")
            }
            all += some
        }
    }

    func read(count: Int, timeout: Double = 5) throws -> [UInt8] {
        var all: [UInt8] = []
        while all.count < count {
            guard let some = try receiveSome(timeout: timeout) else { throw RawSocketError(description: "EOF") }
            all += some
        }
        pending = Array(all[count...]) + pending
        return Array(all[..<count])
    }

    /// Reads one response with a Content-Length (or none) body.
    func readResponse(timeout: Double = 5, isHead: Bool = false) throws -> RawResponse {
        let head = String(decoding: try read(until: Array("\r\n\r\n".utf8), timeout: timeout), as: UTF8.self)
        let response = RawResponse(head: head, body: [])
        let length = isHead ? 0 : Int(response.header("Content-Length") ?? "0") ?? 0
        return RawResponse(head: head, body: try read(count: length, timeout: timeout))
    }

    /// True when the server closes the connection within `timeout` (data before the close is ignored).
    func waitForClose(timeout: Double) -> Bool {
        do {
            while try receiveSome(timeout: timeout) != nil {}
            return true
        } catch {
            return false
        }
    }
}

struct RawResponse {
    let head: String
    let body: [UInt8]

    var statusLine: String { String(head.split(separator: "\r\n").first ?? "") }

    var status: Int {
        let parts = statusLine.split(separator: " ")
        return parts.count > 1 ? Int(parts[1]) ?? 0 : 0
    }

    func header(_ name: String) -> String? {
        for line in head.split(separator: "\r\n").dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            if line[..<colon].lowercased() == name.lowercased() {
                return String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
            }
        }
        return nil
    }

    var text: String { String(decoding: body, as: UTF8.self) }
}
