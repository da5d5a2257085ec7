import APIModel
import HTTPServer
import Scenes

/// What the server's route groups are built from (`RouteGroup`): the stage (the live scene and
/// what works on it) and the services that are the HTTP edge's own. Each group keeps only what
/// its routes use.
struct EdgeServices: Sendable {
    let configuration: PreviewServerConfiguration
    let stage: Stage
    let hub: FrameHub
    let eventHub: EventHub
    let metrics: ServerMetrics
    /// What is in use of each budget; one per server.
    let ledger: BudgetLedger
    /// Answers whose URL fixes their bytes, kept so that a repeat is not rendered again (`Revalidation`).
    let renderCache: RenderCache<CachedAnswer>
    /// /openapi.json as this server serves it, generated from its operations.
    let openAPIBytes: [UInt8]
}
