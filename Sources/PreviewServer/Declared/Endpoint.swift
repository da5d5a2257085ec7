import APIModel
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Controls
import HTTPServer
import Scenes

/// An operation and its handler, declared in a route group (`RouteGroup`). The handler gets the
/// group and the decoded `Input` and throws a `Refusal` (or any `HTTPResponseError`) for every
/// answer that is not its success.
struct Endpoint<Group: Sendable>: Sendable {
    var operation: APIOperation
    let handle: @Sendable (Group, Input) throws -> HTTPResponse
    /// For a command's route: the value a decoded request stands for (an upload's is a command of
    /// another operation, which names it by its hash), which the live scene and the replicated log
    /// run as its declaration says; nil for an operation that is no command on the scene.
    var commandValue: CommandValue?

    /// A JSON reply of `Reply`; the reply's schema in /openapi.json is derived from the same type,
    /// and `headers` with a constant value are set on every reply, with those `more` gives for the
    /// reply (a 201's `Location`).
    init<Reply: Codable & Sendable>(
        _ operation: APIOperation, reply: Reply.Type, _ description: String, status: Int = 200,
        headers: [ResponseHeader] = [], more: @escaping @Sendable (Reply) -> [(String, String)] = { _ in [] },
        handle: @escaping @Sendable (Group, Input) throws -> Reply
    ) {
        var operation = operation
        operation.success = Success(status: status, description: description, content: .json(.of(Reply.self)), headers: headers)
        self.operation = operation
        let constant = operation.success.constantHeaders
        self.handle = { group, input in
            let reply = try handle(group, input)
            return try Self.encoded(reply, status: status, headers: constant + more(reply))
        }
    }

    /// A reply as JSON.
    static func encoded<Reply: Encodable>(_ reply: Reply, status: Int = 200,
                                          headers: [(String, String)] = []) throws(Refusal) -> HTTPResponse {
        do {
            return .json(status: status, raw: Array(try SceneStateEncoding.encoder.encode(reply)), headers: headers)
        } catch {
            throw Refusal(.failure, "could not encode the reply")
        }
    }

    /// Any other answer: images, streams, text.
    init(_ operation: APIOperation, produces success: Success,
         handle: @escaping @Sendable (Group, Input) throws -> HTTPResponse) {
        var operation = operation
        operation.success = success
        self.operation = operation
        self.handle = handle
    }

    /// The endpoint with its group: what the router serves.
    func bound(to group: Group) -> BoundEndpoint {
        let handle = self.handle
        return BoundEndpoint(operation: operation, commandValue: commandValue) { input in try handle(group, input) }
    }
}

/// A declared operation ready to answer, its handler bound to its group's services.
struct BoundEndpoint: Sendable {
    var operation: APIOperation
    let commandValue: CommandValue?
    let respond: @Sendable (Input) throws -> HTTPResponse
}

/// A feature's routes, as a collection (the clock's, the timeline's, the scenarios'): its
/// endpoints for a list of controls, declared as statics so that /openapi.json and the README need
/// no server, and what they use of the server, taken from its services when it is built.
protocol RouteGroup: Sendable {
    init(_ services: EdgeServices)
    static func endpoints(for controls: ControlList) -> [Endpoint<Self>]
}

/// A group whose routes are the same whatever the controls.
protocol FixedRoutes: RouteGroup {
    static var endpoints: [Endpoint<Self>] { get }
}

extension FixedRoutes {
    static func endpoints(for controls: ControlList) -> [Endpoint<Self>] { endpoints }
}

extension RouteGroup {
    static func operations(for controls: ControlList) -> [APIOperation] { endpoints(for: controls).map(\.operation) }

    static func bound(_ services: EdgeServices) -> [BoundEndpoint] {
        let group = Self(services)
        return endpoints(for: services.stage.settings.controls).map { $0.bound(to: group) }
    }
}

extension Router {
    /// Registers declared operations behind `middleware`, in its order: first each one's `check`
    /// on the request as it came, then the request is decoded strictly against its declaration,
    /// all on the server's thread, so a refusal goes out at once; then each one's `handle` around
    /// the handler. A thrown `HTTPResponseError` is the answer, anything else a 500. The checks and
    /// what decoding can tell without the body also answer a head that waits for `100 Continue`.
    mutating func register(_ endpoints: [BoundEndpoint], configuration: PreviewServerConfiguration,
                           middleware: [any EndpointMiddleware]) {
        for endpoint in endpoints {
            let operation = endpoint.operation
            let chain = middleware.reversed().reduce({ @Sendable (call: EndpointCall) in try endpoint.respond(call.input) }) {
                next, step in { call in try step.handle(call, next: next) }
            }
            let check: HeadCheck = { request in
                for step in middleware {
                    if let refused = step.check(request, for: operation) { return refused }
                }
                return nil
            }
            let headCheck: HeadCheck = { request in
                check(request) ?? Input.headRefusal(request, for: operation, configuration: configuration)?.response
            }
            add(operation.method.rawValue, operation.routePattern, maxBodyBytes: operation.maxBodyBytes, headCheck: headCheck,
                crossOriginReads: operation.readableCrossOrigin, throwing: { request in
                if let refused = check(request) { return refused }
                let input = try Input(decoding: request, for: operation, configuration: configuration)
                return try chain(EndpointCall(endpoint: endpoint, input: input))
            })
        }
    }
}

extension Success {
    /// The headers whose value is the same on every answer, as the answer carries them.
    var constantHeaders: [(String, String)] { headers.compactMap { h in h.value.map { (h.name, $0) } } }
}
