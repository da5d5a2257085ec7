import APIModel
import Animation
import Controls
import HTTPServer
import Rendering
import Scenes
import Synchronization

/// How a feed's frames reach its viewers; its raw value is the `transport` label on `/metrics`.
enum StreamTransport: String, CaseIterable, Sendable {
    /// `GET /stream.mjpg`: each frame a JPEG part; a viewer always gets the newest.
    case mjpeg
    /// `GET /stream.mp4`: H.264 in fragmented MP4 (`VideoFragments`).
    case mp4
}

/// What a stream shows, how often and how: everyone asking for the same spec at the same fps over
/// the same transport watches one feed and shares its frames.
struct FeedKey: Hashable, Sendable {
    var spec: FrameSpec
    var fps: Int
    /// The request's `props.` values, by name: the scene seen through them is a feed of its own, for
    /// a viewer who previews props without changing them for everyone (a shared link, the page).
    var props: [String: String] = [:]
    var transport = StreamTransport.mjpeg

    /// What a feed of this key takes from the budgets while it runs: its renders and surfaces, and
    /// for video its encoder's frames.
    var cost: RequestCost {
        var cost = RequestCost.stream(pixels: spec.pixels, fps: fps)
        if transport == .mp4 { cost.memoryBytes += CostModel.liveVideoBytes(pixels: spec.pixels) }
        return cost
    }
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
        /// A video feed's still picture has been sent again at `refreshCRF` since it last changed.
        var refined = false
    }

    let key: FeedKey
    let labels: FeedLabels
    /// Whole MJPEG parts, framing included.
    let parts = Broadcast<[UInt8]>()
    /// A video feed's init segment and fragments.
    let video = VideoFragments()
    /// A video feed's encoder, made at its first frame; ticks never overlap, so it is used by one at a time.
    private let encoder = Mutex<LiveVideoEncoder?>(nil)
    private let scene: LiveScene
    private let frameRenderer: FrameRenderer
    private let counters: StreamCounters
    private let state = Mutex(State())
    /// Its share of the render and memory budgets, given back when the last viewer leaves.
    private let ticket: BudgetTicket?

    /// A still scene re-sends its last frame this often, so browsers and proxies keep the stream.
    static let keepAliveInterval = 1.0
    /// A video feed's key frames come at least this often, so a viewer that joins or falls behind
    /// waits at most this long for a picture of its own.
    static let keyFrameSeconds = 2
    /// x264's constant quality for live video: flat UI colours stay clean at a fraction of MJPEG's bytes.
    static let liveCRF = 23
    /// A still video picture is sent again at this quality once it has stood `refreshDelay` seconds,
    /// so a paused review shows near-exact pixels; only its residual against the coarser frame costs bytes.
    static let refreshCRF = 8
    static let refreshDelay = 0.2

    init(key: FeedKey, scene: LiveScene, frameRenderer: FrameRenderer, counters: StreamCounters, ticket: BudgetTicket?) {
        self.key = key
        self.ticket = ticket
        labels = FeedLabels(key)
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
        counters.tickerStarted()
        let counters = counters
        if !ticker.start({ [weak self] in self?.tick() }, ended: { counters.tickerEnded() }) { counters.tickerEnded() }
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
        defer { counters.ticked() }
        var (live, time) = scene.snapshot()
        if !key.props.isEmpty { live = Self.scene(live, through: key, at: time) }
        let tree = frameRenderer.tree(of: live, at: time, spec: key.spec)
        let host = MonotonicClock.hostTime()
        if key.transport == .mp4, state.withLock({ $0.lastTree == tree }) {
            refreshVideo(tree: tree, sceneTime: time, host: host)
            return
        }
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
        if key.transport == .mp4 {
            encodeVideo(image, tree: tree, sceneTime: time, host: host)
            return
        }
        let encoded = try? frameRenderer.jpeg(image, quality: key.spec.quality)
        state.withLock { $0.canvas = Canvas(pixels: image.pixels, tree: tree) }
        guard let jpeg = encoded else {
            counters.encodeFailed(.jpeg)
            return
        }
        let seconds = MonotonicClock.hostTime() - host
        publish(MJPEGFraming.part(jpeg: jpeg, timestamp: wallClockTimestamp(), sceneTime: time), tree: tree, host: host)
        // Counted once viewers can have it, so a count a reader sees never runs ahead of the frames.
        counters.rendered(labels, seconds: seconds, bytes: jpeg.count)
    }

    /// A still video feed: once its picture has stood `refreshDelay`, the picture again at
    /// `refreshCRF`; then the same every `keepAliveInterval`, a frame of skipped blocks (about a
    /// hundred bytes), so viewers and proxies keep the connection and a client tells a still scene
    /// from a dead one, as with MJPEG.
    private func refreshVideo(tree: LayerSnapshot, sceneTime: Double, host: Double) {
        let (since, refined) = state.withLock { (host - $0.lastPublishHost, $0.refined) }
        guard since >= (refined ? Self.keepAliveInterval : Self.refreshDelay) else { return }
        let (pixels, previous) = state.withLock { s -> ([UInt8]?, LayerSnapshot?) in
            defer { s.canvas = nil }
            return (s.canvas?.pixels, s.canvas?.tree)
        }
        let image = frameRenderer.image(of: tree, spec: key.spec, recycling: consume pixels, previous: previous)
        encodeVideo(image, tree: tree, sceneTime: sceneTime, host: host, crf: Self.refreshCRF)
        if refined { counters.keepAliveResent() }
    }

    /// Encodes `image` as the video's next fragment (the first makes the encoder and its init
    /// segment), its scene time in an `emsg` box before it; at `crf` when given (a still refresh).
    private func encodeVideo(_ image: RenderedImage, tree: LayerSnapshot, sceneTime: Double, host: Double, crf: Int? = nil) {
        let spec = key.spec, fps = key.fps
        let fragment = encoder.withLock { encoder -> LiveVideoEncoder.Fragment? in
            do {
                if encoder == nil {
                    let made = try LiveVideoEncoder(width: image.width, height: image.height, fps: fps,
                                                    keyInterval: fps * Self.keyFrameSeconds, crf: Self.liveCRF,
                                                    background: spec.background.background(scale: spec.scale))
                    video.start(initSegment: made.initSegment)
                    encoder = made
                }
                return try encoder?.add(image, crf: crf, sceneTime: formatSceneTime(sceneTime))
            } catch {
                return nil
            }
        }
        state.withLock { $0.canvas = Canvas(pixels: image.pixels, tree: tree) }
        guard let fragment else {
            counters.encodeFailed(.mp4)
            return
        }
        state.withLock { s in
            s.lastTree = tree
            s.lastPublishHost = host
            s.refined = crf != nil
        }
        video.publish(fragment)
        counters.rendered(labels, seconds: MonotonicClock.hostTime() - host, bytes: fragment.bytes.count)
        counters.fragment(labels, isKey: fragment.isKey, keyInterval: video.keyInterval, fps: fps)
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
