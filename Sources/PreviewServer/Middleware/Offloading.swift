import HTTPServer

/// Runs an offloaded operation's handler off the server's thread, on the lane its declaration
/// names (`DeferredWork.Lane`): everything before it (checks, decoding, pricing) has already
/// answered or passed on the server's thread.
struct Offloading: EndpointMiddleware {
    func handle(_ call: EndpointCall, next: @escaping EndpointResponder) throws -> HTTPResponse {
        guard let lane = call.operation.offload else { return try next(call) }
        return .deferred(lane) {
            do {
                return try next(call)
            } catch {
                return HTTPResponse(answering: error)
            }
        }
    }
}
