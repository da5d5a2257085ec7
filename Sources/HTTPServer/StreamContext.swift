import Synchronization

/// One stream response: the producer, its waker and the byte count. Retained by MHD as the
/// content reader's `cls` and released in the free callback, which MHD runs exactly once.
final class StreamContext: Sendable {
    let producer: any StreamProducer
    let gate: SuspendGate
    let waker: StreamWaker
    let context: ServerContext
    let bytesSent = Atomic<Int>(0)
    private let finished = Atomic<Bool>(false)

    init(producer: any StreamProducer, gate: SuspendGate, context: ServerContext) {
        self.producer = producer
        self.gate = gate
        self.waker = StreamWaker(gate: gate)
        self.context = context
        context.counters.openStreams.add(1, ordering: .relaxed)
    }

    /// Idempotent, so `closed()` runs exactly once whichever path gets here first.
    func finish() {
        guard !finished.exchange(true, ordering: .acquiringAndReleasing) else { return }
        gate.markGone()
        context.counters.openStreams.subtract(1, ordering: .relaxed)
        producer.closed()
    }
}
