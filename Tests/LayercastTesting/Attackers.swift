import Glibc
import HTTPClient
import Logging
import Synchronization

/// Raises this process's soft open-file limit to at least `count` (as far as the hard limit
/// allows), for tests that hold a thousand sockets on each side of a loopback connection.
public func raiseOpenFileLimit(to count: Int) {
    var limit = rlimit()
    guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < rlim_t(count) else { return }
    limit.rlim_cur = min(rlim_t(count), limit.rlim_max)
    _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
}

/// Slowloris clients: each connects from its own loopback source address (127.0.0.2 and up, so
/// 127.0.0.1 stays the "browser's"), sends the start of a request head and then one more byte per
/// `drip()`, never finishing it.
public final class Drippers {
    public private(set) var sockets: [BlockingSocket] = []
    private let head = Array("GET /state HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Drip: ".utf8)

    /// `count` connections, `perAddress` from each source address from 127.0.0.`firstAddress`
    /// on; connections that cannot be opened at all are left out (see `refused`).
    public init(port: Int, count: Int, perAddress: Int, firstAddress: Int = 2) {
        for i in 0..<count {
            let n = firstAddress + i / max(1, perAddress)
            let address = "127.\(n >> 16 & 0xFF).\(n >> 8 & 0xFF).\(n & 0xFF)"
            guard let socket = try? BlockingSocket.connect(port: port, timeout: .seconds(10), sourceAddress: address),
                  (try? socket.send(head)) != nil else { refused += 1; continue }
            sockets.append(socket)
        }
    }

    /// Connections that could not be opened or written at all.
    public private(set) var refused = 0

    /// One more header byte on every connection still open.
    public func drip() {
        for socket in sockets where socket.descriptor >= 0 {
            if (try? socket.send("a")) == nil { socket.close() }
        }
    }

    /// How many the server has closed (end of stream or reset seen); reads without waiting.
    public var closedByServer: Int {
        sockets.filter { socket in
            if socket.descriptor < 0 { return true }
            var pfd = pollfd(fd: socket.descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&pfd, 1, 0) == 1 else { return false }
            var byte: UInt8 = 0
            return recv(socket.descriptor, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT)) <= 0
        }.count
    }

    public func close() {
        for socket in sockets { socket.close() }
    }

    /// Closes every connection with a reset instead of a FIN, which the server notices at once
    /// (libmicrohttpd 0.9.75 can miss a FIN that arrives together with the last bytes, and then
    /// waits for its idle timeout).
    public func abort() {
        for socket in sockets where socket.descriptor >= 0 {
            var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
            _ = setsockopt(socket.descriptor, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
            socket.close()
        }
    }

    deinit { close() }
}

/// A swift-log handler that keeps every line, so tests can count what a server logged.
public final class CapturedLog: Sendable {
    private let lines = Mutex<[(Logger.Level, String)]>([])

    public init() {}

    public var logger: Logger {
        var logger = Logger(label: "layercast-tests") { _ in Handler(sink: self) }
        logger.logLevel = .debug
        return logger
    }

    public func lines(atLeast level: Logger.Level) -> [String] {
        lines.withLock { $0.filter { $0.0 >= level }.map(\.1) }
    }

    fileprivate func append(_ level: Logger.Level, _ message: String) {
        lines.withLock { $0.append((level, message)) }
    }

    private struct Handler: LogHandler {
        let sink: CapturedLog
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .debug

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            sink.append(event.level, event.message.description)
        }
    }
}

extension BlockingSocket {
    /// One chunk of a chunked body: its size in hex, then `size` bytes of "A".
    public static func chunk(_ size: Int) -> [UInt8] {
        Array(String(size, radix: 16).utf8) + Array("\r\n".utf8) + [UInt8](repeating: 0x41, count: size) + Array("\r\n".utf8)
    }

    /// A chunked upload that never ends: after a head already sent, up to `count` chunks of
    /// `size` bytes go out until the server answers or stops taking them. Returns how many went.
    @discardableResult
    public func dripChunks(_ count: Int, of size: Int = 1 << 20) -> Int {
        let piece = Self.chunk(size)
        var sent = 0
        while sent < count, (try? waitForBytes(timeout: .zero)) != true {
            guard (try? send(piece)) != nil else { break }
            sent += 1
        }
        return sent
    }
}
