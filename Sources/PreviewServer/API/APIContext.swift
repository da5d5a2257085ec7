import Controls
import HTTPServer
import Logging
import Scenes

/// What every route handler works with: the stage (the live scene and what works on it) and what
/// is the HTTP edge's own.
struct APIContext: Sendable {
    let configuration: PreviewServerConfiguration
    let stage: Stage
    let hub: FrameHub
    let eventHub: EventHub
    let metrics: ServerMetrics
    /// What is in use of each budget; shared by every copy of the context, so one per server.
    let ledger: BudgetLedger
    let files: StaticFiles
    /// The operations this server serves (the catalogue, unless a test declares otherwise), and
    /// the document generated from them.
    let endpoints: [Endpoint<APIContext>]
    let openAPIBytes: [UInt8]

    var scene: LiveScene { stage.scene }
    var frameRenderer: FrameRenderer { stage.frameRenderer }
    var artworks: ArtworkLibrary { stage.artworks }
    var scenarios: ScenarioStore { stage.scenarios }
    var recorder: ScenarioRecorder { stage.recorder }
    var replica: Replica? { stage.replica }
    var logger: Logger { stage.logger }

    init(configuration: PreviewServerConfiguration, stage: Stage, hub: FrameHub, eventHub: EventHub,
         metrics: ServerMetrics, ledger: BudgetLedger, endpoints: [Endpoint<APIContext>] = Self.endpoints) {
        self.configuration = configuration
        self.stage = stage
        self.hub = hub
        self.eventHub = eventHub
        self.metrics = metrics
        self.ledger = ledger
        files = StaticFiles(root: configuration.publicDirectory)
        self.endpoints = endpoints
        openAPIBytes = OpenAPIGenerator(info: Self.info, operations: endpoints.map(\.operation),
                                        configuration: configuration).document().serialized
    }
}
