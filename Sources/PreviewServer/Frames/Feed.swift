import Animation
import Controls
import HTTPServer
import Scenes
import Synchronization

/// What a stream shows and how often: everyone asking for the same spec at the same fps watches
/// one feed and shares its frames.
struct FeedKey: Hashable, Sendable {
    var spec: FrameSpec
    var fps: Int
    /// The request's `props.` values, by name: the scene seen through them is a feed of its own, for
    /// a viewer who previews props without changing them for everyone (a shared link, the page).
    var props: [String: String] = [:]
}

/// Renders and encodes one feed once per tick and publishes the part to all its viewers. Holds
/// only the newest part: a viewer that is behind skips to it, never queues.
final class Feed: Sendable {
    private struct State {
        var viewers = 0
        var lastTree: LayerSnapshot?
        var lastPublishHost = 0.0
        var ticker: FeedTicker?
        /// The last frame's pixels and the snapshot they show: the next tick (ticks never overlap)
        /// draws into them again, only where its snapshot differs.
        var canvas: Canvas?
    }

    let key: FeedKey
    let labels: FeedLabels
    /// Whole MJPEG parts, framing included.
    let parts = Broadcast<[UInt8]>()
    private let scene: LiveScene
    private let frameRenderer: FrameRenderer
    private let counters: StreamCounters
    private let state = Mutex(State())
    /// Its share of the render and memory budgets, given back when the last viewer leaves.
    private let ticket: BudgetTicket?

    /// A still scene re-sends its last frame this often, so browsers and proxies keep the stream.
    static let keepAliveInterval = 1.0

    init(key: FeedKey, scene: LiveScene, frameRenderer: FrameRenderer, counters: StreamCounters, ticket: BudgetTicket?) {
        self.key = key
        self.ticket = ticket
        labels = FeedLabels(key.spec)
        self.scene = scene
        self.frameRenderer = frameRenderer
        self.counters = counters
    }

    /// Adds a viewer; the first one starts the ticks.
    func attach() {
        let first = state.withLock { s -> Bool in
            s.viewers += 1
            return s.viewers == 1
        }
        counters.viewerJoined(labels)
        guard first else { return }
        let ticker = FeedTicker(interval: 1.0 / Double(key.fps))
        state.withLock { $0.ticker = ticker }
        ticker.start { [weak self] in self?.tick() }
    }

    /// Removes a viewer; returns true when it was the last: the ticks stop and the hub drops the
    /// feed (it is never attached again, so nothing of it needs resetting).
    func detach() -> Bool {
        let ticker: FeedTicker? = state.withLock { s in
            s.viewers -= 1
            guard s.viewers == 0 else { return nil }
            defer { s.ticker = nil }
            return s.ticker
        }
        counters.viewerLeft(labels)
        ticker?.cancel()
        if ticker != nil { ticket?.release() }
        return ticker != nil
    }

    private func tick() {
        var (live, time) = scene.snapshot()
        if !key.props.isEmpty { live = Self.scene(live, through: key, at: time) }
        let tree = frameRenderer.tree(of: live, at: time, spec: key.spec)
        let host = MonotonicClock.hostTime()
        if let last = parts.latest, state.withLock({ $0.lastTree == tree }) {
            // Nothing moved: no render, no encode; only the periodic re-send of the last frame.
            guard host - state.withLock({ $0.lastPublishHost }) >= Self.keepAliveInterval else { return }
            publish(last.value, tree: tree, host: host)
            counters.keepAliveResent()
            return
        }
        // Taken out of the state, so the pixels have one owner and are drawn into without a copy.
        let (pixels, previous) = state.withLock { s -> ([UInt8]?, LayerSnapshot?) in
            defer { s.canvas = nil }
            return (s.canvas?.pixels, s.canvas?.tree)
        }
        let image = frameRenderer.image(of: tree, spec: key.spec, recycling: consume pixels, previous: previous)
        let encoded = try? frameRenderer.jpeg(image, quality: key.spec.quality)
        state.withLock { $0.canvas = Canvas(pixels: image.pixels, tree: tree) }
        guard let jpeg = encoded else {
            counters.encodeFailed()
            return
        }
        let seconds = MonotonicClock.hostTime() - host
        publish(MJPEGFraming.part(jpeg: jpeg, timestamp: wallClockTimestamp(), sceneTime: time), tree: tree, host: host)
        // Counted once viewers can have it, so a count a reader sees never runs ahead of the frames.
        counters.rendered(labels, seconds: seconds, bytes: jpeg.count)
    }

    /// `scene` with the feed's `props.` set at `time`; as it is while the controls refuse them (a value
    /// a control cannot take in its state now, which the request was checked against when it came).
    private static func scene(_ scene: Scene, through key: FeedKey, at time: Double) -> Scene {
        var copy = scene
        do {
            let overrides = try PropOverrides(key.props.map { ($0.key, $0.value) }, subject: key.spec.subject, scene: copy)
            try overrides.apply(to: &copy, at: time)
            return copy
        } catch {
            return scene
        }
    }

    private struct Canvas {
        var pixels: [UInt8]
        var tree: LayerSnapshot
    }

    private func publish(_ part: [UInt8], tree: LayerSnapshot, host: Double) {
        state.withLock { s in
            s.lastTree = tree
            s.lastPublishHost = host
        }
        parts.publish(part)
    }
}
