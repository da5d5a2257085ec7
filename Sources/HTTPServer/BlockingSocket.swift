import Glibc

/// A connected TCP socket with per-operation timeouts and a small read buffer.
final class BlockingSocket {
    private var fd: Int32
    private var buffer: [UInt8] = []
    private var bufferStart = 0

    private init(fd: Int32) { self.fd = fd }

    deinit { close() }

    func close() {
        if fd >= 0 { _ = Glibc.close(fd) }
        fd = -1
    }

    static func connect(host: String, port: Int, timeout: Duration) throws -> BlockingSocket {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &list) == 0, let first = list else {
            throw HTTPProbeError.resolveFailed(host)
        }
        defer { freeaddrinfo(list) }
        var lastErrno: Int32 = 0
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let info = entry {
            entry = info.pointee.ai_next
            let fd = socket(info.pointee.ai_family, info.pointee.ai_socktype, info.pointee.ai_protocol)
            if fd < 0 { lastErrno = errno; continue }
            if connect(fd: fd, address: info.pointee.ai_addr, length: info.pointee.ai_addrlen, timeout: timeout) {
                var tv = timeval(tv_sec: Int(timeout.components.seconds),
                                 tv_usec: Int(timeout.components.attoseconds / 1_000_000_000_000))
                if tv.tv_sec == 0 && tv.tv_usec == 0 { tv.tv_usec = 1000 }
                _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
                _ = setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
                var one: Int32 = 1
                _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
                return BlockingSocket(fd: fd)
            }
            lastErrno = errno
            _ = Glibc.close(fd)
        }
        throw HTTPProbeError.connectFailed("\(host):\(port)", errno: lastErrno)
    }

    /// Non-blocking connect + poll, so an unreachable host fails within the timeout.
    private static func connect(fd: Int32, address: UnsafeMutablePointer<sockaddr>?, length: socklen_t,
                                timeout: Duration) -> Bool {
        let flags = fcntl(fd, F_GETFL, 0)
        _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK)
        defer { _ = fcntl(fd, F_SETFL, flags) }
        if Glibc.connect(fd, address, length) == 0 { return true }
        guard errno == EINPROGRESS else { return false }
        var pfd = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
        let ms = Int32(clamping: timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000)
        guard poll(&pfd, 1, max(ms, 1)) == 1 else {
            errno = ETIMEDOUT
            return false
        }
        var error: Int32 = 0
        var size = socklen_t(MemoryLayout<Int32>.size)
        _ = getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &size)
        if error != 0 { errno = error }
        return error == 0
    }

    func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { raw -> Int in
                guard let base = raw.baseAddress else { return 0 }
                return Glibc.send(fd, base + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
            }
            if n < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN || errno == EWOULDBLOCK { throw HTTPProbeError.timedOut }
                throw HTTPProbeError.connectionClosed
            }
            offset += n
        }
    }

    /// Returns false at end of stream.
    private func fill() throws -> Bool {
        if bufferStart > 0 && bufferStart == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            bufferStart = 0
        }
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.recv(fd, $0.baseAddress, $0.count, 0) }
            if n > 0 {
                buffer += chunk[0..<n]
                return true
            }
            if n == 0 { return false }
            if errno == EINTR { continue }
            if errno == EAGAIN || errno == EWOULDBLOCK { throw HTTPProbeError.timedOut }
            return false
        }
    }

    /// A CRLF- (or LF-) terminated line without the terminator.
    func readLine() throws -> String {
        while true {
            if let nl = buffer[bufferStart...].firstIndex(of: 0x0A) {
                var end = nl
                if end > bufferStart, buffer[end - 1] == 0x0D { end -= 1 }
                let line = String(decoding: buffer[bufferStart..<end], as: UTF8.self)
                bufferStart = nl + 1
                return line
            }
            guard try fill() else { throw HTTPProbeError.connectionClosed }
        }
    }

    func readExactly(_ count: Int) throws -> [UInt8] {
        while buffer.count - bufferStart < count {
            guard try fill() else { throw HTTPProbeError.connectionClosed }
        }
        let out = Array(buffer[bufferStart..<(bufferStart + count)])
        bufferStart += count
        return out
    }

    func readToEnd() throws -> [UInt8] {
        while try fill() {}
        let out = Array(buffer[bufferStart...])
        bufferStart = buffer.count
        return out
    }
}
