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
    /// What is in use of each budget; shared by every copy of the context, so one per server.
    let ledger: BudgetLedger
    let artworks = ArtworkLibrary()
    let scenarios = ScenarioStore()
    let recorder = ScenarioRecorder()
    let files: StaticFiles
    /// The operations this server serves (the catalogue, unless a test declares otherwise), and
    /// the document generated from them.
    let endpoints: [Endpoint<APIContext>]
    /// The endpoints' commands, by their public names: what a log entry's value runs.
    let commands: [String: SceneCommand]
    let openAPIBytes: [UInt8]
    /// The shared command log, when the server is a replica.
    let replica: Replica?

    init(configuration: PreviewServerConfiguration, scene: LiveScene, frameRenderer: FrameRenderer, hub: FrameHub,
         eventHub: EventHub, metrics: ServerMetrics, ledger: BudgetLedger, logger: Logger,
         endpoints: [Endpoint<APIContext>] = Self.endpoints, replica: Replica? = nil) {
        self.replica = replica
        self.configuration = configuration
        self.scene = scene
        self.frameRenderer = frameRenderer
        self.hub = hub
        self.eventHub = eventHub
        self.metrics = metrics
        self.ledger = ledger
        self.logger = logger
        files = StaticFiles(root: configuration.publicDirectory)
        self.endpoints = endpoints
        commands = Dictionary(endpoints.compactMap { e in e.sceneCommand.map { (e.operation.commandName, $0) } },
                              uniquingKeysWith: { first, _ in first })
        openAPIBytes = OpenAPIGenerator(info: Self.info, operations: endpoints.map(\.operation),
                                        configuration: configuration).document().serialized
    }
}
