import APIModel
import Animation
import Controls
import HTTPServer
import Rendering
import Scenes

/// `GET /clip.webp`, `/clip.gif`, `/clip.mp4` and `/clip.webm`: the next `seconds` of the scene,
/// as from now and with no further commands, rendered from a copy at `fps` into an animated image
/// or a video. One declaration serves the four; only `fps`'s range and `lossless` differ.
extension FrameRoutes {
    typealias ClipFormat = ClipWriter.Format

    /// Width × height × frames: what one clip may cost, e.g. 480×480 for 600 frames (20 s at 30 fps)
    /// or 240×240 for the full 20 s at 60 fps. Frames are encoded as they are rendered, so the
    /// time grows with this product; the memory budget prices the rest (`CostModel.ClipEncoder`).
    static let clipPixelFrameBudget = 480 * 480 * 600

    /// How a video's frames, timing and size follow from the parameters (`VideoEncoder`,
    /// `FrameConverter`).
    static let videoNotes = "A video is H.264 in MP4 (yuv420p, its index before the data) or VP9 in WebM (yuv420p), at a "
        + "constant `fps`: round(seconds × fps) frames of 1/fps each, so it lasts exactly frames ÷ fps seconds "
        + "(`X-Clip-Seconds`). yuv420p needs an even width and height: an odd one gets one more column on the right or "
        + "row at the bottom showing the frame's background (black for `transparent`, as every transparent pixel), "
        + "never a scaled picture. `quality` does not apply. "

    static func clipEndpoint(_ format: ClipFormat) -> Endpoint<Self> {
        Endpoint(
            APIOperation(
                .get, "/clip.\(format.rawValue)", id: "clip\(format.operationName)", tag: "frames",
                summary: "The next `seconds` of the scene as \(format.title)",
                description: "The next `seconds` of the scene from now (or from `ahead` seconds on, or from the scene time "
                    + "`at`, showing the commands the kept history has after it), rendered from a copy with no further "
                    + "commands, at `fps`, as \(format.isVideo ? "one video" : "one animated image"). "
                    + (format.isVideo ? videoNotes : "") + "The cost width × height × frames is "
                    + "capped at 480×480×600 (138,240,000): past that the answer is 400. A clip takes a place of the "
                    + "clips budget (--max-clips) and its encoder's buffers from the memory budget while it renders; "
                    + "when either is taken, the answer is 503 at once (clips are never queued). With `scenario=` it is "
                    + "that scenario played from a fresh scene, from `ahead` seconds after its start, the same frames "
                    + "every time. A `Range` header of one byte span gets that part of the clip (206, with "
                    + "`Content-Range`), as players that seek and Safari ask.",
                parameters: format.parameters + [Revalidation.pinnedVersion], crossOrigin: true,
                pinnedWhen: FrameRoutes.pinnedByURL,
                answers: [.notFound("No stored scenario has the id given in `scenario`."), scenarioConflict, .rangeNotSatisfiable],
                rules: FrameParameters.whenRules, offload: .ownThread, families: [FrameParameters.props], answerSize: .priced,
                cost: { input throws(Refusal) in try clipCost(input, format) }),
            produces: Success(
                description: format.isVideo ? "A video, offered as a download." : "An animated image, offered as a download.",
                content: .media([format.contentType], binary: true),
                headers: [
                    sceneTimeHeader,
                    ResponseHeader(name: "X-Clip-Frames", description: "How many frames the clip holds.", pattern: "^[0-9]+$"),
                    ResponseHeader(name: "X-Clip-Seconds", description: "The clip's length in seconds."),
                    ResponseHeader(name: "Content-Disposition",
                                   pattern: "^attachment; filename=\"layercast-[^\"]+\\.\(format.rawValue)\"$"),
                    ResponseHeader(name: "Server-Timing", description: "Render and encode time of the clip."),
                    .constant("Accept-Ranges", "bytes", "One byte span of the clip may be asked for with `Range`."),
                    Revalidation.cacheControlHeader,
                ])
        ) { group, input in try group.clip(input, format: format) }
    }

    /// Frames × pixels per frame, from the parameters alone. A scenario's clip without `seconds`
    /// lasts as long as the rest of the scenario, which only the stored scenario knows, so it is
    /// priced at the longest a clip may be.
    static func clipCost(_ input: Input, _ format: ClipFormat) throws(Refusal) -> RequestCost {
        try clipCost(input, format, seconds: input.has(FrameParameters.scenario) && !input.has(ClipParameters.seconds)
                     ? ClipParameters.secondsRange.upperBound : try input[ClipParameters.seconds])
    }

    /// Frames × pixels per frame, and the encoder's buffers (`CostModel.ClipEncoder`).
    static func clipCost(_ input: Input, _ format: ClipFormat, seconds: Double) throws(Refusal) -> RequestCost {
        let timing = ClipTiming(seconds: seconds, fps: try input[format.fps])
        let encoder: CostModel.ClipEncoder = switch format {
        case .webp: try input[ClipParameters.lossless] ? .webpLossless : .webp
        case .gif: .gif
        case .mp4: .mp4
        case .webm: .webm
        }
        return .clip(pixels: try FrameParameters.Picture(input).pixels(), frames: timing.frameCount, encoder: encoder)
    }

    func clip(_ input: Input, format: ClipFormat) throws(Refusal) -> HTTPResponse {
        let scenario = try input[FrameParameters.scenario].map { id throws(Refusal) in try stage.storedScenario(id) }
        var seconds = try input[ClipParameters.seconds]
        if let scenario, !input.has(ClipParameters.seconds) {
            let rest = scenario.duration - (try input[FrameParameters.ahead])
            seconds = min(max(rest, ClipParameters.secondsRange.lowerBound), ClipParameters.secondsRange.upperBound)
        }
        let fps = try input[format.fps]
        let lossless = format == .webp ? try input[ClipParameters.lossless] : false
        let timing = ClipTiming(seconds: seconds, fps: fps)
        let cost = try Self.clipCost(input, format, seconds: seconds)
        guard cost.pixelFrames <= Self.clipPixelFrameBudget else {
            throw Refusal(.invalid, "the clip is too large: \(cost.pixels) pixels × \(timing.frameCount) frames",
                           parameter: "seconds",
                           allowed: "width × height × frames up to \(Self.clipPixelFrameBudget) pixel-frames (e.g. 480×480 pixels "
                               + "for 600 frames, 240×240 for 2400); lower seconds, fps, size or scale")
        }

        let ahead = try input[FrameParameters.ahead]
        let (copy, now) = try startingScene(input, scenario: scenario)
        let start = now + ahead
        var source: ClipSource
        switch try FrameParameters.Picture(input) {
        case .plain(let spec):
            var copy = copy
            copy.advance(to: start)
            source = .scene(copy, later: try laterCommands(input, after: start, through: start + seconds), spec)
        case .variants(let kind, let spec, let plan):
            source = .variants(VariantSet(kind, spec: spec, plan: plan, scene: copy, at: now))
        }

        var clipCost = ClipCost()
        let bytes: [UInt8]
        do {
            bytes = try encodeClip(&source, start: start, timing: timing, format: format,
                                   quality: source.spec.quality, lossless: lossless, cost: &clipCost)
        } catch {
            stage.logger.error("encoding a clip failed: \(error)")
            metrics.encodeFailed(format.encodedFormat)
            throw Refusal(.failure, "encoding the clip failed")
        }
        // A video's frames all last 1/fps; an animated image's add up to `seconds` (`ClipTiming`).
        let secondsText = format.isVideo ? printfFormat("%g", Double(timing.frameCount) / Double(fps))
            : ParameterType.format(seconds)
        let subject = scenario.map { "scenario-\($0.id)-" } ?? ""
        let name = "layercast-\(subject)\(source.spec.subject.rawValue)\(source.variantsSuffix)-\(secondsText)s-\(fps)fps"
            + ".\(format.rawValue)"
        return HTTPResponse(status: 200, headers: [
            ("Content-Type", format.contentType),
            ("Content-Disposition", "attachment; filename=\"\(name)\""),
            ("X-Scene-Time", formatSceneTime(start)),
            ("X-Clip-Frames", String(timing.frameCount)),
            ("X-Clip-Seconds", secondsText),
            ("Server-Timing", clipCost.serverTiming),
            ("Cache-Control", "no-store"),
            // A player may seek in it, and Safari plays an MP4 only through ranges (HTTPServer's ByteRanges).
            ("Accept-Ranges", "bytes"),
        ], body: .bytes(bytes))
    }

    /// Renders frame i at start + i/fps and hands it to the encoder at once.
    private func encodeClip(_ source: inout ClipSource, start: Double, timing: ClipTiming, format: ClipFormat,
                            quality: Int, lossless: Bool, cost: inout ClipCost) throws -> [UInt8] {
        let (width, height) = source.pixelSize
        let writer = try ClipWriter(format, width: width, height: height, timing: timing, quality: quality, lossless: lossless,
                                    background: source.spec.background.background(scale: source.spec.scale))
        for i in 0..<timing.frameCount {
            let t0 = MonotonicClock.hostTime()
            let image = source.image(at: start + timing.offset(ofFrame: i), frameRenderer: frameRenderer)
            let t1 = MonotonicClock.hostTime()
            try writer.add(image)
            cost.render += t1 - t0
            cost.encode += MonotonicClock.hostTime() - t1
        }
        let t2 = MonotonicClock.hostTime()
        defer { cost.encode += MonotonicClock.hostTime() - t2 }
        return try writer.finish()
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

/// What a clip shows: one scene copy (with the commands scheduled on it) in one spec, and the
/// copies later commands in the kept history left, each taken over at its time; or a set of variants.
enum ClipSource {
    case scene(ScheduledScene, later: [ScheduledScene], FrameSpec)
    case variants(VariantSet)

    var spec: FrameSpec {
        switch self {
        case .scene(_, _, let spec): spec
        case .variants(let set): set.spec
        }
    }

    var pixelSize: (Int, Int) {
        switch self {
        case .scene(_, _, let spec): (spec.pixelWidth, spec.pixelHeight)
        case .variants(let set): (set.pixelWidth, set.pixelHeight)
        }
    }

    var variantsSuffix: String {
        if case .variants(let set) = self { return "-" + set.kind.rawValue }
        return ""
    }

    /// Advances the copy (never back), or takes over the newest later one due by `time`, and renders it.
    mutating func image(at time: Double, frameRenderer: FrameRenderer) -> RenderedImage {
        switch self {
        case .scene(var scene, var later, let spec):
            while let next = later.first, next.scene.time <= time { scene = later.removeFirst() }
            scene.advance(to: time)
            self = .scene(scene, later: later, spec)
            return frameRenderer.image(of: frameRenderer.tree(of: scene.scene, at: time, spec: spec), spec: spec)
        case .variants(var set):
            let tree = set.tree(at: time, frameRenderer: frameRenderer)
            self = .variants(set)
            return set.render(tree, frameRenderer: frameRenderer)
        }
    }
}
