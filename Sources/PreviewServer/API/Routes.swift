import HTTPServer

/// Every route of the API, in one place, so the router, the docs and the tests agree.
extension APIContext {
    func router() -> Router {
        var r = Router()
        let guarded = RequestGuard(allowedOrigins: configuration.allowedOrigins, token: configuration.token)
        /// State-changing routes pass the origin and token checks first.
        func command(_ handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse) -> @Sendable (HTTPRequest) -> HTTPResponse {
            { request in guarded.check(request) ?? handler(request) }
        }

        r.get("/healthz") { _ in .text("ok\n") }
        r.get("/state") { _ in self.state() }
        r.get("/frame.png", offload: true) { self.frame($0, png: true) }
        r.get("/frame.jpg", offload: true) { self.frame($0, png: false) }
        r.get("/stream.mjpg") { self.stream($0) }

        r.get("/clock") { _ in self.getClock() }
        r.post("/clock", command { self.postClock($0) })

        r.post("/spinner/start", command { _ in self.spinner(start: true) })
        r.post("/spinner/stop", command { _ in self.spinner(start: false) })

        let files = StaticFiles(root: configuration.publicDirectory)
        r.get("/*") { files.response(for: $0) }
        return r
    }
}
