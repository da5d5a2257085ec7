import Animation
import HTTPServer
import Scenes
import Synchronization

/// A connection watching a feed, which the hub can end at shutdown; closing it leaves the feed and
/// gives its connection's buffers back to the memory budget.
protocol FeedViewer: StreamProducer {
    var feed: Feed { get }
    var hub: FrameHub { get }
    var ticket: BudgetTicket { get }
    func finish()
}

extension FeedViewer {
    func closed() {
        hub.detach(self, from: feed)
        ticket.release()
    }
}

/// One MJPEG connection: sends the preamble, then whole parts, always the newest available.
final class StreamViewer: FeedViewer {
    private struct State {
        var cursor = PartCursor(preamble: MJPEGFraming.preamble)
        var isFinished = false
        /// While the kernel still sends the previous part: its unsent bytes and when they last shrank.
        var draining: (unsent: Int, since: Double)?
    }

    /// How long a queue that does not shrink at all is waited for. Past that the client is taken
    /// for stalled and handed the next part anyway, so its connection blocks on the full socket in
    /// MHD, where --timeout closes it; a suspended connection never times out.
    static let stallGrace = 0.5

    let feed: Feed
    let hub: FrameHub
    private let state = Mutex(State())
    /// Its connection's buffers in the memory budget, given back when it closes.
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
            if s.cursor.isDrained {
                guard let part = feed.parts.value(after: s.cursor.sequence, orWake: waker) else { return .wait }
                // Take the newer part only once the kernel has sent the previous one: else a slow
                // viewer gets a part that was newest when the last one was queued, and is a whole
                // transfer old before its first byte leaves. Asked only when there is a newer part,
                // so a viewer that keeps up costs one system call less a part.
                if s.cursor.sequence > 0, let queued = waker.unsentBytes, queued > 0 {
                    let now = MonotonicClock.hostTime()
                    if let d = s.draining, queued >= d.unsent {
                        if now - d.since < Self.stallGrace {
                            feed.parts.wakeOnNext(waker)
                            return .wait
                        }
                    } else {
                        s.draining = (queued, now)
                        feed.parts.wakeOnNext(waker)
                        return .wait
                    }
                }
                s.draining = nil
                let skipped = s.cursor.sequence == 0 ? 0 : part.sequence - s.cursor.sequence - 1
                if skipped > 0 { hub.counters.skipped(Int(skipped), viewerClass: viewerClass) }
                s.cursor.replace(with: part)
            }
            let n = s.cursor.copy(into: buffer)
            hub.counters.sent(feed.key.transport, bytes: n)
            return .bytes(n)
        }
    }
}
