import Controls
import Rendering

/// The parameters of every frame, clip and stream, declared once.
enum FrameParameters {
    enum LabelSwitch: String, DeclaredEnum { case on, off }
    enum DebugWord: String, DeclaredEnum { case points, bounds, none }

    static let control = Param.choice(
        "control", FrameSubject.self, in: .query, "What the frame shows: the four controls in a grid, or one of them alone."
    ).defaulting(FrameSubject.all)

    static let size = Param.integer(
        "size", FrameSpec.sizeRange, unit: "points", in: .query, example: "64",
        "Width and height. Pixels are points × scale; width × height × scale² may be at most 4096×4096."
    ).defaulting(to: \.size, flag: "--size")

    static let width = Param.integer("width", FrameSpec.sizeRange, unit: "points", in: .query, "Width.")
        .documentingDefault("`size`")

    static let height = Param.integer("height", FrameSpec.sizeRange, unit: "points", in: .query, "Height.")
        .documentingDefault("`size`")

    static let scale = Param.number("scale", 1...3, in: .query, "Pixels per point, for retina.").defaulting(1.0)

    static let quality = Param.integer("quality", 1...100, in: .query, "JPEG (and lossy WebP) quality; PNG, GIF and the videos ignore it.")
        .defaulting(80)

    static let background = Parameter<BackgroundChoice?>(
        "background", .color(names: BackgroundChoice.names), in: .query,
        "A colour or a name (light is #f8f8f8 and dark #333333, as Storybook's). On a dark colour (relative "
            + "luminance below 0.3) the meter's label is drawn light.", convert: BackgroundChoice.init
    ).defaulting(wire: "white")

    static let label = Param.choice(
        "label", LabelSwitch.self, in: .query,
        "Whether the recording meter shows its elapsed-time label (an input to the frame, not part of the scene)."
    ).defaulting(LabelSwitch.on)

    static let debug = Param.list("debug", of: DebugWord.self, in: .query, "Debug overlays: path points, layer bounds, or none.")

    static let aheadRange = 0.0...60

    static let ahead = Param.number(
        "ahead", aheadRange, unit: "seconds", in: .query,
        "Show the scene this many seconds from now, as it will be if no further command arrives (a playing "
            + "scenario's steps do); with `scenario`, this many seconds from the scenario's start."
    ).defaulting(0.0)

    static let at = Param.number(
        "at", TimelineParameters.sceneTimes, unit: "seconds", in: .query, example: "12.5",
        "Show the scene at this scene time: in the kept history exactly as it was, later as it will be if no further "
            + "command arrives. Not with `ahead`; a time outside the history is refused.")

    /// `at` is a time of the live scene: not with `ahead`, nor with a scenario's fresh scene.
    static let whenRules = [ParameterRule.notTogether("at", "ahead"), .notTogether("at", "scenario")]

    static let variants = Param.choice(
        "variants", VariantKind.self, in: .query,
        "Several variants side by side: modes (play-button, meter, player or spinner), themes (play-button only) or "
            + "scales (1×, 2×, 3×; leave out `scale`). Cells default to \(VariantSet.defaultCellSize) points.")

    static let scenario = Param.text(
        "scenario", maxLength: Scenario.idLength, pattern: Scenario.idPattern, in: .query,
        "A stored scenario's id (POST /scenarios): show it played from a fresh scene (or its snapshot), `ahead` "
            + "seconds from its start, instead of the live scene. A replica (--replicate) that does not hold it fetches it "
            + "from Redis (503 while Redis cannot be reached).")

    static let props = ParameterFamily(
        prefix: PropOverrides.prefix, names: "`props.NAME`, `props.CONTROL.NAME`",
        values: "a prop's value, as `GET /controls/CONTROL/props` describes it",
        description: "Props for this render only; the shared scene is left as it is. `props.NAME` with one `control`, "
            + "`props.CONTROL.NAME` with `control=all`. An unknown name or a bad value is a 400.")

    /// A `props.` value the control cannot take now, as its own routes would refuse it; or a stored
    /// scenario that can no longer run.
    static let scenarioConflict = Answer.conflict(
        "A `props.` value the control cannot take now (the meter's `duration` while it has segments), or a scenario "
            + "that names artwork the server no longer keeps.")

    /// What a frame, clip and stream share.
    static let common: [any DeclaredParameter] = [control, size, width, height, scale, quality, background, label, debug]

    /// The frame a request asks for: one spec, or several cells of one.
    enum Picture {
        case plain(FrameSpec)
        case variants(VariantKind, FrameSpec)

        init(_ input: Input) throws(Refusal) {
            if let kind = try input[FrameParameters.variants] {
                let cellSize = min(try input[FrameParameters.size], VariantSet.defaultCellSize)
                self = .variants(kind, try FrameSpec(input, sizeWhenAbsent: cellSize))
            } else {
                self = .plain(try FrameSpec(input))
            }
        }

        /// Pixels of one frame, from the parameters alone.
        func pixels() throws(Refusal) -> Int {
            switch self {
            case .plain(let spec): return spec.pixels
            case .variants(let kind, let spec):
                let (w, h) = VariantSet.pixelSize(of: try VariantSet.plan(kind, spec: spec), spec: spec)
                return w * h
            }
        }
    }
}

extension FrameSubject: DeclaredEnum {}
