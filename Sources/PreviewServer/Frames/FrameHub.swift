import APIModel
import Controls
import HTTPServer
import Scenes
import Synchronization

/// Keeps one feed per watched feed key and none for keys nobody watches. Streams are admitted by
/// what they add: a new feed its render cost and surfaces (`RequestCost.stream`), another viewer
/// of a feed only its connection's buffers, so a thousand viewers of one stream cost one render.
final class FrameHub: Sendable {
    private struct State {
        var feeds: [FeedKey: Feed] = [:]
        var viewers: [ObjectIdentifier: FeedViewer] = [:]
    }

    private let state = Mutex(State())
    private let scene: LiveScene
    private let frameRenderer: FrameRenderer
    private let ledger: BudgetLedger
    let counters: StreamCounters

    init(scene: LiveScene, frameRenderer: FrameRenderer, counters: StreamCounters, ledger: BudgetLedger) {
        self.scene = scene
        self.frameRenderer = frameRenderer
        self.counters = counters
        self.ledger = ledger
    }

    var openStreams: Int { state.withLock { $0.viewers.count } }
    var watchedFeeds: Int { state.withLock { $0.feeds.count } }
    /// The video fragments all feeds keep (`VideoFragments.keptBytes`).
    var keptVideoBytes: Int { state.withLock { $0.feeds.values.reduce(0) { $0 + $1.video.keptBytes } } }

    /// A new viewer of `key`, or the budget's refusal. One lock covers the admission, the lookup
    /// and the attach, so neither can two first viewers of a key both pay for its feed nor a
    /// concurrent last detach drop the feed between lookup and attach.
    func attach(_ key: FeedKey, viewerClass: String) throws(Refusal) -> FeedViewer {
        let viewer = try state.withLock { s throws(Refusal) -> FeedViewer in
            let existing = s.feeds[key]
            let feedTicket = existing == nil ? try ledger.reserve(key.cost.shares) : nil
            let viewerTicket = try ledger.reserve([BudgetShare(.memory, CostModel.viewerBytes)])
            let feed = existing ?? Feed(key: key, scene: scene, frameRenderer: frameRenderer, counters: counters,
                                        ticket: feedTicket)
            s.feeds[key] = feed
            feed.attach()
            let viewer = FeedViewer(feed: feed, hub: self, viewerClass: viewerClass, ticket: viewerTicket)
            s.viewers[ObjectIdentifier(viewer)] = viewer
            return viewer
        }
        counters.streamOpened()
        return viewer
    }

    func detach(_ viewer: FeedViewer, from feed: Feed) {
        let detached = state.withLock { s -> Bool in
            guard s.viewers.removeValue(forKey: ObjectIdentifier(viewer)) != nil else { return false }
            if feed.detach() { s.feeds[feed.key] = nil }
            return true
        }
        if detached { counters.streamClosed() }
    }

    /// Ends every stream: each viewer finishes and is woken so its connection closes now.
    func finishAll() -> Int {
        let (viewers, feeds) = state.withLock { (Array($0.viewers.values), Array($0.feeds.values)) }
        for v in viewers { v.finish() }
        for f in feeds {
            f.parts.wakeAll()
            f.video.wakeAll()
        }
        return viewers.count
    }
}
