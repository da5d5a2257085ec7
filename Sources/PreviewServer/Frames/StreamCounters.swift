import Scenes
import Synchronization

/// Counts what the frame hub does, for `/metrics` and tests: renders, skipped frames per viewer
/// class, keep-alive resends, open streams, viewers per feed label, bytes sent per transport,
/// video fragments and key frames. Totals are kept here for tests; every event also goes to the
/// Prometheus metrics.
final class StreamCounters: Sendable {
    struct Totals: Sendable {
        var renders = 0
        var skippedByClass: [String: Int] = [:]
        var keepAliveResends = 0
        var streamsOpened = 0
        var streamsClosed = 0
        var viewers: [FeedLabels: Int] = [:]
        var openStreams: Int { streamsOpened - streamsClosed }
        /// Feed ticks finished (a render and its count included), and feed threads still ticking:
        /// what shows a test that a feed has looked at the scene, or can no longer look, without
        /// waiting a while to see nothing happen.
        var ticks = 0
        var runningTickers = 0
    }

    private let totals = Mutex(Totals())
    let metrics: ServerMetrics

    init(metrics: ServerMetrics = ServerMetrics()) {
        self.metrics = metrics
    }

    var snapshot: Totals { totals.withLock { $0 } }

    func rendered(_ labels: FeedLabels, seconds: Double, bytes: Int) {
        totals.withLock { $0.renders += 1 }
        metrics.frameRendered(labels, seconds: seconds, bytes: bytes)
    }

    func sent(_ transport: StreamTransport, bytes: Int) { metrics.sent(transport, bytes: bytes) }

    /// A video feed's fragment, counted once viewers can have it; `keyInterval` is its
    /// `VideoFragments.keyInterval` after it, in frames of `fps`.
    func fragment(_ labels: FeedLabels, isKey: Bool, keyInterval: Int?, fps: Int) {
        metrics.fragment(labels, isKey: isKey)
        if isKey, let keyInterval { metrics.keyInterval(Double(keyInterval) / Double(fps), labels) }
    }

    func skipped(_ n: Int, viewerClass: String) {
        totals.withLock { $0.skippedByClass[viewerClass, default: 0] += n }
        metrics.skipped(n, viewerClass: viewerClass)
    }

    func keepAliveResent() {
        totals.withLock { $0.keepAliveResends += 1 }
        metrics.keepAliveResent()
    }

    func encodeFailed(_ format: EncodedFormat) { metrics.encodeFailed(format) }

    func ticked() { totals.withLock { $0.ticks += 1 } }
    func tickerStarted() { totals.withLock { $0.runningTickers += 1 } }
    func tickerEnded() { totals.withLock { $0.runningTickers -= 1 } }

    // Gauges are set under the lock that counts them, so two changes cannot land out of order.

    func streamOpened() { streamsChanged { $0.streamsOpened += 1 } }
    func streamClosed() { streamsChanged { $0.streamsClosed += 1 } }

    private func streamsChanged(_ change: (inout Totals) -> Void) {
        totals.withLock { t in
            change(&t)
            metrics.streams(open: t.openStreams)
        }
    }

    /// Several feeds can share labels, so the gauge is their sum, kept here.
    func viewerJoined(_ labels: FeedLabels) { viewersChanged(labels, by: 1) }
    func viewerLeft(_ labels: FeedLabels) { viewersChanged(labels, by: -1) }

    private func viewersChanged(_ labels: FeedLabels, by delta: Int) {
        totals.withLock { t in
            t.viewers[labels, default: 0] += delta
            metrics.viewers(t.viewers[labels, default: 0], labels)
        }
    }
}
