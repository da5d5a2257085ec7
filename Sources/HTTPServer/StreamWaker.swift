import Glibc

public enum StreamReadResult: Sendable {
    /// This many bytes were written to the buffer (0 counts as `.wait`).
    case bytes(Int)
    /// Nothing to send now: the connection is suspended until `waker.wake()`.
    case wait
    /// Finish the response and close the connection.
    case end
}

/// A long-lived response body (e.g. an MJPEG stream). Called on the server thread whenever MHD can send.
public protocol StreamProducer: AnyObject, Sendable {
    /// Copy up to buffer.count bytes into buffer. Return .wait when there is nothing to send now: the
    /// server then suspends the connection (no polling, no busy loop) until `waker.wake()` is called.
    func read(into buffer: UnsafeMutableRawBufferPointer, waker: StreamWaker) -> StreamReadResult
    /// The connection is gone (any reason); called exactly once.
    func closed()
}

/// Wakes one stream connection. Thread-safe and idempotent; a wake that arrives while the producer
/// is still deciding to return `.wait` is remembered, so it is never lost. After the connection has
/// closed it does nothing.
public final class StreamWaker: Sendable {
    private let action: @Sendable () -> Void
    private let socketFD: Int32

    init(gate: SuspendGate, socketFD: Int32) {
        // Weak: producers may keep a waker as long as they like, and a strong reference would keep
        // the gate, and through it the whole server context, alive after the connection is gone.
        action = { [weak gate] in gate?.wake() }
        self.socketFD = socketFD
    }

    /// A waker attached to no connection, for driving producers in unit tests: each wake runs `onWake`.
    public init(onWake: @escaping @Sendable () -> Void = {}) {
        action = onWake
        socketFD = -1
    }

    public func wake() {
        action()
    }

    /// Bytes the kernel holds for this connection that it has not sent yet, or nil when unknown.
    /// A producer that always sends the newest data waits for this to drain before choosing the
    /// next piece, so a slow client gets what is newest when it can take it, not what was newest
    /// when its previous piece was queued.
    public var unsentBytes: Int? {
        guard socketFD >= 0 else { return nil }
        var queued: Int32 = 0
        // SIOCOUTQNSD (linux/sockios.h): TCP bytes queued but not yet sent.
        guard ioctl(socketFD, 0x894B, &queued) == 0 else { return nil }
        return Int(queued)
    }
}
