import Controls
import HTTPServer
import Scenes

/// The API as declared: every operation with its handler, in the order /openapi.json and the
/// README list them. The router, the document, the README tables and the boundary tests all read
/// this one list.
extension APIContext {
    static let endpoints: [Endpoint<APIContext>] = [
        health, openAPIEndpoint, metricsEndpoint,
        getState, getSnapshot, getLayout, eventsEndpoint,
        frameEndpoint(png: true), frameEndpoint(png: false), clipEndpoint(.webp), clipEndpoint(.gif), clipEndpoint(.mp4), clipEndpoint(.webm),
        stream,
        getClock, setClock, getTimeline, getTimelineValues, timelinePicture,
    ] + controlEndpoints + propsEndpoints + [
        storeScenario, listScenarios, getScenario, playScenario, recordScenario,
        staticFiles,
    ]

    static var operations: [APIOperation] { endpoints.map(\.operation) }

    /// Each control's commands as it declares them, with the routes that are the HTTP edge's alone
    /// beside them: an upload before the command its value is, the play button's shapes after its commands.
    static var controlEndpoints: [Endpoint<APIContext>] {
        Scene.commandDeclarations.flatMap { declaration -> [Endpoint<APIContext>] in
            let endpoint = Endpoint(declaration: declaration)
            return switch declaration.name {
            case MusicPlayer.artworkByHash.name: [playerArtwork, endpoint]
            case PlayButton.commands.last?.name: [endpoint, playButtonPaths]
            default: [endpoint]
            }
        }
    }

    static let info = OpenAPIGenerator.Info(
        title: "Layercast", version: PreviewServer.version,
        description: "Four iOS animated controls rendered on one animation clock: frames, clips and an MJPEG stream to "
            + "watch them, commands to drive them, and their state to check them.\n\nEvery GET route also answers HEAD, "
            + "and every path answers OPTIONS with its Allow list. State-changing routes (POST, PUT, PATCH and DELETE) refuse "
            + "cross-site requests (403) and, with --token, requests without the token (401). Commands take their "
            + "parameters from the query, a form body or a JSON body, each parameter once; a parameter an operation "
            + "does not take is refused. Every error is a JSON object `{error, parameter?, allowed?}`.")

    static let staticFiles = Endpoint<APIContext>(
        APIOperation(
            .get, "/{file}", id: "staticFile", tag: "page", summary: "The web page and its files",
            description: "Regular files below the --public folder only (`/` serves index.html). `..`, encoded slashes, "
                + "backslashes, NUL bytes and symlinks leading out of the folder answer 404; directories are never "
                + "listed. Every file carries X-Content-Type-Options: nosniff and Cache-Control: no-cache with an ETag.",
            parameters: [Param.text("file", maxLength: 1024, in: .path, example: "index.html",
                                    "A file's path below the public folder.").required()],
            answers: [.notModified, .notFound("No such file (or one the server will not serve).")],
            ignoresUnknownQuery: true),
        produces: Success(description: "The file.", content: .media(["*/*"], binary: true), headers: [
            .constant("X-Content-Type-Options", "nosniff"), .constant("Cache-Control", "no-cache"),
            ResponseHeader(name: "ETag"),
        ])
    ) { context, input in context.files.response(for: input.request) }

    /// Every declared operation on a router: commands behind the origin and token checks, each
    /// request decoded strictly against its declaration.
    func router() -> Router {
        var router = Router()
        let guarded = RequestGuard(allowedOrigins: configuration.allowedOrigins, token: configuration.token)
        let logger = self.logger
        let artworks = self.artworks
        let relay = replica.map { replica in
            { @Sendable (value: @escaping CommandValue, input: Input, deliver: @escaping @Sendable (HTTPResponse) -> Void) in
                replica.submit({ () throws(Refusal) in try value(input, artworks) }) { deliver(HTTPResponse($0)) }
            }
        }
        router.register(endpoints, context: self, configuration: configuration, check: guarded.check,
                        admit: admit, relay: relay) { operation, error in
            logger.error("\(operation.id) failed: \(error)")
        }
        return router
    }

    /// The header a replicated command's answer names its log entry in.
    static let entryHeader = "Layercast-Log-Entry"

    /// Prices a request from its parameters before any work starts: 400 if it could never fit a
    /// budget, and for offloaded work (frames, clips, uploads) a reservation of every share, or
    /// 503 when other requests hold them. A stream reserves when it joins its feed (`FrameHub`),
    /// since only a new feed costs renders.
    @Sendable func admit(_ operation: APIOperation, _ input: Input) throws(Refusal) -> BudgetTicket? {
        guard let cost = try operation.cost?(input) else { return nil }
        try ledger.checkFits(cost.shares)
        guard operation.offload != nil else { return nil }
        return try ledger.reserve(cost.shares)
    }
}

extension HTTPResponse {
    /// A replicated command's answer, its reply or its refusal, naming the log entry it was applied as.
    init(_ answer: LoggedAnswer) {
        switch answer.outcome {
        case .success(let reply): self = .json(raw: reply)
        case .failure(let refusal): self = refusal.response
        }
        if let entry = answer.entry { headers.append((APIContext.entryHeader, entry)) }
    }
}
