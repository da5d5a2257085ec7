import Controls
import HTTPServer
import Synchronization

/// Keeps one feed per watched feed key and none for keys nobody watches.
final class FrameHub: Sendable {
    private struct State {
        var feeds: [FeedKey: Feed] = [:]
        var viewers: [ObjectIdentifier: StreamViewer] = [:]
    }

    private let state = Mutex(State())
    private let scene: LiveScene
    private let frameRenderer: FrameRenderer
    let counters: StreamCounters
    let maxStreams: Int

    init(scene: LiveScene, frameRenderer: FrameRenderer, counters: StreamCounters, maxStreams: Int) {
        self.scene = scene
        self.frameRenderer = frameRenderer
        self.counters = counters
        self.maxStreams = maxStreams
    }

    var openStreams: Int { state.withLock { $0.viewers.count } }
    var watchedFeeds: Int { state.withLock { $0.feeds.count } }

    /// A new viewer of `key`, or nil when `maxStreams` are already open. One lock covers the cap,
    /// the lookup and the attach, so neither can a concurrent attach pass the cap nor a concurrent
    /// last detach drop the feed between lookup and attach.
    func attach(_ key: FeedKey, viewerClass: String) -> StreamViewer? {
        let viewer: StreamViewer? = state.withLock { s in
            guard s.viewers.count < maxStreams else { return nil }
            let feed = s.feeds[key] ?? Feed(key: key, scene: scene, frameRenderer: frameRenderer, counters: counters)
            s.feeds[key] = feed
            feed.attach()
            let viewer = StreamViewer(feed: feed, hub: self, viewerClass: viewerClass)
            s.viewers[ObjectIdentifier(viewer)] = viewer
            return viewer
        }
        if viewer != nil { counters.streamOpened() }
        return viewer
    }

    func detach(_ viewer: StreamViewer, from feed: Feed) {
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
        for f in feeds { f.parts.wakeAll() }
        return viewers.count
    }
}
