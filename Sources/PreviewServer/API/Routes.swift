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
        r.get("/layout") { _ in self.layout() }
        r.get("/frame.png", offload: true) { self.frameOrVariants($0, png: true) }
        r.get("/frame.jpg", offload: true) { self.frameOrVariants($0, png: false) }
        r.get("/clip.webp", offload: true) { self.clip($0, format: .webp) }
        r.get("/clip.gif", offload: true) { self.clip($0, format: .gif) }
        r.get("/stream.mjpg") { self.stream($0) }
        r.get("/events") { _ in self.events() }
        r.get("/metrics") { _ in self.metricsPage() }
        r.get("/openapi.json") { _ in self.openAPI() }

        r.get("/clock") { _ in self.getClock() }
        r.post("/clock", command { self.postClock($0) })

        r.post("/spinner/start", command { _ in self.spinner(start: true) })
        r.post("/spinner/stop", command { _ in self.spinner(start: false) })

        r.post("/meter/press", command { _ in self.meter(.press) })
        r.post("/meter/release", command { _ in self.meter(.release) })
        r.post("/meter/hold", command { self.meterHold($0) })
        r.post("/meter/reset", command { _ in self.meter(.reset) })
        r.put("/meter/config", command { self.meterConfig($0) })

        r.post("/player/play", command { _ in self.player(.play) })
        r.post("/player/pause", command { _ in self.player(.pause) })
        r.post("/player/toggle", command { _ in self.player(.toggle) })
        r.post("/player/restart", command { _ in self.player(.restart) })
        r.post("/player/seek", command { self.playerSeek($0) })
        r.put("/player/artwork", offload: true, maxBodyBytes: Self.maxArtworkBytes, command { self.playerArtwork($0) })

        r.post("/play-button/mode", command { self.playButtonMode($0) })
        r.post("/play-button/highlighted", command { self.playButtonFlag(.highlighted, $0) })
        r.post("/play-button/enabled", command { self.playButtonFlag(.enabled, $0) })
        r.put("/play-button/theme", command { self.playButtonTheme($0) })
        r.get("/play-button/paths") { self.playButtonPaths($0) }

        let files = StaticFiles(root: configuration.publicDirectory)
        r.get("/*") { files.response(for: $0) }
        return r
    }
}
