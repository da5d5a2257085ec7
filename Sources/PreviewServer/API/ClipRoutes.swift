import Animation
import Controls
import HTTPServer
import Rendering

/// `GET /clip.webp` and `GET /clip.gif`: the next `seconds` of the scene, as from now and with no
/// further commands, rendered from a copy at `fps` into an animated image.
extension APIContext {
    enum ClipFormat: String, Sendable {
        case webp, gif

        var contentType: String { self == .webp ? "image/webp" : "image/gif" }
        var encodedFormat: EncodedFormat { self == .webp ? .webp : .gif }

        /// GIF delays are centiseconds, and browsers stretch delays under 2 cs to 10 cs.
        var fps: Parameter<Int> {
            Param.integer("fps", self == .webp ? 1...60 : 1...50, in: .query, example: "10", "Frames per second.")
                .defaulting(to: \.fps, flag: "--fps")
        }

        var parameters: [any DeclaredParameter] {
            FrameParameters.common + [FrameParameters.ahead, FrameParameters.variants, APIContext.clipSeconds, fps]
                + (self == .webp ? [APIContext.clipLossless] : [])
        }
    }

    static let clipSeconds = Param.number(
        "seconds", 0.1...20, unit: "seconds", in: .query, example: "0.1", "Length of the clip in seconds of scene time."
    ).defaulting(3.0)

    static let clipLossless = Param.boolean("lossless", in: .query, "Lossless WebP frames instead of lossy ones at `quality`.")
        .defaulting(false)

    /// Width × height × frames: what one clip may cost, e.g. 480×480 for 600 frames (20 s at 30 fps)
    /// or 240×240 for the full 20 s at 60 fps. Frames are encoded as they are rendered, so the
    /// time grows with this product; the memory budget prices the rest (`CostModel.ClipEncoder`).
    static let clipPixelFrameBudget = 480 * 480 * 600

    static func clipEndpoint(_ format: ClipFormat) -> Endpoint<APIContext> {
        let name = format == .webp ? "WebP" : "GIF"
        return Endpoint(
            APIOperation(
                .get, "/clip.\(format.rawValue)", id: "clip\(name)", tag: "frames",
                summary: "The next `seconds` of the scene as an animated \(name)",
                description: "The next `seconds` of the scene from now (or from `ahead` seconds on), rendered from a copy "
                    + "with no further commands, at `fps`, as one animated image. The cost width × height × frames is "
                    + "capped at 480×480×600 (138,240,000): past that the answer is 400. A clip takes a place of the "
                    + "clips budget (--max-clips) and its encoder's buffers from the memory budget while it renders; "
                    + "when either is taken, the answer is 503 at once (clips are never queued).",
                parameters: format.parameters, offload: .ownThread,
                cost: { input throws(APIError) in try clipCost(input, format) }),
            produces: Success(
                description: "An animated image, offered as a download.",
                content: .media([format.contentType], binary: true),
                headers: [
                    sceneTimeHeader,
                    ResponseHeader(name: "X-Clip-Frames", description: "How many frames the clip holds.", pattern: "^[0-9]+$"),
                    ResponseHeader(name: "X-Clip-Seconds", description: "The clip's length in seconds."),
                    ResponseHeader(name: "Content-Disposition",
                                   pattern: "^attachment; filename=\"layercast-[^\"]+\\.\(format.rawValue)\"$"),
                    ResponseHeader(name: "Server-Timing", description: "Render and encode time of the clip."),
                    .noStore,
                ])
        ) { context, input in try context.clip(input, format: format) }
    }

    /// Frames × pixels per frame and the encoder's buffers, from the parameters alone; a clip
    /// longer than `clipPixelFrameBudget` is refused here, before anything else.
    static func clipCost(_ input: Input, _ format: ClipFormat) throws(APIError) -> RequestCost {
        let timing = ClipTiming(seconds: try input[clipSeconds], fps: try input[format.fps])
        let pixels = try FrameParameters.Picture(input).pixels()
        let encoder: CostModel.ClipEncoder = switch format {
        case .webp: try input[clipLossless] ? .webpLossless : .webp
        case .gif: .gif
        }
        let cost = RequestCost.clip(pixels: pixels, frames: timing.frameCount, encoder: encoder)
        guard cost.pixelFrames <= clipPixelFrameBudget else {
            throw APIError(400, "the clip is too large: \(cost.pixels) pixels × \(timing.frameCount) frames",
                           parameter: "seconds",
                           allowed: "width × height × frames up to \(clipPixelFrameBudget) pixel-frames (e.g. 480×480 pixels "
                               + "for 600 frames, 240×240 for 2400); lower seconds, fps, size or scale")
        }
        return cost
    }

    func clip(_ input: Input, format: ClipFormat) throws(APIError) -> HTTPResponse {
        let seconds = try input[Self.clipSeconds]
        let fps = try input[format.fps]
        let lossless = format == .webp ? try input[Self.clipLossless] : false
        let timing = ClipTiming(seconds: seconds, fps: fps)

        let ahead = try input[FrameParameters.ahead]
        var source: ClipSource
        let start: Double
        switch try FrameParameters.Picture(input) {
        case .plain(let spec):
            var (copy, now) = scene.snapshot()
            copy.advance(to: now + ahead)
            source = .scene(copy, spec)
            start = now + ahead
        case .variants(let kind, let spec):
            let (copy, now) = scene.snapshot()
            source = .variants(try VariantSet(kind, spec: spec, scene: copy, at: now, seed: configuration.scene.seed))
            start = now + ahead
        }

        var clipCost = ClipCost()
        let bytes: [UInt8]
        do {
            bytes = try encodeClip(&source, start: start, timing: timing, format: format,
                                   quality: source.spec.quality, lossless: lossless, cost: &clipCost)
        } catch {
            logger.error("encoding a clip failed: \(error)")
            metrics.encodeFailed(format.encodedFormat)
            throw APIError(500, "encoding the clip failed")
        }
        let secondsText = ParameterType.format(seconds)
        let name = "layercast-\(source.spec.subject.rawValue)\(source.variantsSuffix)-\(secondsText)s-\(fps)fps.\(format.rawValue)"
        return HTTPResponse(status: 200, headers: [
            ("Content-Type", format.contentType),
            ("Content-Disposition", "attachment; filename=\"\(name)\""),
            ("X-Scene-Time", formatSceneTime(start)),
            ("X-Clip-Frames", String(timing.frameCount)),
            ("X-Clip-Seconds", secondsText),
            ("Server-Timing", clipCost.serverTiming),
            ("Cache-Control", "no-store"),
        ], body: .bytes(bytes))
    }

    /// Renders frame i at start + i/fps and hands it to the encoder at once.
    private func encodeClip(_ source: inout ClipSource, start: Double, timing: ClipTiming, format: ClipFormat,
                            quality: Int, lossless: Bool, cost: inout ClipCost) throws -> [UInt8] {
        let (width, height) = source.pixelSize
        let add: (RenderedImage, Int) throws -> Void
        let finish: () throws -> [UInt8]
        let durations: [Int]
        switch format {
        case .webp:
            let encoder = try WebPAnimationEncoder(width: width, height: height,
                                                   options: .init(lossless: lossless, quality: Double(quality)))
            (add, finish) = ({ try encoder.add($0, durationMilliseconds: $1) }, encoder.finish)
            durations = timing.durations(unitsPerSecond: 1000)
        case .gif:
            let encoder = try GIFEncoder(width: width, height: height)
            (add, finish) = ({ try encoder.add($0, delayCentiseconds: $1) }, encoder.finish)
            durations = timing.durations(unitsPerSecond: 100)
        }
        for (i, duration) in durations.enumerated() {
            let t0 = MonotonicClock.hostTime()
            let image = source.image(at: start + timing.offset(ofFrame: i), frameRenderer: frameRenderer)
            let t1 = MonotonicClock.hostTime()
            try add(image, duration)
            cost.render += t1 - t0
            cost.encode += MonotonicClock.hostTime() - t1
        }
        let t2 = MonotonicClock.hostTime()
        defer { cost.encode += MonotonicClock.hostTime() - t2 }
        return try finish()
    }
}

/// Where a clip's time went, for the Server-Timing header.
struct ClipCost {
    var render = 0.0
    var encode = 0.0

    var serverTiming: String {
        printfFormat("render;dur=%.1f, encode;dur=%.1f", render * 1000, encode * 1000)
    }
}

/// What a clip shows: one scene copy in one spec, or a set of variants.
enum ClipSource {
    case scene(Scene, FrameSpec)
    case variants(VariantSet)

    var spec: FrameSpec {
        switch self {
        case .scene(_, let spec): spec
        case .variants(let set): set.spec
        }
    }

    var pixelSize: (Int, Int) {
        switch self {
        case .scene(_, let spec): (spec.pixelWidth, spec.pixelHeight)
        case .variants(let set): (set.pixelWidth, set.pixelHeight)
        }
    }

    var variantsSuffix: String {
        if case .variants(let set) = self { return "-" + set.kind.rawValue }
        return ""
    }

    /// Advances the copy (never back) and renders it.
    mutating func image(at time: Double, frameRenderer: FrameRenderer) -> RenderedImage {
        switch self {
        case .scene(var scene, let spec):
            scene.advance(to: time)
            self = .scene(scene, spec)
            return frameRenderer.image(of: frameRenderer.tree(of: scene, at: time, spec: spec), spec: spec)
        case .variants(var set):
            let tree = set.tree(at: time, frameRenderer: frameRenderer)
            self = .variants(set)
            return set.render(tree, frameRenderer: frameRenderer)
        }
    }
}
