import CMicroHTTPD

/// Per-request bookkeeping kept in MHD's `*con_cls`. Touched only on the MHD thread
/// (deferred work gets an immutable `HTTPRequest` and a `SuspendGate`, never this).
final class RequestState {
    /// After a body is refused mid-upload, this much more is read and dropped before the
    /// connection closes: closing with unread bytes makes the kernel send a reset, which can
    /// destroy the answer on its way to a client still busy sending.
    static let lingerBytes = 1 << 20

    let method: String
    let path: String
    let version: String
    let start = ContinuousClock.now
    let match: Router.Match
    let maxBodyBytes: Int
    /// The connection's record (nil only if MHD gave no socket context).
    let record: ConnectionRecord?

    var body: [UInt8] = []
    var isChunked = false
    /// Bytes dropped after a mid-upload refusal.
    private var discardedBytes = 0

    /// A response has been queued; later calls for this request have nothing to do.
    var answered = false
    /// We wrote the answer on the socket ourselves (`DirectAnswer`): MHD must close, not answer.
    var answeredDirectly = false
    /// Set while deferred work runs (and until its answer is queued).
    var offloadGate: SuspendGate?
    /// The admitted body's and the answer's reservations, released when the request completes.
    var held: [any HeldUntilSent] = []
    var stream: StreamContext?
    var status = 0
    var bytesSent = 0

    var routePattern: String? {
        if case .route(let route) = match { return route.pattern }
        return nil
    }

    init(method: String, path: String, version: String, router: Router, defaultMaxBody: Int, record: ConnectionRecord?) {
        self.method = method
        self.path = path
        self.version = version
        self.record = record
        self.match = router.match(method: method, path: path)
        if case .route(let route) = match, let limit = route.maxBodyBytes {
            self.maxBodyBytes = limit
        } else {
            self.maxBodyBytes = defaultMaxBody
        }
    }

    /// Counts the body as it arrives. The moment it passes the limit (only a chunked body can: a
    /// declared length over it is refused before reading), the 413 goes out on the socket at once,
    /// since MHD accepts no response in the middle of a body. Returns false when MHD should close.
    func receive(_ data: UnsafePointer<CChar>?, count: Int, counters: HTTPServerCounters) -> Bool {
        guard let data, count > 0 else { return true }
        if answeredDirectly {
            discardedBytes += count
            return discardedBytes <= Self.lingerBytes
        }
        guard body.count + count <= maxBodyBytes else {
            body = []
            answeredDirectly = true
            counters.uploadsRefused.add(1, ordering: .relaxed)
            status = 413
            return record?.answer(Responder.payloadTooLarge(self)) { $0 == .request } ?? false
        }
        body.append(contentsOf: UnsafeRawBufferPointer(start: data, count: count))
        return true
    }
}
