import APIModel
import Animation
import Controls
import HTTPServer
import Logging
import Scenes

/// The preview server: one live scene on one clock, rendered by a shared frame renderer, streamed
/// by the frame hub and driven over HTTP.
public final class PreviewServer: Sendable {
    /// The server's version, as `layercast --version` and /openapi.json give it.
    public static let version = "0.1.0"

    public let configuration: PreviewServerConfiguration
    public let scene: LiveScene
    let services: EdgeServices
    private let router: Router
    private let server: HTTPServer
    private let sweeper: CacheSweeper
    private let replica: Replica?
    /// Why `start()` must refuse: the data folder is another server's, or cannot be made.
    private let dataFolderProblem: SavedWorkProblem?

    public convenience init(configuration: PreviewServerConfiguration, clock: any ControllableClock = MonotonicClock(),
                            logger: Logger = Logger(label: "layercast")) {
        self.init(configuration: configuration, clock: clock, logger: logger, revising: { _ in })
    }

    /// A server whose operations are declared otherwise than the catalogue's, each passed through
    /// `revise` (a test changes one and sees it followed).
    init(configuration: PreviewServerConfiguration, clock: any ControllableClock, logger: Logger,
         revising revise: (inout APIOperation) -> Void) {
        self.configuration = configuration
        let historyBytes = configuration.settings.limits.base(.history)
        let replica = configuration.replication.map { Replica(settings: $0, logger: logger) { DedicatedThread.start($0) } }
        self.replica = replica
        // A replica's scene starts at scene time 0, the epoch, whenever it joins, so that every
        // replica's scene is the same function of the log.
        scene = LiveScene(clock: replica?.clock ?? clock, configuration: configuration.settings.scene, historyBytes: historyBytes,
                          historySpan: configuration.settings.historySpan, startHost: replica == nil ? nil : 0)
        let frameRenderer = FrameRenderer()
        sweeper = CacheSweeper(frameRenderer: frameRenderer, scene: scene)
        let metrics = ServerMetrics()
        let ledger = BudgetLedger(settings: configuration.settings.limits, refused: { limit, refusal in
            metrics.budgetRefused(limit, status: refusal.status)
        }, releasedLarge: MemoryTrim.soon)
        metrics.historySpan(configuration.settings.historySpan)
        let hub = FrameHub(scene: scene, frameRenderer: frameRenderer, counters: StreamCounters(metrics: metrics),
                           ledger: ledger)
        let events = EventHub(source: StateRoutes.eventSource(scene: scene, fps: configuration.settings.fps), now: MonotonicClock.hostTime)
        var dataFolder: DataFolder?
        var dataFolderProblem: SavedWorkProblem?
        if let path = configuration.dataDirectory, replica == nil {
            do throws(SavedWorkProblem) {
                dataFolder = try DataFolder(path: path)
            } catch {
                dataFolderProblem = error
            }
        }
        self.dataFolderProblem = dataFolderProblem
        let stage = Stage(settings: configuration.settings, scene: scene, frameRenderer: frameRenderer, replica: replica,
                          logger: logger, dataFolder: dataFolder)
        func revised<Declared>(_ declared: Declared, _ operation: WritableKeyPath<Declared, APIOperation>) -> Declared {
            var declared = declared
            revise(&declared[keyPath: operation])
            return declared
        }
        let openAPI = OpenAPIGenerator(info: APICatalogue.info, operations: APICatalogue.operations(configuration.controls).map { revised($0, \.self) },
                                       configuration: configuration).document().serialized
        services = EdgeServices(configuration: configuration, stage: stage, hub: hub, eventHub: events, metrics: metrics,
                                ledger: ledger, renderCache: RenderCache(maxBytes: ledger.limit(.memory) / Revalidation.cacheShare,
                                                                         ledger: ledger),
                                openAPIBytes: openAPI)
        stage.attachReplica()
        if let replica { metrics.readReplication { replica.status } }
        let scene = self.scene
        // The metrics observe the ledger and the HTTP counters but do not own them: the ledger
        // reports refusals to the metrics, so a strong capture here would be a cycle that keeps a
        // stopped server (and its scene) alive.
        metrics.readBudgets { [weak ledger] in
            (ledger?.usage ?? []) + [BudgetUsage(limit: .history, max: historyBytes, inUse: scene.historyBytes)]
        }
        var http = HTTPServerConfiguration()
        http.host = configuration.host
        http.port = configuration.port
        http.connectionTimeout = .seconds(configuration.connectionTimeout)
        http.headDeadline = configuration.headDeadline > 0 ? .seconds(configuration.headDeadline) : nil
        http.maxConnectionsPerIP = configuration.maxConnectionsPerIP
        http.allowedHosts = AllowedHosts(configuration.allowedHosts)
        http.hostRefusalHint = "start layercast with --allowed-host NAME (or LAYERCAST_ALLOWED_HOST) to answer to another name"
        // A slow viewer's kernel queue holds about one frame, so "newest wins" holds on the wire too.
        http.streamSendLowWatermark = 16 * 1024
        http.onRequestCompleted = { record in
            metrics.request(route: record.route, method: record.method, status: record.status)
        }
        // An upload's body is memory held from its first byte: admitted from its declared length.
        http.bodyAdmission = { bytes in
            do throws(Refusal) {
                return .admit(held: try ledger.reserve([BudgetShare(.memory, bytes)]))
            } catch {
                return .refuse(error.response)
            }
        }
        var router = Router()
        router.register(APICatalogue.endpoints(services).map { revised($0, \.operation) }, configuration: configuration,
                        middleware: APICatalogue.middleware(services))
        self.router = router
        let server = HTTPServer(configuration: http, router: router, logger: logger)
        let counters = server.counters
        metrics.readHTTPCounters { counters.snapshot }
        self.server = server
    }

    /// Starts serving; a replica first joins its scene (and throws when its log cannot be reached).
    /// Throws `SavedWorkProblem` when the data folder is another server's or cannot be made.
    public func start() throws {
        if let dataFolderProblem { throw dataFolderProblem }
        let logger = services.stage.logger
        if let folder = services.stage.dataFolder {
            if let problem = folder.problem {
                logger.error("saved work: \(problem)")
            } else {
                logger.info("saved work in \(folder.path)")
            }
        } else if let path = configuration.dataDirectory, replica != nil {
            logger.notice("saved work is shared through Redis on a replica; --data \(path) is not used")
        }
        if let replica {
            do {
                try replica.join()
            } catch {
                throw ReplicationUnavailable(target: replica.settings.target, reason: error)
            }
        }
        try server.start()
        sweeper.start()
        if let warning = configuration.exposureWarning { logger.warning("\(warning)") }
    }

    /// The bound port (useful with port 0).
    public var port: Int { Int(server.port) }

    public var routes: [RouteDescription] { router.registeredRoutes }

    /// Answers one request in process, without a connection or `start()` (the tests' router mode).
    public func respond(to request: HTTPRequest) -> HTTPResponse { router.respond(to: request) }

    /// Open connections and streams as the HTTP layer counts them (for leak checks).
    public var httpCounters: HTTPServerCounters.Snapshot { server.counters.snapshot }

    /// Ends every stream and stops the server; returns how many viewers were disconnected.
    @discardableResult
    public func stop() -> Int {
        let viewers = services.hub.finishAll()
        services.eventHub.finishAll()
        sweeper.stop()
        // Before the HTTP server: commands still waiting for the log get their 503 on open connections.
        replica?.stop()
        server.stop()
        // Nothing is served now: the folder is free for the next server, whoever still holds this one.
        services.stage.dataFolder?.release()
        return viewers
    }
}
