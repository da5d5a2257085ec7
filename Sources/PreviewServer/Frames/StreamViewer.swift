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
