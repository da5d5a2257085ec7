import Foundation
import FrameCheck

/// How a viewer treats its socket.
enum ViewerKind: Equatable {
    /// Reads everything as soon as it arrives.
    case normal
    /// Reads at most this many bytes per second through a small receive buffer, like a slow link.
    case slow(bytesPerSecond: Double)
    /// Sends its request and never reads, through a small receive buffer.
    case stalled

    var name: String {
        switch self {
        case .normal: "normal"
        case .slow: "slow"
        case .stalled: "stalled"
        }
    }
}

/// One received part of the multipart stream.
struct FrameArrival {
    /// Monotonic time its last byte was read.
    let arrival: Double
    /// Wall-clock arrival minus the part's X-Timestamp.
    let age: Double
    /// The same for the moment its headers were read.
    let headAge: Double
    let sceneTime: Double
    let bytes: Int
}

/// One MJPEG client on a non-blocking socket, driven by `ViewerLoop`. It parses the stream with
/// the shared `MJPEGParser`, told not to copy the JPEG bodies.
final class MJPEGViewer {
    enum Phase { case idle, connecting, sending, receiving, done }

    let id: Int
    let kind: ViewerKind
    /// Closes the connection after the first complete part (connect/disconnect cycles).
    var closeAfterFirstFrame = false
    /// Closes the connection right after sending the request (a client that leaves at once).
    var closeAfterRequest = false

    private(set) var fd: Int32 = -1
    private(set) var phase = Phase.idle
    private(set) var connectStart = Double.nan
    private(set) var status: Int?
    private(set) var responseAt: Double?
    private(set) var firstFrameAt: Double?
    private(set) var frames: [FrameArrival] = []
    private(set) var endedAt: Double?
    private(set) var endReason: String?
    /// The last few bytes of a non-200 answer, to show what the server said.
    private(set) var errorBody: [UInt8] = []

    private let request: [UInt8]
    private var requestSent = 0
    private var parser = MJPEGParser(keepsBodies: false)
    private var partHeadWall = 0.0
    private var tokens = 0.0
    private var lastRefill = 0.0

    init(id: Int, kind: ViewerKind, host: String, port: Int, path: String) {
        self.id = id
        self.kind = kind
        request = Array("GET \(path) HTTP/1.1\r\nHost: \(host):\(port)\r\nUser-Agent: layercast-bench\r\n\r\n".utf8)
    }

    var isDone: Bool { phase == .done }
    var timeToFirstFrame: Double? { firstFrameAt.map { $0 - connectStart } }

    /// Starts a non-blocking connect to 127.0.0.1:port.
    func start(port: Int, now: Double) {
        connectStart = now
        lastRefill = now
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return end("socket: errno \(errno)", now: now) }
        if kind != .normal {
            // A small window makes the server's socket, not ours, hold what the viewer has not read.
            var size: Int32 = 4096
            _ = setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let rc = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        if rc == 0 || errno == EINPROGRESS {
            phase = .connecting
        } else {
            end("connect: errno \(errno)", now: now)
        }
    }

    /// The poll events this viewer waits for now (0: nothing, e.g. a slow viewer out of tokens).
    func pollEvents(now: Double) -> Int16 {
        switch phase {
        case .idle, .done: return 0
        case .connecting, .sending: return Int16(POLLOUT)
        case .receiving:
            switch kind {
            case .normal: return Int16(POLLIN)
            case .stalled: return pollRDHUP
            case .slow(let rate):
                refill(rate: rate, now: now)
                return tokens >= 1 ? Int16(POLLIN) : pollRDHUP
            }
        }
    }

    /// Handles what poll reported. `buffer` is scratch space shared by all viewers.
    func handle(revents: Int16, buffer: UnsafeMutableRawBufferPointer, now: Double) {
        switch phase {
        case .connecting, .sending:
            if revents & Int16(POLLERR | POLLHUP) != 0 { return end("connect failed", now: now) }
            if revents & Int16(POLLOUT) != 0 { sendRequest(now: now) }
        case .receiving:
            if kind == .stalled || (revents & Int16(POLLIN)) == 0 {
                if revents & (pollRDHUP | Int16(POLLHUP | POLLERR)) != 0 { end("closed by server", now: now) }
                return
            }
            receive(buffer: buffer, now: now)
        case .idle, .done:
            return
        }
    }

    func close(now: Double) { end("closed by bench", now: now) }

    private func sendRequest(now: Double) {
        phase = .sending
        while requestSent < request.count {
            let n = request.withUnsafeBytes { raw -> Int in
                guard let base = raw.baseAddress else { return 0 }
                return send(fd, base + requestSent, raw.count - requestSent, Int32(MSG_NOSIGNAL))
            }
            if n < 0 {
                if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR { return }
                return end("send: errno \(errno)", now: now)
            }
            requestSent += n
        }
        if closeAfterRequest { return end("left after request", now: now) }
        phase = .receiving
    }

    private func refill(rate: Double, now: Double) {
        // A burst of 20 ms keeps the reads small and the rate smooth.
        let cap = max(rate * 0.02, 512)
        tokens = min(cap, tokens + rate * (now - lastRefill))
        lastRefill = now
    }

    private func receive(buffer: UnsafeMutableRawBufferPointer, now: Double) {
        var limit = buffer.count
        if case .slow(let rate) = kind {
            refill(rate: rate, now: now)
            limit = min(limit, Int(tokens))
            guard limit > 0 else { return }
        }
        let n = recv(fd, buffer.baseAddress, limit, 0)
        if n == 0 { return end("closed by server", now: now) }
        if n < 0 {
            if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR { return }
            return end("recv: errno \(errno)", now: now)
        }
        if case .slow = kind { tokens -= Double(n) }
        consume(UnsafeRawBufferPointer(rebasing: buffer[0..<n]), now: now)
    }

    private func consume(_ bytes: UnsafeRawBufferPointer, now: Double) {
        parser.feed(bytes) { event in
            guard phase != .done else { return }
            switch event {
            case .response(let head):
                status = head.status
                responseAt = now
            case .partHead:
                partHeadWall = wallNow()
            case .part(let part):
                let wall = wallNow(), timestamp = part.timestamp ?? .nan
                frames.append(FrameArrival(arrival: now, age: wall - timestamp,
                                           headAge: partHeadWall - timestamp, sceneTime: part.sceneTime ?? .nan, bytes: part.length))
                if firstFrameAt == nil { firstFrameAt = now }
                if closeAfterFirstFrame { end("left after first frame", now: now) }
            case .body(let bytes):
                // An answer other than the stream: keep its start, to show what the server said.
                errorBody += bytes.prefix(512 - errorBody.count)
            case .framingError(let why):
                end(why, now: now)
            }
        }
    }

    private func end(_ reason: String, now: Double) {
        if fd >= 0 { Glibc.close(fd) }
        fd = -1
        if phase != .done {
            endedAt = now
            endReason = reason
        }
        phase = .done
    }
}

/// POLLRDHUP (0x2000 on Linux) is behind _GNU_SOURCE, so Glibc does not export it to Swift.
let pollRDHUP: Int16 = 0x2000
