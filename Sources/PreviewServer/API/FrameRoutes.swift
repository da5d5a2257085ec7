import Controls
import HTTPServer
import Rendering

/// `/frame.png`, `/frame.jpg` and `/stream.mjpg`.
extension APIContext {
    static let snapshotHeaders = [("Cache-Control", "no-store")]

    /// One frame of the scene as it is now (or `ahead` seconds on, with no further commands).
    /// Works on a copy of the scene, so it never waits on a stream and never moves the live one.
    func frame(_ request: HTTPRequest, png: Bool) -> HTTPResponse {
        answer { () throws(APIError) in
            let p = ParameterValues(query: request)
            let spec = try FrameSpec(p, defaultSize: configuration.size)
            let ahead = try p.double("ahead", in: 0...60, default: 0) ?? 0
            var (copy, time) = scene.snapshot()
            if ahead > 0 {
                time += ahead
                copy.advance(to: time)
            }
            let tree = frameRenderer.tree(of: copy, at: time, spec: spec)
            let image = frameRenderer.image(of: tree, spec: spec)
            return try snapshot(image, png: png, quality: spec.quality, sceneTime: time)
        }
    }

    /// A still frame's response: the image encoded, stamped with its scene time. A failed encode
    /// is logged, counted and answered with 500.
    func snapshot(_ image: RenderedImage, png: Bool, quality: Int, sceneTime: Double,
                  headers: [(String, String)] = []) throws(APIError) -> HTTPResponse {
        let bytes: [UInt8]
        do {
            bytes = png ? try frameRenderer.png(image) : try frameRenderer.jpeg(image, quality: quality)
        } catch {
            logger.error("encoding a frame failed: \(error)")
            metrics.encodeFailed(png ? .png : .jpeg)
            throw APIError(500, "encoding the frame failed")
        }
        return HTTPResponse(status: 200, headers: [
            ("Content-Type", png ? "image/png" : "image/jpeg"),
            ("X-Scene-Time", formatSceneTime(sceneTime)),
            ("X-Timestamp", wallClockTimestamp()),
        ] + headers + Self.snapshotHeaders, body: .bytes(bytes))
    }

    func stream(_ request: HTTPRequest) -> HTTPResponse {
        answer { () throws(APIError) in
            let p = ParameterValues(query: request)
            let spec = try FrameSpec(p, defaultSize: configuration.size)
            let fps = try p.int("fps", in: 1...60, default: configuration.fps) ?? configuration.fps
            guard let viewer = hub.attach(FeedKey(spec: spec, fps: fps), viewerClass: Self.viewerClass(request)) else {
                throw APIError(503, "too many open streams (\(hub.maxStreams))", parameter: nil,
                               allowed: "at most \(hub.maxStreams) streams at once; close one or raise --max-streams")
            }
            return .stream(viewer, contentType: MJPEGFraming.contentType, headers: [
                ("Cache-Control", "no-cache, no-store, must-revalidate"),
                ("Pragma", "no-cache"),
            ])
        }
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
