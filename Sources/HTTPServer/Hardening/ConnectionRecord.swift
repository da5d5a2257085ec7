import CMicroHTTPD
import Glibc
import Synchronization

/// One TCP connection, from MHD's "started" notification to its "closed" one, as the hardening
/// code sees it: is it still sending a request head (and since when), inside a request, or
/// answered by us directly (`DirectAnswer`)?
///
/// Its lock is what makes writing to or shutting down `fd` from outside MHD's callbacks safe:
/// MHD calls the "closed" notification, which marks the record gone under this lock, before it
/// closes the descriptor. So while the lock is held and the record is not gone, `fd` is still
/// this connection's and cannot have been reused for another.
final class ConnectionRecord: Sendable {
    enum Phase: Equatable {
        /// Waiting for (the rest of) a request head, since the connection opened or its previous
        /// request ended.
        case head(since: ContinuousClock.Instant)
        /// MHD has parsed a head and handed the request to us.
        case request
        /// We wrote an answer ourselves; MHD must not answer again and the connection closes.
        case answered(at: ContinuousClock.Instant)
        /// Shut by us (head deadline, or an answered connection that lingered too long); MHD
        /// closes it at its next read.
        case cut
        case gone

        /// Still MHD's to answer: nothing was written or shut by us.
        var isOpen: Bool {
            switch self {
            case .head, .request: true
            case .answered, .cut, .gone: false
            }
        }
    }

    let connection: SuspendGate.ConnectionHandle
    let fd: Int32
    private let phase: Mutex<Phase>
    /// MHD has read this head's request line (its URI callback) and not yet handed the request
    /// over: it is reading the header lines (MHD thread only).
    private let readingHeaderLines = Atomic<Bool>(false)

    init(connection: OpaquePointer, fd: Int32, now: ContinuousClock.Instant) {
        self.connection = SuspendGate.ConnectionHandle(pointer: connection)
        self.fd = fd
        phase = Mutex(.head(since: now))
    }

    /// The first access-handler call of a request (MHD thread). False when we already answered
    /// this connection (at the head deadline, say): the caller makes MHD close it.
    func beginRequest() -> Bool {
        readingHeaderLines.store(false, ordering: .relaxed)
        return phase.withLock { p in
            guard case .head = p else { return false }
            p = .request
            return true
        }
    }

    /// The request finished (MHD thread); the next head's deadline counts from now.
    func endRequest(now: ContinuousClock.Instant) {
        phase.withLock { p in
            if p == .request { p = .head(since: now) }
        }
    }

    /// Writes `response` on the socket if `condition` holds for the current phase, and marks
    /// the connection answered.
    func answer(_ response: HTTPResponse, if condition: (Phase) -> Bool) -> Bool {
        phase.withLock { p in
            guard p.isOpen, condition(p) else { return false }
            p = .answered(at: .now)
            DirectAnswer.send(response, fd: fd)
            return true
        }
    }

    /// Shuts both halves of the socket without a word if `condition` holds: MHD's next read sees
    /// the end of the stream and closes the connection itself, on its own thread.
    func cut(if condition: (Phase) -> Bool) -> Bool {
        phase.withLock { p in
            guard p != .gone, p != .cut, condition(p) else { return false }
            p = .cut
            _ = shutdown(fd, Int32(SHUT_RDWR))
            return true
        }
    }

    /// Whether MHD has this connection's whole head parsed but has not called us with it: only
    /// the connection MHD is refusing from its header parser at this moment (MHD thread only).
    var headParsedButNotHandedOver: Bool {
        phase.withLock { p in
            guard case .head = p else { return false }
            return lc_mhd_request_head_parsed(connection.pointer)
        }
    }

    /// MHD's URI callback: the request line is read, the header lines come next (MHD thread).
    func readRequestLine() {
        readingHeaderLines.store(true, ordering: .relaxed)
    }

    /// Whether MHD is between this head's request line and its end: with a head parsed (above),
    /// the connections MHD may be refusing a header line of at this moment (MHD thread only).
    var betweenRequestLineAndHeadEnd: Bool {
        phase.withLock { p in
            guard case .head = p else { return false }
            return readingHeaderLines.load(ordering: .relaxed) && !lc_mhd_request_head_parsed(connection.pointer)
        }
    }

    /// MHD's "closed" notification (MHD thread), before it closes `fd`.
    func markGone() {
        phase.withLock { $0 = .gone }
    }
}
