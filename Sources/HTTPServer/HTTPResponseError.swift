/// An error that carries its own HTTP answer, as Hummingbird's `HTTPResponseError` does: a handler
/// throws it where it finds the problem, and the router sends `response` in its place.
public protocol HTTPResponseError: Error {
    var response: HTTPResponse { get }
}

/// A handler that may throw. An `HTTPResponseError` becomes its own answer; any other error becomes
/// a JSON 500 that names no internals (the caller that registers it decides whether to log it).
public typealias ThrowingHTTPHandler = @Sendable (HTTPRequest) throws -> HTTPResponse

extension HTTPResponse {
    /// The answer for an error a handler threw.
    public init(answering error: any Error) {
        if let known = error as? any HTTPResponseError {
            self = known.response
        } else {
            self = .error(status: 500, message: "internal error")
        }
    }
}

extension Router {
    /// Registers a handler that may throw (see `ThrowingHTTPHandler`).
    public mutating func add(
        _ method: String, _ pattern: String, maxBodyBytes: Int? = nil, headCheck: HeadCheck? = nil,
        crossOriginReads: Bool = false, throwing handler: @escaping ThrowingHTTPHandler
    ) {
        add(method, pattern, maxBodyBytes: maxBodyBytes, headCheck: headCheck, crossOriginReads: crossOriginReads) { request in
            do {
                return try handler(request)
            } catch {
                return HTTPResponse(answering: error)
            }
        }
    }
}
