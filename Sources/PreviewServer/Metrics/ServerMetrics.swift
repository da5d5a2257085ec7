import CoreMetrics
import Prometheus
import Synchronization

/// The server's metrics through swift-metrics, exported by swift-prometheus. Each server owns
/// its registry (no global bootstrap), so several servers in one process (tests) stay apart.
final class ServerMetrics: Sendable {
    let registry = PrometheusCollectorRegistry()
    private let factory: PrometheusMetricsFactory

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

    func frameRendered(variant: String, seconds: Double, bytes: Int) {
        counter("layercast_frames_rendered_total", [("variant", variant)]).increment()
        counter("layercast_frame_encoded_bytes_total", [("variant", variant)]).increment(by: bytes)
        timer("layercast_frame_render_encode_seconds", [("variant", variant)]).recordNanoseconds(Int64(seconds * 1e9))
    }

    func sent(bytes: Int) { bytesSent.increment(by: bytes) }

    func skipped(_ n: Int, viewerClass: String) {
        counter("layercast_frames_skipped_total", [("viewer_class", viewerClass)]).increment(by: n)
    }

    func keepAliveResent() { counter("layercast_keepalive_resends_total", []).increment() }

    func streams(open: Int) { openStreams.record(open) }

    func viewers(_ count: Int, variant: String) {
        CoreMetrics.Gauge(label: "layercast_stream_viewers", dimensions: [("variant", variant)], factory: factory).record(count)
    }

    func request(route: String, method: String, status: Int) {
        counter("layercast_http_requests_total", [("route", route), ("method", method), ("status", String(status))]).increment()
    }
}
