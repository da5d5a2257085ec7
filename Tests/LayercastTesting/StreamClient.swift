import FrameCheck
import Glibc
import HTTPClient

/// Asks for a stream on a raw connection and parses it strictly as bytes arrive (`MJPEGParser`),
/// so tests see exactly what is on the wire: the response head, every part, any framing fault.
public final class StreamClient {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    public let socket: BlockingSocket
    private var parser = MJPEGParser()
    public private(set) var head: ResponseHead?
    public private(set) var parts: [MJPEGPart] = []
    public private(set) var framingErrors: [String] = []
    public private(set) var isClosed = false
    /// How many parts `nextPart` handed out.
    private var delivered = 0

    /// `receiveBuffer` shrinks the kernel's receive queue, so a reader that stops reading is not
    /// hidden behind a large buffer.
    public init(port: Int, target: String, receiveBuffer: Int32? = nil) throws {
        socket = try BlockingSocket.connect(port: port, timeout: .seconds(30), receiveBuffer: receiveBuffer)
        try socket.send("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUser-Agent: layercast-tests\r\n\r\n")
    }

    public var statusLine: String? { head?.statusLine }
    public var status: Int? { head?.status }
    public var headers: [String: String] { head?.headers ?? [:] }

    public func close() { socket.close() }

    /// Reads what arrives within `timeout` (nothing if nothing does) and parses it.
    public func pump(timeout: Duration) {
        guard !isClosed, socket.descriptor >= 0 else { return }
        do {
            guard let bytes = try socket.receive(timeout: timeout) else {
                isClosed = true
                return
            }
            for event in parser.feed(bytes) {
                switch event {
                case .response(let h): head = h
                case .part(let part): parts.append(part)
                case .framingError(let why): framingErrors.append(why)
                case .partHead, .body: break
                }
            }
        } catch {
            // A timeout: nothing arrived.
        }
    }

    /// Keeps reading for `seconds` of wall time.
    public func read(for seconds: Double) {
        let deadline = ContinuousClock.now + .seconds(seconds)
        while !isClosed, ContinuousClock.now < deadline { pump(timeout: .milliseconds(50)) }
    }

    /// Reads until `count` parts have arrived in all, or `timeout` passes.
    public func read(parts count: Int, timeout: Duration = .seconds(10)) {
        let deadline = ContinuousClock.now + timeout
        while parts.count < count, !isClosed, ContinuousClock.now < deadline { pump(timeout: .milliseconds(50)) }
    }

    /// The response head, once it arrived.
    @discardableResult
    public func readHead(timeout: Duration = .seconds(10)) throws -> ResponseHead {
        let deadline = ContinuousClock.now + timeout
        while head == nil, !isClosed, ContinuousClock.now < deadline { pump(timeout: .milliseconds(50)) }
        guard let head else { throw Failure(description: "no response head within \(timeout)") }
        return head
    }

    /// The part after the one this returned last (the first part at first).
    public func nextPart(timeout: Duration = .seconds(10)) throws -> MJPEGPart {
        read(parts: delivered + 1, timeout: timeout)
        guard framingErrors.isEmpty else { throw Failure(description: "framing: \(framingErrors)") }
        guard parts.count > delivered else { throw Failure(description: isClosed ? "the stream ended" : "no part within \(timeout)") }
        delivered += 1
        return parts[delivered - 1]
    }

    /// Reads from every client at once for `seconds`.
    public static func readAll(_ clients: [StreamClient], for seconds: Double) {
        let deadline = ContinuousClock.now + .seconds(seconds)
        while ContinuousClock.now < deadline {
            var fds = clients.map { pollfd(fd: $0.isClosed ? -1 : $0.socket.descriptor, events: Int16(POLLIN), revents: 0) }
            guard poll(&fds, nfds_t(fds.count), 20) >= 0 else { return }
            for (client, p) in zip(clients, fds) where p.revents != 0 { client.pump(timeout: .zero) }
        }
    }
}
