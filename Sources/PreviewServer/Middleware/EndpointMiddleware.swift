import APIModel
import HTTPServer
import Scenes

/// One request of a declared operation, decoded: what middleware and the handler see.
struct EndpointCall: Sendable {
    let endpoint: BoundEndpoint
    let input: Input
    var operation: APIOperation { endpoint.operation }
}

typealias EndpointResponder = @Sendable (EndpointCall) throws -> HTTPResponse

/// A cross-cutting step between the router and a declared operation's handler, composed in a list
/// as Hummingbird composes router middleware (`PreviewServer.middleware`): `check` sees the request
/// as it came, before it is decoded, and an answer refuses it (Origin, token); `handle` wraps the
/// rest of the chain (budgets, the replica's log, the thread a handler runs on, failures).
///
/// The Host check and the per-IP connection limit are no step here: `HTTPServer` applies them to a
/// request's head and a connection's accept, before a body is read (`HeadChecks`, `Server`).
protocol EndpointMiddleware: Sendable {
    func check(_ request: HTTPRequest, for operation: APIOperation) -> HTTPResponse?
    func handle(_ call: EndpointCall, next: @escaping EndpointResponder) throws -> HTTPResponse
}

extension EndpointMiddleware {
    func check(_ request: HTTPRequest, for operation: APIOperation) -> HTTPResponse? { nil }
    func handle(_ call: EndpointCall, next: @escaping EndpointResponder) throws -> HTTPResponse { try next(call) }
}
