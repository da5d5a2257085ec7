#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Controls
import HTTPServer
import Scenes

/// An operation and its handler. The handler gets the decoded `Input` and throws a `Refusal`
/// (or any `HTTPResponseError`) for every answer that is not its success.
struct Endpoint<Context: Sendable>: Sendable {
    var operation: APIOperation
    let handle: @Sendable (Context, Input) throws -> HTTPResponse
    /// For a command's route: the value a decoded request stands for (an upload's is a command of
    /// another operation, which names it by its hash), which the live scene and the replicated log
    /// run as its declaration says; nil for an operation that is no command on the scene.
    var commandValue: CommandValue?

    /// A JSON reply of `Reply`; the reply's schema in /openapi.json is derived from the same type,
    /// and `headers` with a constant value are set on every reply.
    init<Reply: Codable & Sendable>(
        _ operation: APIOperation, reply: Reply.Type, _ description: String, headers: [ResponseHeader] = [],
        handle: @escaping @Sendable (Context, Input) throws -> Reply
    ) {
        var operation = operation
        operation.success = Success(description: description, content: .json(.of(Reply.self)), headers: headers)
        self.operation = operation
        let constant = headers.compactMap { h in h.value.map { (h.name, $0) } }
        self.handle = { context, input in try Self.encoded(try handle(context, input), headers: constant) }
    }

    /// A reply as JSON.
    static func encoded<Reply: Encodable>(_ reply: Reply, headers: [(String, String)] = []) throws(Refusal) -> HTTPResponse {
        do {
            return .json(raw: Array(try SceneStateEncoding.encoder.encode(reply)), headers: headers)
        } catch {
            throw Refusal(.failure, "could not encode the reply")
        }
    }

    /// Any other answer: images, streams, text.
    init(_ operation: APIOperation, produces success: Success,
         handle: @escaping @Sendable (Context, Input) throws -> HTTPResponse) {
        var operation = operation
        operation.success = success
        self.operation = operation
        self.handle = handle
    }
}

extension Router {
    /// Registers declared operations: commands pass `check` (origin and token) first, then the
    /// request is decoded strictly against the declaration and priced (`admit`), all on the
    /// server's thread, so a refusal goes out at once; then the handler runs, off that thread
    /// for an offloaded operation. With `relay` (a replica), a command that goes through the log is
    /// handed to it as its value instead, which answers once the shared log has brought it back
    /// and it is applied. A thrown
    /// `HTTPResponseError` is the answer; anything else is reported to `failed` and answered 500.
    mutating func register<Context>(
        _ endpoints: [Endpoint<Context>], context: Context, configuration: PreviewServerConfiguration,
        check: @escaping @Sendable (HTTPRequest) -> HTTPResponse?,
        admit: @escaping @Sendable (APIOperation, Input) throws -> BudgetTicket?,
        relay: (@Sendable (@escaping CommandValue, Input, @escaping @Sendable (HTTPResponse) -> Void) -> Void)? = nil,
        failed: @escaping @Sendable (APIOperation, any Error) -> Void
    ) {
        for endpoint in endpoints {
            let operation = endpoint.operation
            let constant = operation.success.headers.compactMap { h in h.value.map { (h.name, $0) } }
            add(operation.method.rawValue, operation.routePattern, maxBodyBytes: operation.maxBodyBytes, throwing: { request in
                if operation.isCommand, let refused = check(request) { return refused }
                return try Self.answer(operation, failed) {
                    let input = try Input(decoding: request, for: operation, configuration: configuration)
                    let ticket = try admit(operation, input)
                    if operation.goesThroughLog, let relay, let value = endpoint.commandValue {
                        // A replica's command goes through the shared log; its answer comes once it
                        // is applied here (docs/design/replication.md §Commands).
                        return .handedOff { deliver in
                            relay(value, input) { answer in
                                var response = answer
                                if response.status < 300 { response.headers += constant }
                                ticket?.keepOnly(memory: response.bodyBytes?.count ?? 0)
                                response.heldUntilSent = ticket
                                deliver(response)
                            }
                        }
                    }
                    guard let lane = operation.offload else { return try endpoint.handle(context, input) }
                    return .deferred(lane) {
                        var response = HTTPResponse(answering: operation, failed) { try endpoint.handle(context, input) }
                        // Until it is sent, the answer holds its bytes, and nothing else, of the budgets.
                        ticket?.keepOnly(memory: response.bodyBytes?.count ?? 0)
                        response.heldUntilSent = ticket
                        return response
                    }
                }
            })
        }
    }

    /// Runs `body`; an `HTTPResponseError` is rethrown as it is (the router answers it), anything
    /// else is reported to `failed` first, as is a 500 the API throws itself.
    fileprivate static func answer(
        _ operation: APIOperation, _ failed: @Sendable (APIOperation, any Error) -> Void,
        _ body: () throws -> HTTPResponse
    ) throws -> HTTPResponse {
        do {
            return try body()
        } catch let error as any HTTPResponseError {
            if let refusal = error as? Refusal, refusal.kind == .failure { failed(operation, error) }
            throw error
        } catch {
            failed(operation, error)
            throw error
        }
    }
}

extension HTTPResponse {
    /// What `body` answers, or its error's answer (see `Router.answer`).
    fileprivate init(answering operation: APIOperation, _ failed: @Sendable (APIOperation, any Error) -> Void,
                     _ body: () throws -> HTTPResponse) {
        do {
            self = try Router.answer(operation, failed, body)
        } catch {
            self = HTTPResponse(answering: error)
        }
    }
}
