import Animation
import Foundation

struct SocketError: Error, CustomStringConvertible {
    let description: String
}

/// One part of an MJPEG stream as it came off the wire.
struct MJPEGPart {
    var headers: [String: String]
    var jpeg: [UInt8]
    /// Host time (monotonic seconds) when the part was complete.
    var receivedAt: Double

    var sceneTime: Double? { headers["x-scene-time"].flatMap(Double.init) }
    var timestamp: Double? { headers["x-timestamp"].flatMap(Double.init) }
}

/// A raw TCP client that asks for a stream and parses it strictly as bytes arrive, so tests see
/// exactly what is on the wire: the response head, then every part, with any framing fault noted.
final class MJPEGClient {
    private var fd: Int32
    private var buffer: [UInt8] = []
    private var boundary: [UInt8]?
    private var sawPreamble = false
    private(set) var statusLine: String?
    private(set) var headers: [String: String] = [:]
    private(set) var parts: [MJPEGPart] = []
    private(set) var framingErrors: [String] = []
    private(set) var isClosed = false

    /// `receiveBuffer` shrinks the socket's receive queue (before connecting), so a reader that stops
    /// reading is not hidden behind a large kernel buffer.
    init(port: Int, target: String, receiveBuffer: Int32? = nil) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw SocketError(description: "socket() failed") }
        if var size = receiveBuffer {
            setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
        let rc = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard rc == 0 else {
            Glibc.close(fd)
            throw SocketError(description: "connect failed: errno \(errno)")
        }
        let request = Array("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUser-Agent: layercast-tests\r\n\r\n".utf8)
        let sent = request.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        guard sent == request.count else {
            Glibc.close(fd)
            throw SocketError(description: "send failed")
        }
    }

    deinit { close() }

    func close() {
        if fd >= 0 { Glibc.close(fd) }
        fd = -1
    }

    var descriptor: Int32 { fd }

    /// Reads whatever is available now (after waiting up to `timeout` for the first byte) and parses it.
    func pump(timeout: Double) throws {
        guard fd >= 0, !isClosed else { return }
        var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&pfd, 1, Int32(timeout * 1000)) > 0 else { return }
        readAvailable()
    }

    /// Reads once from a socket poll reported readable.
    func readAvailable() {
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
        if n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK) {
            isClosed = true
            return
        }
        guard n > 0 else { return }
        buffer += chunk[0..<n]
        parse()
    }

    /// Keeps reading for `seconds` of wall time.
    func read(for seconds: Double) throws {
        let deadline = MonotonicClock.hostTime() + seconds
        while !isClosed {
            let left = deadline - MonotonicClock.hostTime()
            if left <= 0 { break }
            try pump(timeout: min(left, 0.05))
        }
    }

    /// Reads until `count` parts have arrived or `timeout` passes.
    func read(parts count: Int, timeout: Double = 10) throws {
        let deadline = MonotonicClock.hostTime() + timeout
        while parts.count < count, !isClosed, MonotonicClock.hostTime() < deadline {
            try pump(timeout: 0.05)
        }
    }

    /// Reads from every client at once for `seconds`.
    static func readAll(_ clients: [MJPEGClient], for seconds: Double) {
        let deadline = MonotonicClock.hostTime() + seconds
        while MonotonicClock.hostTime() < deadline {
            var fds = clients.map { pollfd(fd: $0.isClosed ? -1 : $0.fd, events: Int16(POLLIN), revents: 0) }
            guard poll(&fds, nfds_t(fds.count), 20) >= 0 else { return }
            for (i, p) in fds.enumerated() where p.revents != 0 {
                clients[i].readAvailable()
            }
        }
    }

    // MARK: Parsing

    private func parse() {
        if statusLine == nil {
            guard let end = find(Array("\r\n\r\n".utf8)) else { return }
            let head = String(decoding: buffer[..<end], as: UTF8.self)
            buffer.removeFirst(end + 4)
            var lines = head.components(separatedBy: "\r\n")
            statusLine = lines.removeFirst()
            for line in lines {
                guard let colon = line.firstIndex(of: ":") else { continue }
                headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
            let type = headers["content-type"] ?? ""
            if let range = type.range(of: "boundary=") {
                boundary = Array(("--" + type[range.upperBound...]).utf8)
            } else {
                framingErrors.append("no boundary in Content-Type '\(type)'")
            }
        }
        guard let boundary else { return }
        if !sawPreamble {
            let preamble = boundary + Array("\r\n".utf8)
            guard buffer.count >= preamble.count else { return }
            guard Array(buffer[..<preamble.count]) == preamble else {
                framingErrors.append("stream does not start with the boundary")
                buffer.removeAll()
                return
            }
            buffer.removeFirst(preamble.count)
            sawPreamble = true
        }
        // Each part: headers, a blank line, Content-Length bytes, then at once CRLF, boundary, CRLF.
        let trailer = Array("\r\n".utf8) + boundary + Array("\r\n".utf8)
        while let end = find(Array("\r\n\r\n".utf8)) {
            var partHeaders: [String: String] = [:]
            for line in String(decoding: buffer[..<end], as: UTF8.self).components(separatedBy: "\r\n") {
                guard let colon = line.firstIndex(of: ":") else { continue }
                partHeaders[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
            guard let length = partHeaders["content-length"].flatMap(Int.init) else {
                framingErrors.append("part without Content-Length: \(partHeaders)")
                buffer.removeAll()
                return
            }
            let bodyStart = end + 4
            guard buffer.count >= bodyStart + length + trailer.count else { return }
            let jpeg = Array(buffer[bodyStart..<(bodyStart + length)])
            if Array(buffer[(bodyStart + length)..<(bodyStart + length + trailer.count)]) != trailer {
                framingErrors.append("part \(parts.count): boundary does not follow the \(length) bytes at once")
            }
            parts.append(MJPEGPart(headers: partHeaders, jpeg: jpeg, receivedAt: MonotonicClock.hostTime()))
            buffer.removeFirst(bodyStart + length + trailer.count)
        }
    }

    private func find(_ marker: [UInt8]) -> Int? {
        guard buffer.count >= marker.count else { return nil }
        return buffer.withUnsafeBufferPointer { b in
            for i in 0...(b.count - marker.count) where b[i] == marker[0] {
                var match = true
                for j in 1..<marker.count where b[i + j] != marker[j] {
                    match = false
                    break
                }
                if match { return i }
            }
            return nil
        }
    }
}
