import APIModel
import Controls
import CoreMetrics
import HTTPServer
import Prometheus
import Scenes
import Synchronization

/// The server's metrics through swift-metrics, exported by swift-prometheus. Each server owns
/// its registry (no global bootstrap), so several servers in one process (tests) stay apart.
final class ServerMetrics: Sendable {
    let registry = PrometheusCollectorRegistry()
    let factory: PrometheusMetricsFactory

    /// Bumped for every chunk a viewer's connection takes, so looked up without a lock or a key string.
    private let bytesSent: [StreamTransport: CoreMetrics.Counter]
    private let openStreams: CoreMetrics.Gauge
    private let openConnections: CoreMetrics.Gauge
    private let counters = Mutex<[String: CoreMetrics.Counter]>([:])
    private let timers = Mutex<[String: CoreMetrics.Timer]>([:])
    private let http = Mutex<HTTPCounterExport?>(nil)
    private let budgets = Mutex<(@Sendable () -> [BudgetUsage])?>(nil)
    private let scrapeActions = Mutex<[@Sendable () -> Void]>([])

    /// A frame takes about 0.5–5 ms to render and encode; the default buckets start at 5 ms and
    /// would put nearly every frame in the first one.
    static let frameTimeBuckets: [Duration] = [0.25, 0.5, 1, 2, 4, 8, 16, 33, 66, 133].map { .microseconds(Int64($0 * 1000)) }

    init() {
        var factory = PrometheusMetricsFactory(registry: registry)
        factory.durationHistogramBuckets["layercast_frame_render_encode_seconds"] = Self.frameTimeBuckets
        self.factory = factory
        bytesSent = Dictionary(uniqueKeysWithValues: StreamTransport.allCases.map { transport in
            (transport, CoreMetrics.Counter(label: "layercast_stream_bytes_sent_total",
                                            dimensions: [("transport", transport.rawValue)], factory: factory))
        })
        openStreams = CoreMetrics.Gauge(label: "layercast_open_streams", factory: factory)
        openConnections = CoreMetrics.Gauge(label: "layercast_http_open_connections", factory: factory)
        // Every failure series exists from the start at 0, so a scrape can tell "none" from "unknown".
        for format in EncodedFormat.allCases { _ = encodeFailures(format) }
        for series in HTTPCounterExport.series { _ = counter(series.label, []) }
        for limit in ServerLimit.all where limit.refuses {
            for status in [400, 503] { _ = budgetRefusals(limit, status: status) }
        }
    }

    /// Prometheus text format 0.0.4.
    var exposition: String {
        exportHTTPCounters()
        exportBudgets()
        for action in scrapeActions.withLock({ $0 }) { action() }
        return registry.emitToString()
    }

    /// Runs `action` before every scrape, to bring series read from elsewhere up to date.
    func addScrapeAction(_ action: @escaping @Sendable () -> Void) {
        scrapeActions.withLock { $0.append(action) }
    }

    /// Each budget's limit and what is in use of it, read at every scrape.
    func readBudgets(_ read: @escaping @Sendable () -> [BudgetUsage]) {
        budgets.withLock { $0 = read }
    }

    private func exportBudgets() {
        guard let read = budgets.withLock({ $0 }) else { return }
        for usage in read() {
            let dimensions = [("budget", usage.limit.id)]
            CoreMetrics.Gauge(label: "layercast_budget_limit", dimensions: dimensions, factory: factory).record(usage.max)
            CoreMetrics.Gauge(label: "layercast_budget_in_use", dimensions: dimensions, factory: factory).record(usage.inUse)
        }
    }

    /// A request a budget refused: 400 (it could never fit) or 503 (not now).
    func budgetRefused(_ limit: ServerLimit, status: Int) { budgetRefusals(limit, status: status).increment() }

    private func budgetRefusals(_ limit: ServerLimit, status: Int) -> CoreMetrics.Counter {
        counter("layercast_budget_refusals_total", [("budget", limit.id), ("status", String(status))])
    }

    /// The HTTP layer keeps its own counts (refusals, deadline closes, abandoned connections);
    /// each scrape brings the series up to them.
    func readHTTPCounters(_ read: @escaping @Sendable () -> HTTPServerCounters.Snapshot) {
        http.withLock { $0 = HTTPCounterExport(read: read) }
    }

    private func exportHTTPCounters() {
        http.withLock { export in
            guard let current = export?.read(), let previous = export?.exported else { return }
            for series in HTTPCounterExport.series {
                let delta = current[keyPath: series.count] - previous[keyPath: series.count]
                if delta > 0 { counter(series.label, []).increment(by: delta) }
            }
            openConnections.record(current.openConnections)
            export?.exported = current
        }
    }

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

    func sent(_ transport: StreamTransport, bytes: Int) { bytesSent[transport]?.increment(by: bytes) }

    /// A live video fragment: one frame, `key_frame` when a viewer can start at it.
    func fragment(_ labels: FeedLabels, isKey: Bool) {
        counter("layercast_video_fragments_total", labels.dimensions + [("key_frame", String(isKey))]).increment()
    }

    /// The video time between a feed's last two key frames. Feeds that share labels take turns
    /// setting it; in seconds their intervals agree whatever their fps (`Feed.keyFrameSeconds`),
    /// unless a key frame was asked for sooner.
    func keyInterval(_ seconds: Double, _ labels: FeedLabels) {
        CoreMetrics.Gauge(label: "layercast_video_key_frame_interval_seconds", dimensions: labels.dimensions,
                          factory: factory).record(seconds)
    }

    func skipped(_ n: Int, viewerClass: String) {
        counter("layercast_frames_skipped_total", [("viewer_class", viewerClass)]).increment(by: n)
    }

    func keepAliveResent() { counter("layercast_keepalive_resends_total", []).increment() }

    /// The configured history span, so a scrape shows how far back `at=` frames can go.
    func historySpan(_ seconds: Double) {
        CoreMetrics.Gauge(label: "layercast_history_span_seconds", factory: factory).record(seconds)
    }

    func streams(open: Int) { openStreams.record(open) }

    func viewers(_ count: Int, _ labels: FeedLabels) {
        CoreMetrics.Gauge(label: "layercast_stream_viewers", dimensions: labels.dimensions, factory: factory).record(count)
    }

    func request(route: String, method: String, status: Int) {
        counter("layercast_http_requests_total", [("route", route), ("method", method), ("status", String(status))]).increment()
    }
}

/// The HTTP layer's counts on `/metrics`, and what the last scrape exported of them.
struct HTTPCounterExport: Sendable {
    let read: @Sendable () -> HTTPServerCounters.Snapshot
    var exported = HTTPServerCounters.Snapshot.zero

    static let series: [(label: String, count: KeyPath<HTTPServerCounters.Snapshot, Int> & Sendable)] = [
        ("layercast_http_host_refusals_total", \.hostRefusals),
        ("layercast_http_head_deadline_closes_total", \.headDeadlineCloses),
        ("layercast_http_per_ip_refusals_total", \.perIPRefusals),
        ("layercast_http_abandoned_connections_total", \.abandonedConnections),
        ("layercast_http_uploads_refused_total", \.uploadsRefused),
    ]
}
