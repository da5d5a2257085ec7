import Synchronization

/// Counts what the frame hub does, for `/metrics`, `/state` and tests: renders per variant,
/// encode time, bytes, skipped frames per viewer class, open streams. Totals are kept here for
/// tests and the benchmark; every event also goes to the Prometheus metrics.
final class StreamCounters: Sendable {
    struct Totals: Sendable {
        var renders = 0
        var rendersByVariant: [String: Int] = [:]
        var encodeSeconds = 0.0
        var encodedBytes = 0
        var bytesSent = 0
        var skippedByClass: [String: Int] = [:]
        var keepAliveResends = 0
        var encodeFailures = 0
        var streamsOpened = 0
        var streamsClosed = 0
        var openStreams: Int { streamsOpened - streamsClosed }
    }

    private let totals = Mutex(Totals())
    let metrics: ServerMetrics

    init(metrics: ServerMetrics = ServerMetrics()) {
        self.metrics = metrics
    }

    var snapshot: Totals { totals.withLock { $0 } }

    func rendered(variant: StreamKey, seconds: Double, bytes: Int) {
        let name = Self.label(variant)
        totals.withLock { t in
            t.renders += 1
            t.rendersByVariant[name, default: 0] += 1
            t.encodeSeconds += seconds
            t.encodedBytes += bytes
        }
        metrics.frameRendered(variant: name, seconds: seconds, bytes: bytes)
    }

    func sent(bytes: Int) {
        totals.withLock { $0.bytesSent += bytes }
        metrics.sent(bytes: bytes)
    }

    func skipped(_ n: Int, viewerClass: String) {
        totals.withLock { $0.skippedByClass[viewerClass, default: 0] += n }
        metrics.skipped(n, viewerClass: viewerClass)
    }

    func keepAliveResent() {
        totals.withLock { $0.keepAliveResends += 1 }
        metrics.keepAliveResent()
    }

    func encodeFailed() { totals.withLock { $0.encodeFailures += 1 } }

    func streamOpened() { metrics.streams(open: totals.withLock { $0.streamsOpened += 1; return $0.openStreams }) }
    func streamClosed() { metrics.streams(open: totals.withLock { $0.streamsClosed += 1; return $0.openStreams }) }

    func viewers(_ count: Int, of key: StreamKey) { metrics.viewers(count, variant: Self.label(key)) }

    /// A short, stable name for a variant, used as a metrics label.
    static func label(_ key: StreamKey) -> String {
        let s = key.spec
        return "\(s.subject.rawValue)/\(s.width)x\(s.height)@\(ParameterValues.format(s.scale))x/q\(s.quality)/\(key.fps)fps"
    }
}
