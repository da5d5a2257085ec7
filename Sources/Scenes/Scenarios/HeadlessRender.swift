import APIModel
import Animation
import Controls
import Rendering

/// A scenario rendered with no server and no socket, as `layercast render` runs it: the same
/// parsing, the same fresh scene, the same frame parameters (decoded against the clip operation's
/// own declarations) and the same renderer as `/frame.png?scenario=` and `/clip.webp?scenario=`,
/// so the bytes are the same.
public struct HeadlessRender {
    public enum Format: String, Sendable, CaseIterable {
        case png, webp, gif, mp4, webm
    }

    /// Why a scenario or an option was refused: the member or option at fault and what it allows.
    public struct Problem: Error, CustomStringConvertible, Sendable {
        public let message: String
        public let field: String?
        public let allowed: String?

        package init(_ error: Refusal) {
            message = error.message
            field = error.parameter
            allowed = error.allowed
        }

        /// "steps[1]: invalid value for 'mode': paws [steps[1].with.mode allows buffering, pause, play, stop]"
        public var description: String {
            let allows = allowed.map { " allows " + $0 } ?? ""
            return message + (field.map { " [\($0)\(allows)]" } ?? allowed.map { " [allowed: \($0)]" } ?? "")
        }
    }

    public let format: Format
    public let timing: ClipTiming
    public let pixelWidth: Int
    public let pixelHeight: Int
    public let scenarioName: String?
    private let scenario: Scenario
    private let spec: FrameSpec
    private let lossless: Bool
    private let frameRenderer = FrameRenderer()

    /// `options` are frame and clip parameters as a query names them (`control`, `size`, `scale`,
    /// `fps`, `background`, `quality`, …); `artworks` are the PNGs a scenario's steps may name by
    /// hash; `controls` are the controls it plays on.
    public init(document: [UInt8], controls: ControlList, artworks: [[UInt8]], format: Format,
                options: [(name: String, value: String)]) throws(Problem) {
        let library = ArtworkLibrary(controls: controls)
        for png in artworks { library.add(png) }
        // PNG frames take the options of the WebP clip; the clips, their own route's.
        let clipFormat = ClipWriter.Format(rawValue: format.rawValue) ?? .webp
        do {
            scenario = try Scenario(parsing: document, controls: controls, artworks: library)
            let input = try Input(query: options, for: ClipParameters.set(clipFormat), settings: SceneSettings(controls))
            spec = try FrameSpec(input)
            lossless = format == .webp ? try input[ClipParameters.lossless] : false
            timing = ClipTiming(seconds: scenario.duration, fps: try input[clipFormat.fps])
        } catch {
            throw Problem(error)
        }
        self.format = format
        pixelWidth = spec.pixelWidth
        pixelHeight = spec.pixelHeight
        scenarioName = scenario.name
    }

    /// What an option accepts for `controls`, from its parameter's declaration ("1–60").
    public static func values(of option: String, controls: ControlList) -> String {
        ClipParameters.set(.webp).parameter(named: option).map { $0.spec.resolved(for: controls).values } ?? ""
    }

    /// An option's default, as the server's built-in settings make it ("30").
    public static func defaultText(of option: String) -> String {
        guard let spec = ClipParameters.set(.webp).parameter(named: option)?.spec else { return "" }
        switch spec.requirement {
        case .fixed(let text): return text
        case .setting: return spec.setting?(.builtin) ?? ""
        case .required, .optional: return "none"
        }
    }

    /// `frame-0042.png`: four digits at least, so the files sort in order.
    public func frameFileName(_ index: Int) -> String {
        let digits = String(index)
        let width = max(4, String(timing.frameCount - 1).count)
        return "frame-" + String(repeating: "0", count: max(0, width - digits.count)) + digits + ".png"
    }

    /// Renders every frame, frame i at i / fps from the scenario's start (scene time `start` + i / fps,
    /// as the server's clip has it), handing each to `frame` with its time in the scenario as it is made.
    public func renderFrames(_ frame: (_ index: Int, _ time: Double, _ image: RenderedImage) throws -> Void) rethrows {
        var index = 0
        try renderFrames(at: (0..<timing.frameCount).map(timing.offset(ofFrame:))) { time, image in
            try frame(index, time, image)
            index += 1
        }
    }

    /// Renders the frames at `times` (seconds from the scenario's start, rising), as `renderFrames`
    /// renders a frame at that time: a scenario's `snapshots`.
    package func renderFrames(at times: [Double], _ frame: (_ time: Double, _ image: RenderedImage) throws -> Void) rethrows {
        var played = scenario.freshScene()
        for time in times {
            let sceneTime = scenario.start + time
            played.advance(to: sceneTime)
            try frame(time, frameRenderer.image(of: frameRenderer.tree(of: played.scene, at: sceneTime, spec: spec), spec: spec))
        }
    }

    /// The scenario's `snapshots`: the only times its baselines hold, when it lists them.
    package var snapshots: [Double]? { scenario.snapshots }

    /// The scenario's own `compare`, over a run's criterion.
    package var comparison: Scenario.Comparison? { scenario.comparison }

    /// Its `expect` steps, checked.
    package func checkExpectations() -> [ExpectationOutcome] { scenario.checkExpectations() }

    /// The pixels a control's cell covers in these frames: the whole frame when it shows only that
    /// control, its grid cell (rounded out to whole pixels) in a `control=all` frame, nil when the
    /// frame shows another control.
    package func cell(of control: FrameSubject) -> (x: Int, y: Int, width: Int, height: Int)? {
        if spec.subject == control { return (0, 0, pixelWidth, pixelHeight) }
        guard spec.subject == .all,
              let cell = scenario.controls.grid.cells(width: Double(pixelWidth), height: Double(pixelHeight))
                .first(where: { $0.id == control })?.cell else { return nil }
        let x0 = Int(cell.minX.rounded(.down)), y0 = Int(cell.minY.rounded(.down))
        let x1 = Int((cell.minX + cell.width).rounded(.up)), y1 = Int((cell.minY + cell.height).rounded(.up))
        return (x0, y0, x1 - x0, y1 - y0)
    }

    /// A frame as the server encodes it.
    public func png(_ image: RenderedImage) throws -> [UInt8] {
        try frameRenderer.png(image)
    }

    /// The whole scenario as one WebP, GIF, MP4 or WebM file; `progress` hears of each frame (how
    /// many are done, and the picture the encoder was given).
    public func clip(progress: (Int, RenderedImage) -> Void = { _, _ in }) throws -> [UInt8] {
        let writer = try clipWriter()
        try renderFrames { index, _, image in
            try writer.add(image)
            progress(index + 1, image)
        }
        return try writer.finish()
    }

    /// The file `clip` makes of `pictures` instead of the frames it renders: whether an encoder,
    /// given the same pictures, writes the same bytes (StudioVideoTests).
    package func clip(of pictures: [RenderedImage]) throws -> [UInt8] {
        let writer = try clipWriter()
        for picture in pictures { try writer.add(picture) }
        return try writer.finish()
    }

    private func clipWriter() throws -> ClipWriter {
        try ClipWriter(ClipWriter.Format(rawValue: format.rawValue) ?? .webp, width: pixelWidth, height: pixelHeight,
                       timing: timing, quality: spec.quality, lossless: lossless,
                       background: spec.background.background(scale: spec.scale))
    }
}
