import HTTPServer
import Scenes
import Rendering
import Synchronization

/// One `GET /stream.mp4` connection: the init segment with the newest key frame's fragment, then
/// every fragment in order; a viewer that falls behind the fragments kept skips to the newest key
/// frame. Its timeline starts at 0 and has no gap, skips included (each fragment's decode time is
/// moved back by the frames it did not get), so Media Source never stalls on one.
final class VideoViewer: FeedViewer {
    private struct State {
        var current: [UInt8] = []
        var offset = 0
        var sequence: UInt64 = 0
        /// The frame number of the last fragment sent, and how many frames before it were not.
        var lastIndex = -1
        var movedBack = 0
        var isFinished = false
    }

    let feed: Feed
    let hub: FrameHub
    private let state = Mutex(State())
    let ticket: BudgetTicket
    let viewerClass: String

    init(feed: Feed, hub: FrameHub, viewerClass: String, ticket: BudgetTicket) {
        self.feed = feed
        self.hub = hub
        self.viewerClass = viewerClass
        self.ticket = ticket
    }

    func finish() {
        state.withLock { $0.isFinished = true }
    }

    func read(into buffer: UnsafeMutableRawBufferPointer, waker: StreamWaker) -> StreamReadResult {
        state.withLock { s in
            if s.isFinished { return .end }
            if s.offset >= s.current.count {
                guard let (item, skipped) = feed.video.next(after: s.sequence, orWake: waker) else { return .wait }
                let fragment = item.fragment
                let first = s.sequence == 0
                let missed = first ? fragment.index : fragment.index - s.lastIndex - 1
                if skipped && missed > 0 { hub.counters.skipped(missed, viewerClass: viewerClass) }
                s.movedBack += missed
                s.current = (first ? feed.video.initSegment : []) + fragment.bytes(movedBack: s.movedBack)
                s.offset = 0
                s.sequence = item.sequence
                s.lastIndex = fragment.index
            }
            let (n, offset) = (min(buffer.count, s.current.count - s.offset), s.offset)
            s.current.withUnsafeBytes { source in
                guard let from = source.baseAddress, let to = buffer.baseAddress else { return }
                to.copyMemory(from: from + offset, byteCount: n)
            }
            s.offset += n
            hub.counters.sent(feed.key.transport, bytes: n)
            return .bytes(n)
        }
    }
}
