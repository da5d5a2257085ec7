import HTTPServer
import Logging
import Controls
import Scenes

/// Logs what a handler failed with: an error that is no answer of its own, or a refusal of the
/// kind `failure` (a 500 the API throws itself). Refusals a client caused are not logged.
struct FailureLog: EndpointMiddleware {
    let logger: Logger

    func handle(_ call: EndpointCall, next: @escaping EndpointResponder) throws -> HTTPResponse {
        do {
            return try next(call)
        } catch {
            if !(error is any HTTPResponseError) || (error as? Refusal)?.kind == .failure {
                logger.error("\(call.operation.id) failed: \(error)")
            }
            throw error
        }
    }
}
