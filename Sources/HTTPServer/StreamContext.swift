import Glibc
import Synchronization

/// One stream response: the producer, its waker and the byte count. Retained by MHD as the
/// content reader's `cls` and released in the free callback, which MHD runs exactly once.
final class StreamContext: Sendable {
    let producer: any StreamProducer
    let gate: SuspendGate
    let waker: StreamWaker
    let context: ServerContext
    let bytesSent = Atomic<Int>(0)
    /// The connection's socket (-1 if MHD did not tell); only read, never closed, by us.
    let socketFD: Int32
    private let finished = Atomic<Bool>(false)
    private let hangupID: UInt64?

    init(producer: any StreamProducer, gate: SuspendGate, context: ServerContext, socketFD: Int32) {
        self.producer = producer
        self.socketFD = socketFD
        self.gate = gate
        self.waker = StreamWaker(gate: gate, socketFD: socketFD)
        self.context = context
        context.counters.openStreams.add(1, ordering: .relaxed)
        hangupID = context.hangups?.watch(fd: socketFD, gate: gate)
    }

    /// A suspended connection is out of MHD's poll set, so MHD cannot notice a viewer leaving until
    /// the next part. Peeking before each suspend catches a client that already closed, so its
    /// producer is released now rather than after yet another part.
    /// Where the hangup watcher watches the socket, its word is taken instead, which saves a
    /// system call a part.
    var peerHasClosed: Bool {
        if hangupID != nil { return gate.peerHungUp }
        guard socketFD >= 0 else { return false }
        var byte: UInt8 = 0
        let n = recv(socketFD, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT))
        if n == 0 { return true }
        if n < 0 { return !(errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) }
        return false
    }

    /// Idempotent, so `closed()` runs exactly once whichever path gets here first.
    func finish() {
        guard !finished.exchange(true, ordering: .acquiringAndReleasing) else { return }
        if let hangupID { context.hangups?.unwatch(fd: socketFD, id: hangupID) }
        gate.markGone()
        context.counters.openStreams.subtract(1, ordering: .relaxed)
        producer.closed()
        MemoryTrim.soon()
    }
}
