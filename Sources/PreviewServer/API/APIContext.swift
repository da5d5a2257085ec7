import Controls
import HTTPServer
import Logging

/// What every route handler works with.
struct APIContext: Sendable {
    let configuration: PreviewServerConfiguration
    let scene: LiveScene
    let frameRenderer: FrameRenderer
    let hub: FrameHub
    let eventHub: EventHub
    let metrics: ServerMetrics
    let logger: Logger
    /// Shared by every copy of the context, so one per server.
    let clipSlots = ClipSlots(limit: maxConcurrentClips)

    /// Runs a handler body that throws `APIError`, turning the error into its JSON response.
    func answer(_ body: () throws(APIError) -> HTTPResponse) -> HTTPResponse {
        do {
            return try body()
        } catch {
            return error.response
        }
    }
}
