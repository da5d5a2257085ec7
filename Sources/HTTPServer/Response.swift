import Dispatch
import JSON
import Synchronization

/// What a handler returns. Header names are sent as given; MHD adds Date and Content-Length itself.
public struct HTTPResponse: Sendable {
    public var status: Int
    public var headers: [(String, String)]
    public var body: Body
    /// Released by the server when the request completes (its answer sent, or its connection
    /// closed): a budget's reservation for the bytes the answer holds, say, which a slow reader
    /// keeps in memory for as long as it takes.
    public var heldUntilSent: (any HeldUntilSent)?

    public enum Body: Sendable {
        case bytes([UInt8])
        /// Served with sendfile where MHD can; a file that cannot be opened becomes a 404.
        case file(path: String, size: Int)
        /// A long-lived body sent as plain bytes with `Connection: close` (never chunked).
        case stream(any StreamProducer)
        /// Work too slow for the server's thread (a render, an upload's decoding): the connection
        /// is suspended while it runs, and the response it returns is the answer. The handler has
        /// already done the quick part on the server's thread (decoding, admission), so a refusal
        /// goes out at once instead of waiting behind slow work.
        case deferred(DeferredWork)
    }

    public init(status: Int = 200, headers: [(String, String)] = [], body: Body = .bytes([]),
                heldUntilSent: (any HeldUntilSent)? = nil) {
        self.status = status
        self.headers = headers
        self.body = body
        self.heldUntilSent = heldUntilSent
    }

    /// Case-insensitive; the first match.
    public func header(_ name: String) -> String? {
        let lowered = name.lowercased()
        return headers.first(where: { $0.0.lowercased() == lowered })?.1
    }

    public var bodyBytes: [UInt8]? {
        if case .bytes(let b) = body { return b }
        return nil
    }

    /// The answer with its deferred work (if any) done here and now, as a server without a
    /// connection (a test's router) answers.
    public var resolved: HTTPResponse {
        if case .deferred(let deferred) = body { return deferred.work().resolved }
        return self
    }
}

/// What a request holds until it completes (`HTTPResponse.heldUntilSent`, `BodyAdmission`). The
/// server calls `release()` itself, on its thread, as the request completes, before the
/// connection's next request is read; an object's lifetime could run later, wherever the last
/// copy of the answer happens to be dropped.
public protocol HeldUntilSent: Sendable {
    func release()
}

/// What a handler hands off the server's thread (`HTTPResponse.Body.deferred`), and where it runs.
public struct DeferredWork: Sendable {
    public enum Lane: Sendable {
        /// The shared offload queue: work of milliseconds to a second (a frame, an upload).
        case shared
        /// A thread of its own at a lower CPU priority (`DedicatedThread`): work of seconds (a
        /// clip), which would otherwise hold up the shared queue, and on a busy machine the
        /// streams, for as long as it runs.
        case ownThread
        /// No thread at all: the work is started on the server's thread and answers later, from
        /// whatever thread finishes it (a command waiting for a replicated log), so waiting holds
        /// no thread.
        case handedOff
    }

    public let lane: Lane
    /// Starts the work; it calls the function it is given once, with the answer.
    public let start: @Sendable (@escaping @Sendable (HTTPResponse) -> Void) -> Void

    public init(lane: Lane, work: @escaping @Sendable () -> HTTPResponse) {
        self.lane = lane
        start = { deliver in deliver(work()) }
    }

    /// Work that answers when it is done, without a thread waiting for it.
    public init(handingOff start: @escaping @Sendable (@escaping @Sendable (HTTPResponse) -> Void) -> Void) {
        lane = .handedOff
        self.start = start
    }

    private init(lane: Lane, start: @escaping @Sendable (@escaping @Sendable (HTTPResponse) -> Void) -> Void) {
        self.lane = lane
        self.start = start
    }

    /// The same work on the same lane, its answer passed through `finish` before it is delivered.
    func finishing(_ finish: @escaping @Sendable (inout HTTPResponse) -> Void) -> DeferredWork {
        let start = self.start
        return DeferredWork(lane: lane) { deliver in
            start { answer in
                var answer = answer
                finish(&answer)
                deliver(answer)
            }
        }
    }

    /// The answer, waited for here (a server without a connection: a test's router).
    public func work() -> HTTPResponse {
        let answer = Mutex<HTTPResponse?>(nil)
        let done = DispatchSemaphore(value: 0)
        start { response in
            answer.withLock { $0 = response }
            done.signal()
        }
        done.wait()
        return answer.withLock { $0 } ?? .error(status: 500, message: "the work gave no answer")
    }
}

extension HTTPResponse {
    public static let jsonContentType = "application/json; charset=utf-8"

    public static func json(status: Int = 200, _ value: JSONValue, headers: [(String, String)] = []) -> HTTPResponse {
        json(status: status, raw: value.serialized, headers: headers)
    }

    /// Bytes that already are JSON.
    public static func json(status: Int = 200, raw: [UInt8], headers: [(String, String)] = []) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", jsonContentType)] + headers, body: .bytes(raw))
    }

    public static func text(
        status: Int = 200, _ text: String, contentType: String = "text/plain; charset=utf-8",
        headers: [(String, String)] = []
    ) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", contentType)] + headers, body: .bytes(Array(text.utf8)))
    }

    /// `{"error": message, …extra}`; every error the server itself produces has this shape.
    public static func error(
        status: Int, message: String, _ extra: KeyValuePairs<String, JSONValue> = [:], headers: [(String, String)] = []
    ) -> HTTPResponse {
        json(status: status, .object([("error", .string(message))] + extra.map { ($0.key, $0.value) }), headers: headers)
    }

    /// An answer `work` gives later, off the server's thread (see `Body.deferred`).
    public static func deferred(_ lane: DeferredWork.Lane = .shared,
                                _ work: @escaping @Sendable () -> HTTPResponse) -> HTTPResponse {
        HTTPResponse(body: .deferred(DeferredWork(lane: lane, work: work)))
    }

    /// This answer with `finish` applied once it is final: now, or as its deferred work answers
    /// (a middleware's last word on an answer it does not make itself).
    public func finishing(_ finish: @escaping @Sendable (inout HTTPResponse) -> Void) -> HTTPResponse {
        var answer = self
        if case .deferred(let work) = body {
            answer.body = .deferred(work.finishing(finish))
        } else {
            finish(&answer)
        }
        return answer
    }

    /// An answer `start` gives later by calling the function it is given (see `DeferredWork.Lane.handedOff`).
    public static func handedOff(
        _ start: @escaping @Sendable (@escaping @Sendable (HTTPResponse) -> Void) -> Void
    ) -> HTTPResponse {
        HTTPResponse(body: .deferred(DeferredWork(handingOff: start)))
    }

    public static func stream(
        _ producer: any StreamProducer, contentType: String, headers: [(String, String)] = []
    ) -> HTTPResponse {
        HTTPResponse(status: 200, headers: [("Content-Type", contentType)] + headers, body: .stream(producer))
    }
}
