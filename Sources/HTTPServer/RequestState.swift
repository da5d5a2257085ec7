import CMicroHTTPD

/// Per-request bookkeeping kept in MHD's `*con_cls`. Touched only on the MHD thread
/// (the offloaded handler gets an immutable `HTTPRequest` and a `SuspendGate`, never this).
final class RequestState {
    let method: String
    let path: String
    let version: String
    let start = ContinuousClock.now
    let match: Router.Match
    let maxBodyBytes: Int

    var body: [UInt8] = []
    var bodyTooLarge = false
    private var discardedBytes = 0

    /// A response has been queued; later calls for this request have nothing to do.
    var answered = false
    /// Set while an offloaded handler runs (and until its answer is queued).
    var offloadGate: SuspendGate?
    var stream: StreamContext?
    var status = 0
    var bytesSent = 0

    var routePattern: String? {
        if case .route(let route) = match { return route.pattern }
        return nil
    }

    init(method: String, path: String, version: String, router: Router, defaultMaxBody: Int) {
        self.method = method
        self.path = path
        self.version = version
        self.match = router.match(method: method, path: path)
        if case .route(let route) = match, let limit = route.maxBodyBytes {
            self.maxBodyBytes = limit
        } else {
            self.maxBodyBytes = defaultMaxBody
        }
    }

    /// Returns false when the client keeps sending far past the limit, so the connection is dropped
    /// instead of reading an endless chunked body just to answer 413.
    func receive(_ data: UnsafePointer<CChar>?, count: Int) -> Bool {
        guard let data, count > 0 else { return true }
        if bodyTooLarge || body.count + count > maxBodyBytes {
            bodyTooLarge = true
            body = []
            discardedBytes += count
            return discardedBytes <= max(maxBodyBytes, 1 << 20) * 4
        }
        body.append(contentsOf: UnsafeRawBufferPointer(start: data, count: count))
        return true
    }
}
