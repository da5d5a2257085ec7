import HTTPServer
import Synchronization

/// One MJPEG connection: sends the preamble, then whole parts, always the newest available.
final class StreamViewer: StreamProducer {
    private struct State {
        var current: [UInt8] = MJPEGFraming.preamble
        var offset = 0
        var sequence: UInt64 = 0
        var isFinished = false
    }

    /// About 60 ms at 64 KiB/s; a viewer that keeps up never has this much unsent at a part's end.
    static let queuedBytesBeforeNextPart = 0

    private let producer: VariantProducer
    private let hub: FrameHub
    private let state = Mutex(State())
    let viewerClass: String

    init(producer: VariantProducer, hub: FrameHub, viewerClass: String) {
        self.producer = producer
        self.hub = hub
        self.viewerClass = viewerClass
    }

    func finish() {
        state.withLock { $0.isFinished = true }
    }

    func read(into buffer: UnsafeMutableRawBufferPointer, waker: StreamWaker) -> StreamReadResult {
        state.withLock { s in
            if s.isFinished { return .end }
            if s.offset >= s.current.count {
                // Choose the next part only once the kernel has sent the previous one (or nearly):
                // else a slow viewer gets a part that was newest when the last one was queued and
                // is a whole transfer old before its first byte leaves.
                if s.sequence > 0, let queued = waker.unsentBytes, queued > Self.queuedBytesBeforeNextPart {
                    producer.wakeOnNext(waker)
                    return .wait
                }
                guard let part = producer.part(after: s.sequence, orWake: waker) else { return .wait }
                let skipped = s.sequence == 0 ? 0 : part.sequence - s.sequence - 1
                if skipped > 0 { hub.counters.skipped(Int(skipped), viewerClass: viewerClass) }
                s.current = part.bytes
                s.offset = 0
                s.sequence = part.sequence
            }
            let n = min(buffer.count, s.current.count - s.offset)
            s.current.withUnsafeBytes { src in
                guard let base = src.baseAddress, let dst = buffer.baseAddress else { return }
                dst.copyMemory(from: base + s.offset, byteCount: n)
            }
            s.offset += n
            hub.counters.sent(bytes: n)
            return .bytes(n)
        }
    }

    func closed() {
        hub.detach(self, from: producer)
    }
}
