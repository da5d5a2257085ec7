import APIModel
import Controls
import HTTPServer
import Scenes

/// The API as declared: every route group, in the order /openapi.json and the README list their
/// operations. The router, the document, the README tables and the boundary tests all read this
/// one list.
package enum APICatalogue {
    static let groups: [any RouteGroup.Type] = [
        ServerRoutes.self, StateRoutes.self, FrameRoutes.self, ClockRoutes.self, TimelineRoutes.self,
        ControlRoutes.self, PropsRoutes.self, ScenarioRoutes.self, EmbedRoutes.self, PageRoutes.self,
    ]

    /// The operations of a server of `controls`, their `control` parameters naming its controls.
    package static func operations(_ controls: ControlList) -> [APIOperation] {
        controls.derived("APICatalogue.operations") {
            groups.flatMap { $0.operations(for: controls) }.map { operation in
                var resolved = operation
                resolved.parameters = operation.parameters.map { $0.resolved(for: controls) }
                return resolved
            }
        }
    }

    /// Every group's endpoints bound to this server's services.
    static func endpoints(_ services: EdgeServices) -> [BoundEndpoint] {
        groups.flatMap { $0.bound(services) }
    }

    /// The checks every request of a declared operation passes, in order (`EndpointMiddleware`).
    static func middleware(_ services: EdgeServices) -> [any EndpointMiddleware] {
        let configuration = services.configuration, stage = services.stage
        let relay: [any EndpointMiddleware] = stage.replica.map { [ReplicaRelay(replica: $0, artworks: stage.artworks)] } ?? []
        return [RequestGuard(allowedOrigins: configuration.allowedOrigins, token: configuration.token),
                Revalidation(version: PreviewServer.version, cache: services.renderCache), BudgetAdmission(ledger: services.ledger)]
            + relay + [Offloading(), FailureLog(logger: stage.logger)]
    }

    static let info = OpenAPIGenerator.Info(
        title: "Layercast", version: PreviewServer.version,
        description: "Animated controls with Core Animation's semantics, rendered on one animation clock: frames, clips and an MJPEG stream to "
            + "watch them, commands to drive them, and their state to check them.\n\nEvery GET route also answers HEAD, "
            + "and every path answers OPTIONS with its Allow list. State-changing routes (POST, PUT, PATCH and DELETE) refuse "
            + "cross-site requests (403) and, with --token, requests without the token (401). Commands take their "
            + "parameters from the query, a form body or a JSON body, each parameter once; a parameter an operation "
            + "does not take is refused. Every error is a JSON object `{error, parameter?, allowed?}`. A read whose answer "
            + "documents `Access-Control-Allow-Origin: *` may be made from any origin's page, without credentials; its "
            + "preflight is granted, and its answers expose the headers they carry.")
}

/// The web page and its files: every path no other route has.
struct PageRoutes: FixedRoutes {
    let files: StaticFiles

    init(_ services: EdgeServices) { files = StaticFiles(root: services.configuration.publicDirectory) }

    static let endpoints = [staticFiles]

    /// What every file carries (`StaticFiles`), as /openapi.json documents it.
    static let fileHeaders: [ResponseHeader] = [
        .constant("X-Content-Type-Options", "nosniff"), .constant("Cache-Control", "no-cache"), ResponseHeader(name: "ETag"),
    ]

    static let staticFiles = Endpoint<Self>(
        APIOperation(
            .get, "/{file}", id: "staticFile", tag: "page", summary: "The web page and its files",
            description: "Regular files below the --public folder only (`/` serves index.html). `..`, encoded slashes, "
                + "backslashes, NUL bytes and symlinks leading out of the folder answer 404; directories are never "
                + "listed. Every file carries X-Content-Type-Options: nosniff and Cache-Control: no-cache with an ETag.",
            parameters: [Param.text("file", maxLength: 1024, in: .path, example: "index.html",
                                    "A file's path below the public folder.").required()],
            answers: [.notModified, .notFound("No such file (or one the server will not serve).")],
            ignoresUnknownQuery: true, answerSize: .unbounded),
        produces: Success(description: "The file.", content: .media(["*/*"], binary: true), headers: fileHeaders)
    ) { group, input in group.files.response(for: input.request) }
}
