import Animation
import Controls
import Dispatch
import HTTPServer
import Synchronization

/// Renders and encodes one stream variant once per tick and hands the same bytes to all its
/// viewers. Holds only the newest part: a viewer that is behind skips to it, never queues.
final class VariantProducer: Sendable {
    struct Part: Sendable {
        let sequence: UInt64
        let bytes: [UInt8]
    }

    private struct State {
        var latest: Part?
        var waiters: [StreamWaker] = []
        var viewers = 0
        var lastTree: LayerSnapshot?
        var lastPublishHost = 0.0
        var timer: RepeatingTimer?
    }

    let key: StreamKey
    private let scene: LiveScene
    private let frames: FrameRenderer
    private let counters: StreamCounters
    private let queue: DispatchQueue
    private let state = Mutex(State())

    /// A still scene re-sends its last frame this often, so browsers and proxies keep the stream.
    static let keepAliveInterval = 1.0

    init(key: StreamKey, scene: LiveScene, frames: FrameRenderer, counters: StreamCounters) {
        self.key = key
        self.scene = scene
        self.frames = frames
        self.counters = counters
        queue = DispatchQueue(label: "layercast.variant", qos: .userInitiated)
    }

    var viewerCount: Int { state.withLock { $0.viewers } }

    /// Adds a viewer; the first one starts the ticks.
    func attach() {
        let viewers = state.withLock { s -> Int in
            s.viewers += 1
            return s.viewers
        }
        counters.viewers(viewers, of: key)
        guard viewers == 1 else { return }
        let timer = RepeatingTimer(interval: 1.0 / Double(key.fps), queue: queue, strict: true) { [weak self] in
            self?.tick()
        }
        state.withLock { $0.timer = timer }
        timer.start()
    }

    /// Removes a viewer; returns true when it was the last (the hub then drops the producer).
    func detach() -> Bool {
        let (timer, viewers): (RepeatingTimer?, Int) = state.withLock { s in
            s.viewers -= 1
            let left = s.viewers
            guard left <= 0 else { return (nil, left) }
            let t = s.timer
            s.timer = nil
            s.latest = nil
            s.lastTree = nil
            return (t, left)
        }
        counters.viewers(max(viewers, 0), of: key)
        timer?.cancel()
        return timer != nil
    }

    /// The newest part after `sequence`, or nil after registering `waker` to be woken by the next
    /// one. One lock covers both, so no frame can slip between the check and the wait.
    func part(after sequence: UInt64, orWake waker: StreamWaker) -> Part? {
        state.withLock { s in
            if let p = s.latest, p.sequence > sequence { return p }
            s.waiters.append(waker)
            return nil
        }
    }

    /// Registers `waker` to be woken by the next part, whatever is newest now.
    func wakeOnNext(_ waker: StreamWaker) {
        state.withLock { $0.waiters.append(waker) }
    }

    /// Wakes every waiting viewer, e.g. at shutdown so they can end.
    func wakeAll() {
        let waiters = state.withLock { s in
            defer { s.waiters = [] }
            return s.waiters
        }
        for w in waiters { w.wake() }
    }

    private func tick() {
        let (live, time) = scene.snapshot()
        let tree = frames.tree(of: live, at: time, spec: key.spec)
        let host = MonotonicClock.hostTime()
        let unchanged = state.withLock { s in s.lastTree == tree && s.latest != nil }
        if unchanged {
            // Nothing moved: no render, no encode; only the periodic re-send of the last frame.
            let resend = state.withLock { s -> Bool in host - s.lastPublishHost >= Self.keepAliveInterval }
            guard resend, let bytes = state.withLock({ $0.latest?.bytes }) else { return }
            publish(bytes, tree: tree, host: host)
            counters.keepAliveResent()
            return
        }
        let started = host
        let image = frames.image(of: tree, spec: key.spec)
        guard let jpeg = try? frames.jpeg(image, quality: key.spec.quality) else {
            counters.encodeFailed()
            return
        }
        let seconds = MonotonicClock.hostTime() - started
        publish(MJPEGFraming.part(jpeg: jpeg, timestamp: wallClockTimestamp(), sceneTime: time), tree: tree, host: host)
        // Counted once viewers can have it, so a count a reader sees never runs ahead of the frames.
        counters.rendered(variant: key, seconds: seconds, bytes: jpeg.count)
    }

    private func publish(_ bytes: [UInt8], tree: LayerSnapshot, host: Double) {
        let waiters = state.withLock { s -> [StreamWaker] in
            s.latest = Part(sequence: (s.latest?.sequence ?? 0) + 1, bytes: bytes)
            s.lastTree = tree
            s.lastPublishHost = host
            defer { s.waiters = [] }
            return s.waiters
        }
        for w in waiters { w.wake() }
    }
}
