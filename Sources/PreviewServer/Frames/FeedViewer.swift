import APIModel
import Animation
import HTTPServer
import Scenes
import Synchronization

/// One connection watching a feed, for either transport: it sends what the feed's transport asks
/// of a viewer, a whole unit at a time, and can be ended by the hub at shutdown; closing it leaves
/// the feed and gives its connection's buffers back to the memory budget.
///
/// - MJPEG (`/stream.mjpg`): the preamble, then whole parts, always the newest available: a slow
///   viewer gets the newest frame, never a queue.
/// - MP4 (`/stream.mp4`): the init segment with the newest key frame's fragment, then every
///   fragment in order; a viewer that falls behind the fragments kept skips to the newest key
///   frame. Its timeline starts at 0 and has no gap, skips included (each fragment's decode time
///   is moved back by the frames it did not get), so Media Source never stalls on one.
final class FeedViewer: StreamProducer {
    private struct State {
        /// The unit being sent and how far it has got.
        var cursor: PartCursor
        var isFinished = false
        /// MJPEG: while the kernel still sends the previous part, its unsent bytes and when they last shrank.
        var draining: (unsent: Int, since: Double)?
        /// MP4: the frame number of the last fragment sent, and how many frames before it were not.
        var lastIndex = -1
        var movedBack = 0
    }

    /// How long an MJPEG queue that does not shrink at all is waited for. Past that the client is
    /// taken for stalled and handed the next part anyway, so its connection blocks on the full
    /// socket in MHD, where --timeout closes it; a suspended connection never times out.
    static let stallGrace = 0.5

    let feed: Feed
    let hub: FrameHub
    private let state: Mutex<State>
    /// Its connection's buffers in the memory budget, given back when it closes.
    let ticket: BudgetTicket
    let viewerClass: String

    init(feed: Feed, hub: FrameHub, viewerClass: String, ticket: BudgetTicket) {
        self.feed = feed
        self.hub = hub
        self.viewerClass = viewerClass
        self.ticket = ticket
        let preamble = feed.key.transport == .mjpeg ? MJPEGFraming.preamble : []
        state = Mutex(State(cursor: PartCursor(preamble: preamble)))
    }

    /// Ends the stream at its next read.
    func finish() {
        state.withLock { $0.isFinished = true }
    }

    func closed() {
        hub.detach(self, from: feed)
        ticket.release()
    }

    func read(into buffer: UnsafeMutableRawBufferPointer, waker: StreamWaker) -> StreamReadResult {
        state.withLock { s in
            if s.isFinished { return .end }
            if s.cursor.isDrained {
                let next = switch feed.key.transport {
                case .mjpeg: nextPart(&s, waker)
                case .mp4: nextFragment(&s, waker)
                }
                guard next else { return .wait }
            }
            let n = s.cursor.copy(into: buffer)
            hub.counters.sent(feed.key.transport, bytes: n)
            return .bytes(n)
        }
    }

    /// The newest part, once the kernel has sent the previous one; false to wait.
    private func nextPart(_ s: inout State, _ waker: StreamWaker) -> Bool {
        guard let part = feed.parts.value(after: s.cursor.sequence, orWake: waker) else { return false }
        // Take the newer part only once the kernel has sent the previous one: else a slow viewer
        // gets a part that was newest when the last one was queued, and is a whole transfer old
        // before its first byte leaves. Asked only when there is a newer part, so a viewer that
        // keeps up costs one system call less a part.
        if s.cursor.sequence > 0, let queued = waker.unsentBytes, queued > 0 {
            let now = MonotonicClock.hostTime()
            if let d = s.draining, queued >= d.unsent {
                if now - d.since < Self.stallGrace {
                    feed.parts.wakeOnNext(waker)
                    return false
                }
            } else {
                s.draining = (queued, now)
                feed.parts.wakeOnNext(waker)
                return false
            }
        }
        s.draining = nil
        let skipped = s.cursor.sequence == 0 ? 0 : part.sequence - s.cursor.sequence - 1
        if skipped > 0 { hub.counters.skipped(Int(skipped), viewerClass: viewerClass) }
        s.cursor.replace(with: part)
        return true
    }

    /// The next fragment in order (the init segment before the first), or the newest key frame's
    /// after a skip, its times moved back by the frames skipped so far; false to wait.
    private func nextFragment(_ s: inout State, _ waker: StreamWaker) -> Bool {
        guard let (item, skipped) = feed.video.next(after: s.cursor.sequence, orWake: waker) else { return false }
        let fragment = item.fragment
        let first = s.cursor.sequence == 0
        let missed = first ? fragment.index : fragment.index - s.lastIndex - 1
        if skipped && missed > 0 { hub.counters.skipped(missed, viewerClass: viewerClass) }
        s.movedBack += missed
        s.cursor.replace(with: (first ? feed.video.initSegment : []) + fragment.bytes(movedBack: s.movedBack),
                         sequence: item.sequence)
        s.lastIndex = fragment.index
        return true
    }
}
