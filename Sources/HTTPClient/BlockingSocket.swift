import Glibc

/// A connected TCP socket with a small read buffer. Reads wait at most `timeout` (or the timeout a
/// call names) for the next bytes; sends wait at most `timeout` for room in the kernel's queue.
/// It sends whatever bytes it is given, so tests also use it to send broken or partial requests.
public final class BlockingSocket {
    public private(set) var descriptor: Int32
    public let timeout: Duration
    private var buffer: [UInt8] = []
    private var bufferStart = 0

    private init(descriptor: Int32, timeout: Duration) {
        self.descriptor = descriptor
        self.timeout = timeout
    }

    deinit { close() }

    public func close() {
        if descriptor >= 0 { _ = Glibc.close(descriptor) }
        descriptor = -1
    }

    /// `receiveBuffer` shrinks the kernel's receive queue before connecting, so that a reader that
    /// stops reading is not hidden behind a large buffer (the TCP window stays that small).
    /// `sourceAddress` binds the local end to that IPv4 address first: Linux routes all of
    /// 127.0.0.0/8 to loopback, so clients on 127.0.0.2 and up look like other machines to a
    /// server on 127.0.0.1 (for per-address limits).
    public static func connect(host: String = "127.0.0.1", port: Int, timeout: Duration = .seconds(5),
                               receiveBuffer: Int32? = nil, sourceAddress: String? = nil) throws -> BlockingSocket {
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
            if var size = receiveBuffer {
                _ = setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
            }
            if let sourceAddress, !bind(fd: fd, to: sourceAddress) {
                lastErrno = errno
                _ = Glibc.close(fd)
                continue
            }
            if connect(fd: fd, address: info.pointee.ai_addr, length: info.pointee.ai_addrlen, timeout: timeout) {
                var tv = timeval(tv_sec: Int(timeout.components.seconds), tv_usec: Int(milliseconds(timeout) % 1000 * 1000))
                if tv.tv_sec == 0 && tv.tv_usec == 0 { tv.tv_usec = 1000 }
                _ = setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
                var one: Int32 = 1
                _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
                return BlockingSocket(descriptor: fd, timeout: timeout)
            }
            lastErrno = errno
            _ = Glibc.close(fd)
        }
        throw HTTPProbeError.connectFailed("\(host):\(port)", errno: lastErrno)
    }

    private static func bind(fd: Int32, to address: String) -> Bool {
        var local = sockaddr_in()
        local.sin_family = sa_family_t(AF_INET)
        guard inet_pton(AF_INET, address, &local.sin_addr) == 1 else {
            errno = EINVAL
            return false
        }
        return withUnsafePointer(to: &local) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }

    private static func milliseconds(_ duration: Duration) -> Int {
        Int(duration.components.seconds) * 1000 + Int(duration.components.attoseconds / 1_000_000_000_000_000)
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
        guard poll(&pfd, 1, Int32(clamping: max(milliseconds(timeout), 1))) == 1 else {
            errno = ETIMEDOUT
            return false
        }
        var error: Int32 = 0
        var size = socklen_t(MemoryLayout<Int32>.size)
        _ = getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &size)
        if error != 0 { errno = error }
        return error == 0
    }

    public func send(_ text: String) throws { try send(Array(text.utf8)) }

    public func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { raw -> Int in
                guard let base = raw.baseAddress else { return 0 }
                return Glibc.send(descriptor, base + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
            }
            if n < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN || errno == EWOULDBLOCK { throw HTTPProbeError.timedOut }
                throw HTTPProbeError.connectionClosed
            }
            offset += n
        }
    }

    /// Waits up to `timeout` for bytes and appends them to the buffer. False at end of stream
    /// (or a reset); throws `timedOut` when nothing came.
    private func fill(timeout: Duration?) throws -> Bool {
        if bufferStart > 0 && bufferStart == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            bufferStart = 0
        }
        var pfd = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let ready = poll(&pfd, 1, Int32(clamping: max(0, Self.milliseconds(timeout ?? self.timeout))))
        if ready == 0 { throw HTTPProbeError.timedOut }
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.recv(descriptor, $0.baseAddress, $0.count, 0) }
            if n > 0 {
                buffer += chunk[0..<n]
                return true
            }
            if n < 0 && errno == EINTR { continue }
            return false
        }
    }

    private func take(_ count: Int) -> [UInt8] {
        let out = Array(buffer[bufferStart..<(bufferStart + count)])
        bufferStart += count
        return out
    }

    /// Waits up to `timeout` for bytes without taking them: false at end of stream.
    public func waitForBytes(timeout: Duration? = nil) throws -> Bool {
        try bufferStart < buffer.count || fill(timeout: timeout)
    }

    /// Whether anything arrived unasked, without waiting: on a kept-alive connection between
    /// requests that is the server's close (or a reset), so the connection cannot carry another.
    public var peerHasSpoken: Bool {
        if bufferStart < buffer.count { return true }
        var pfd = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&pfd, 1, 0) != 0
    }

    /// What has arrived (after waiting up to `timeout` for anything); nil at end of stream.
    public func receive(timeout: Duration? = nil) throws -> [UInt8]? {
        if bufferStart == buffer.count, try !fill(timeout: timeout) { return nil }
        return take(buffer.count - bufferStart)
    }

    /// A CRLF- (or LF-) terminated line without the terminator.
    public func readLine(timeout: Duration? = nil) throws -> String {
        let line = try read(until: [0x0A], timeout: timeout).dropLast()
        return String(decoding: line.last == 0x0D ? line.dropLast() : line, as: UTF8.self)
    }

    /// Everything up to and including `marker`.
    public func read(until marker: [UInt8], timeout: Duration? = nil) throws -> [UInt8] {
        while true {
            if let range = buffer[bufferStart...].firstRange(of: marker) { return take(range.upperBound - bufferStart) }
            guard try fill(timeout: timeout) else { throw HTTPProbeError.connectionClosed }
        }
    }

    public func read(count: Int, timeout: Duration? = nil) throws -> [UInt8] {
        while buffer.count - bufferStart < count {
            guard try fill(timeout: timeout) else { throw HTTPProbeError.connectionClosed }
        }
        return take(count)
    }

    /// Everything until the peer closes.
    public func readToEnd(timeout: Duration? = nil) throws -> [UInt8] {
        while try fill(timeout: timeout) {}
        return take(buffer.count - bufferStart)
    }

    /// True when the peer closes within `timeout`, whatever it sends before.
    public func closes(within timeout: Duration) -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            guard let more = try? fill(timeout: deadline - ContinuousClock.now) else { return false }
            if !more { return true }
            bufferStart = buffer.count
        }
        return false
    }
}
