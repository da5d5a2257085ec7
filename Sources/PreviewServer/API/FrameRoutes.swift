import APIModel
import Controls
import HTTPServer
import Rendering
import Scenes

/// `GET /frame.png`, `GET /frame.jpg` (a frame, or variants side by side), the clips
/// (`ClipRoutes.swift`) and `GET /stream.mjpg`: pictures of the scene, rendered from copies.
struct FrameRoutes: FixedRoutes {
    let stage: Stage
    let hub: FrameHub
    let metrics: ServerMetrics

    init(_ services: EdgeServices) { (stage, hub, metrics) = (services.stage, services.hub, services.metrics) }

    static let endpoints = [frameEndpoint(png: true), frameEndpoint(png: false)] + ClipFormat.allCases.map(clipEndpoint)
        + [stream, streamMP4]

    var scene: LiveScene { stage.scene }
    var frameRenderer: FrameRenderer { stage.frameRenderer }

    static let sceneTimeHeader = ResponseHeader(
        name: "X-Scene-Time", description: "The scene time the frame shows, seconds with 6 decimals.",
        pattern: "^-?[0-9]+\\.[0-9]{6}$")

    static func frameEndpoint(png: Bool) -> Endpoint<Self> {
        let format = png ? "PNG" : "JPEG"
        return Endpoint(
            APIOperation(
                .get, png ? "/frame.png" : "/frame.jpg", id: png ? "framePNG" : "frameJPEG", tag: "frames",
                summary: "One frame of the scene as it is now, as \(format)",
                description: "Renders the scene as it is now (or `ahead` seconds on, with no further commands but the "
                    + "steps of a playing scenario, or at the scene time `at`) from a copy, so it never moves the live "
                    + "scene or the clock. With `variants=` the "
                    + "chosen control is shown in several modes, themes or scales side by side, each with a caption "
                    + "(header `X-Variants`). With `scenario=` it shows that scenario instead, played from a fresh "
                    + "scene (or its snapshot, `from`, as a recording's), `ahead` seconds from its start.",
                parameters: FrameParameters.common
                    + [FrameParameters.ahead, FrameParameters.at, FrameParameters.variants, FrameParameters.scenario,
                       Revalidation.pinnedVersion],
                crossOrigin: true, pinnedWhen: Self.pinnedByURL,
                answers: [.notFound("No stored scenario has the id given in `scenario`."), scenarioConflict],
                rules: FrameParameters.whenRules, offload: .shared, families: [FrameParameters.props], answerSize: .priced,
                cost: { input throws(Refusal) in .frame(pixels: try FrameParameters.Picture(input).pixels(), png: png) }),
            produces: Success(description: "One frame.", content: .media([png ? "image/png" : "image/jpeg"], binary: true),
                              headers: [
                                  sceneTimeHeader,
                                  ResponseHeader(name: "X-Timestamp", description: "Wall-clock time of rendering, Unix "
                                      + "seconds with microseconds.", pattern: "^[0-9]+\\.[0-9]{6}$"),
                                  Revalidation.cacheControlHeader,
                                  ResponseHeader(name: "X-Variants",
                                                 description: "With variants=: the captions of the cells, left to right."),
                              ])
        ) { group, input in try group.frame(input, png: png) }
    }

    /// A stored scenario's frames and clips are fixed by their URL: its id is the hash of its text,
    /// and it plays from a fresh scene (`Revalidation`).
    @Sendable static func pinnedByURL(_ input: Input) -> Bool { input.has(FrameParameters.scenario) }

    static let stream = Endpoint<Self>(
        APIOperation(
            .get, "/stream.mjpg", id: "stream", tag: "frames", summary: "A live MJPEG stream of the scene",
            description: "multipart/x-mixed-replace JPEG parts at `fps`, always the newest frame (a slow viewer skips "
                + "frames rather than falls behind). All viewers of one feed (the same frame parameters and fps) share "
                + "one render and encode per frame: a new feed takes its pixels per second from the render budget, "
                + "another viewer of a feed only its connection's buffers from the memory budget. The response never "
                + "ends by itself; it is sent as plain bytes until close, never chunked. `props.` shows the scene "
                + "through other props for this feed's viewers alone (each set of them is a feed of its own).",
            parameters: FrameParameters.common + [streamFPS], crossOrigin: true, families: [FrameParameters.props], answerSize: .unbounded,
            cost: { input throws(Refusal) in try streamCost(input, .mjpeg) }),
        // The media type without its boundary parameter, as OpenAPI names content.
        produces: Success(description: "An endless MJPEG stream.",
                          content: .media([String(MJPEGFraming.contentType.prefix { $0 != ";" })], binary: false),
                          headers: [.constant("Cache-Control", "no-cache, no-store, must-revalidate")])
    ) { group, input in try group.stream(input, .mjpeg) }

    static let streamMP4 = Endpoint<Self>(
        APIOperation(
            .get, "/stream.mp4", id: "streamMP4", tag: "frames", summary: "A live H.264 stream of the scene, in fragmented MP4",
            description: "The stream of /stream.mjpg as video: H.264 (x264's zero-latency tune, no B-frames), one fragment "
                + "per frame, a key frame at least every \(Feed.keyFrameSeconds) s. All viewers of one feed share one "
                + "encoder: a viewer gets the init segment and the fragments from the newest key frame, then every "
                + "fragment in order; one that falls behind skips to the next key frame, its timeline starting at 0 and "
                + "without gaps. Each fragment is preceded by an `emsg` box (scheme `\(LiveVideoEncoder.sceneTimeScheme)`) "
                + "whose message is the frame's scene time as `X-Scene-Time` writes it, to match a decoded frame with "
                + "`frame.png?at=`. A still picture is sent again finer after \(Feed.refreshDelay) s (near-exact pixels "
                + "for a paused review), then once a second. A new feed also takes its encoder's frames from the memory "
                + "budget. ffmpeg and ffprobe read it as they read a file.",
            parameters: FrameParameters.common + [streamFPS], crossOrigin: true, families: [FrameParameters.props], answerSize: .unbounded,
            cost: { input throws(Refusal) in try streamCost(input, .mp4) }),
        produces: Success(description: "An endless fragmented MP4.", content: .media(["video/mp4"], binary: true),
                          headers: [.constant("Cache-Control", "no-cache, no-store, must-revalidate")])
    ) { group, input in try group.stream(input, .mp4) }

    static let streamFPS = Param.integer("fps", 1...60, in: .query, example: "10", "Frames per second.")
        .defaulting(to: \.fps, flag: "--fps")

    /// A new feed's cost, and the first viewer's bytes with it.
    static func streamCost(_ input: Input, _ transport: StreamTransport) throws(Refusal) -> RequestCost {
        var cost = FeedKey(spec: try FrameSpec(input), fps: try input[streamFPS], transport: transport).cost
        cost.memoryBytes += CostModel.viewerBytes
        return cost
    }

    /// One frame of the scene as it is now (or `ahead` seconds on, with no further commands, or at `at`).
    /// Works on a copy of the scene, so it never waits on a stream and never moves the live one.
    func frame(_ input: Input, png: Bool) throws(Refusal) -> HTTPResponse {
        let ahead = try input[FrameParameters.ahead]
        let scenario = try input[FrameParameters.scenario].map { id throws(Refusal) in try stage.storedScenario(id) }
        let (copy, now) = try startingScene(input, scenario: scenario)
        switch try FrameParameters.Picture(input) {
        case .plain(let spec):
            var copy = copy
            let time = now + ahead
            copy.advance(to: time)
            let image = frameRenderer.image(of: frameRenderer.tree(of: copy.scene, at: time, spec: spec), spec: spec)
            return try snapshot(image, png: png, quality: spec.quality, sceneTime: time)
        case .variants(let kind, let spec, let plan):
            var set = VariantSet(kind, spec: spec, plan: plan, scene: copy, at: now)
            let image = set.render(set.tree(at: now + ahead, frameRenderer: frameRenderer), frameRenderer: frameRenderer)
            // Header values stay ASCII.
            let captions = set.captions.joined(separator: ", ").replacing("×", with: "x")
            return try snapshot(image, png: png, quality: spec.quality, sceneTime: now + ahead,
                                headers: [("X-Variants", captions)])
        }
    }

    /// The scene a frame or clip starts from and its time: a scenario's fresh scene at its start (0,
    /// or its snapshot's scene time),
    /// a copy of the live scene at `at` (docs/design/engine.md §Timeline), or a copy of the live scene
    /// now with the steps still scheduled on it; each with the request's `props.` applied to it alone.
    /// Neither the live scene nor the clock moves.
    func startingScene(_ input: Input, scenario: Scenario?) throws(Refusal) -> (scene: ScheduledScene, time: Double) {
        var copy: ScheduledScene, time: Double
        if let at = try input[FrameParameters.at] {
            guard let past = scene.copy(at: at) else { throw scene.outsideHistory(FrameParameters.at.spec.name, at) }
            (copy, time) = (past.scene, at)
        } else {
            (copy, time) = scenario.map { ($0.freshScene(), $0.start) } ?? scene.scheduledSnapshot()
        }
        try applyProps(input, to: &copy, at: time)
        return (copy, time)
    }

    /// With `at`, the scene as each later command in the kept history left it, up to `end`, the
    /// request's `props.` applied to each as to the first: a clip from the past shows the commands
    /// that came during it (`ClipSource`). Without `at` the clip starts now or from a scenario's
    /// fresh scene, and no kept command lies after its start.
    func laterCommands(_ input: Input, after start: Double, through end: Double) throws(Refusal) -> [ScheduledScene] {
        guard try input[FrameParameters.at] != nil else { return [] }
        var copies = scene.copiesAfterCommands(after: start, through: end)
        for i in copies.indices {
            try applyProps(input, to: &copies[i], at: copies[i].scene.time)
        }
        return copies
    }

    private func applyProps(_ input: Input, to copy: inout ScheduledScene, at time: Double) throws(Refusal) {
        let overrides = try PropOverrides(input.entries(of: FrameParameters.props), subject: try input[FrameParameters.control],
                                          scene: copy.scene)
        try copy.modify { (scene: inout Scene) throws(Refusal) in try overrides.apply(to: &scene, at: time) }
    }

    /// A still frame's response: the image encoded, stamped with its scene time. A failed encode
    /// is logged, counted and answered with 500.
    func snapshot(_ image: RenderedImage, png: Bool, quality: Int, sceneTime: Double,
                  headers: [(String, String)] = []) throws(Refusal) -> HTTPResponse {
        let bytes: [UInt8]
        do {
            bytes = png ? try frameRenderer.png(image) : try frameRenderer.jpeg(image, quality: quality)
        } catch {
            stage.logger.error("encoding a frame failed: \(error)")
            metrics.encodeFailed(png ? .png : .jpeg)
            throw Refusal(.failure, "encoding the frame failed")
        }
        return HTTPResponse(status: 200, headers: [
            ("Content-Type", png ? "image/png" : "image/jpeg"),
            ("X-Scene-Time", formatSceneTime(sceneTime)),
            ("X-Timestamp", wallClockTimestamp()),
            ("Cache-Control", "no-store"),
        ] + headers, body: .bytes(bytes))
    }

    func stream(_ input: Input, _ transport: StreamTransport) throws(Refusal) -> HTTPResponse {
        let spec = try FrameSpec(input)
        let props = input.entries(of: FrameParameters.props)
        // Checked now against the scene as it is, so a bad value is the frame routes' 400, not a feed.
        if !props.isEmpty { _ = try PropOverrides(props, subject: spec.subject, scene: scene.snapshot().scene) }
        let key = FeedKey(spec: spec, fps: try input[Self.streamFPS],
                          props: Dictionary(props.map { ($0.name, $0.value) }, uniquingKeysWith: { $1 }), transport: transport)
        let viewer = try hub.attach(key, viewerClass: Self.viewerClass(input.request))
        let contentType = transport == .mp4 ? "video/mp4" : MJPEGFraming.contentType
        return .stream(viewer, contentType: contentType, headers: [
            ("Cache-Control", "no-cache, no-store, must-revalidate"),
            ("Pragma", "no-cache"),
        ])
    }

    /// Skipped-frame counts are kept per kind of client, to tell slow browsers from slow tools.
    static func viewerClass(_ request: HTTPRequest) -> String {
        let agent = (request.header("user-agent") ?? "").lowercased()
        if agent.contains("mozilla") { return "browser" }
        if agent.contains("lavf") || agent.contains("ffmpeg") { return "ffmpeg" }
        if agent.contains("curl") { return "curl" }
        if agent.contains("layercast") { return "bench" }
        return "other"
    }
}

extension FrameRoutes {
    /// A `props.` value the control cannot take now, as its own routes would refuse it; or a stored
    /// scenario that can no longer run.
    static let scenarioConflict = Answer.conflict(
        "A `props.` value the control cannot take in its state now, or a scenario "
            + "that names artwork the server no longer keeps.")
}
