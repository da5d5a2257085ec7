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
    /// Weak: producers may keep a waker as long as they like, and a strong reference would keep
    /// the gate, and through it the whole server context, alive after the connection is gone.
    private weak let gate: SuspendGate?

    init(gate: SuspendGate) {
        self.gate = gate
    }

    /// A waker attached to no connection, for driving producers in unit tests.
    public init() {
        self.gate = nil
    }

    public func wake() {
        gate?.wake()
    }
}
