import CoreMetrics
import Prometheus
import Synchronization

/// The server's metrics through swift-metrics, exported by swift-prometheus. Each server owns
/// its registry (no global bootstrap), so several servers in one process (tests) stay apart.
final class ServerMetrics: Sendable {
    let registry = PrometheusCollectorRegistry()
    let factory: PrometheusMetricsFactory

    private let bytesSent: CoreMetrics.Counter
    private let openStreams: CoreMetrics.Gauge
    private let counters = Mutex<[String: CoreMetrics.Counter]>([:])
    private let timers = Mutex<[String: CoreMetrics.Timer]>([:])

    /// A frame takes about 0.5–5 ms to render and encode; the default buckets start at 5 ms and
    /// would put nearly every frame in the first one.
    static let frameTimeBuckets: [Duration] = [0.25, 0.5, 1, 2, 4, 8, 16, 33, 66, 133].map { .microseconds(Int64($0 * 1000)) }

    init() {
        var factory = PrometheusMetricsFactory(registry: registry)
        factory.durationHistogramBuckets["layercast_frame_render_encode_seconds"] = Self.frameTimeBuckets
        self.factory = factory
        bytesSent = CoreMetrics.Counter(label: "layercast_stream_bytes_sent_total", factory: factory)
        openStreams = CoreMetrics.Gauge(label: "layercast_open_streams", factory: factory)
        // Every failure series exists from the start at 0, so a scrape can tell "none" from "unknown".
        for format in EncodedFormat.allCases { _ = encodeFailures(format) }
    }

    /// Prometheus text format 0.0.4.
    var exposition: String { registry.emitToString() }

    private func counter(_ label: String, _ dimensions: [(String, String)]) -> CoreMetrics.Counter {
        let key = label + dimensions.map { "|\($0.0)=\($0.1)" }.joined()
        return counters.withLock { map in
            if let c = map[key] { return c }
            let c = CoreMetrics.Counter(label: label, dimensions: dimensions, factory: factory)
            map[key] = c
            return c
        }
    }

    private func timer(_ label: String, _ dimensions: [(String, String)]) -> CoreMetrics.Timer {
        let key = label + dimensions.map { "|\($0.0)=\($0.1)" }.joined()
        return timers.withLock { map in
            if let t = map[key] { return t }
            let t = CoreMetrics.Timer(label: label, dimensions: dimensions, factory: factory)
            map[key] = t
            return t
        }
    }

    func frameRendered(_ labels: FeedLabels, seconds: Double, bytes: Int) {
        counter("layercast_frames_rendered_total", labels.dimensions).increment()
        counter("layercast_frame_encoded_bytes_total", labels.dimensions).increment(by: bytes)
        timer("layercast_frame_render_encode_seconds", labels.dimensions).recordNanoseconds(Int64(seconds * 1e9))
    }

    /// An image the server made could not be encoded (a stream frame, a snapshot, a clip).
    func encodeFailed(_ format: EncodedFormat) { encodeFailures(format).increment() }

    private func encodeFailures(_ format: EncodedFormat) -> CoreMetrics.Counter {
        counter("layercast_encode_failures_total", [("format", format.rawValue)])
    }

    func sent(bytes: Int) { bytesSent.increment(by: bytes) }

    func skipped(_ n: Int, viewerClass: String) {
        counter("layercast_frames_skipped_total", [("viewer_class", viewerClass)]).increment(by: n)
    }

    func keepAliveResent() { counter("layercast_keepalive_resends_total", []).increment() }

    func streams(open: Int) { openStreams.record(open) }

    func viewers(_ count: Int, _ labels: FeedLabels) {
        CoreMetrics.Gauge(label: "layercast_stream_viewers", dimensions: labels.dimensions, factory: factory).record(count)
    }

    func request(route: String, method: String, status: Int) {
        counter("layercast_http_requests_total", [("route", route), ("method", method), ("status", String(status))]).increment()
    }
}
