import APIModel
import Controls
import JSON
import Rendering

/// The parameters of every frame, clip and stream, declared once.
package enum FrameParameters {
    package enum LabelSwitch: String, DeclaredEnum { case on, off }
    package enum DebugWord: String, DeclaredEnum { case points, bounds, none }

    package static let control = Param.control(
        "control", all: true, in: .query, "What the frame shows: every control in a grid, or one of them alone."
    ).defaulting(FrameSubject.all)

    package static let size = Param.integer(
        "size", FrameSpec.sizeRange, unit: "points", in: .query, example: "64",
        "Width and height. Pixels are points × scale; width × height × scale² may be at most 4096×4096."
    ).defaulting(to: \.size, flag: "--size")

    package static let width = Param.integer("width", FrameSpec.sizeRange, unit: "points", in: .query, "Width.")
        .documentingDefault("`size`")

    package static let height = Param.integer("height", FrameSpec.sizeRange, unit: "points", in: .query, "Height.")
        .documentingDefault("`size`")

    package static let scale = Param.number("scale", 1...3, in: .query, "Pixels per point, for retina.").defaulting(1.0)

    package static let quality = Param.integer("quality", 1...100, in: .query, "JPEG (and lossy WebP) quality; PNG, GIF and the videos ignore it.")
        .defaulting(80)

    package static let background = Parameter<BackgroundChoice?>(
        "background", .color(names: BackgroundChoice.names), in: .query,
        "A colour or a name (light is #f8f8f8 and dark #333333, as Storybook's). On a dark colour (relative "
            + "luminance below 0.3) the text controls draw is drawn light.", convert: BackgroundChoice.init
    ).defaulting(wire: "white")

    package static let label = Param.choice(
        "label", LabelSwitch.self, in: .query,
        "Whether controls draw their own text labels (an input to the frame, not part of the scene)."
    ).defaulting(LabelSwitch.on)

    package static let debug = Param.list("debug", of: DebugWord.self, in: .query, "Debug overlays: path points, layer bounds, or none.")

    package static let aheadRange = 0.0...60

    package static let ahead = Param.number(
        "ahead", aheadRange, unit: "seconds", in: .query,
        "Show the scene this many seconds from now, as it will be if no further command arrives (a playing "
            + "scenario's steps do); with `scenario`, this many seconds from the scenario's start."
    ).defaulting(0.0)

    package static let at = Param.number(
        "at", TimelineParameters.sceneTimes, unit: "seconds", in: .query, example: "12.5",
        "Show the scene at this scene time: in the kept history exactly as it was, later as it will be if no further "
            + "command arrives. Not with `ahead`; a time outside the history is refused.")

    /// `at` is a time of the live scene: not with `ahead`, nor with a scenario's fresh scene.
    package static let whenRules = [ParameterRule.notTogether("at", "ahead"), .notTogether("at", "scenario")]

    package static let variants = Param.choice(
        "variants", VariantKind.self, in: .query,
        "Several variants side by side: modes (a control's states at rest) or themes (its looks), where the control "
            + "declares them, or scales (1×, 2×, 3×; leave out `scale`). Cells default to \(VariantSet.defaultCellSize) "
            + "points.")

    package static let scenario = Param.text(
        "scenario", maxLength: Scenario.idLength, pattern: Scenario.idPattern, in: .query,
        "A stored scenario's id (POST /scenarios): show it played from a fresh scene (or its snapshot), `ahead` "
            + "seconds from its start, instead of the live scene. A replica (--replicate) that does not hold it fetches it "
            + "from Redis (503 while Redis cannot be reached).")

    package static let props = ParameterFamily(
        prefix: PropOverrides.prefix, names: "`props.NAME`, `props.CONTROL.NAME`",
        values: "a prop's value, as `GET /controls/CONTROL/props` describes it",
        description: "Props for this render only; the shared scene is left as it is. `props.NAME` with one `control`, "
            + "`props.CONTROL.NAME` with `control=all`. An unknown name or a bad value is a 400.")

    /// What a frame, clip and stream share.
    package static let common: [any DeclaredParameter] = [control, size, width, height, scale, quality, background, label, debug]

    /// The frame a request asks for: one spec, or several cells of one.
    package enum Picture {
        case plain(FrameSpec)
        /// The cells are planned as the request is decoded: a subject without the variants asked for is a 400.
        case variants(VariantKind, FrameSpec, [VariantSet.PlannedCell])

        package init(_ input: Input) throws(Refusal) {
            if let kind = try input[FrameParameters.variants] {
                let cellSize = min(try input[FrameParameters.size], VariantSet.defaultCellSize)
                let spec = try FrameSpec(input, sizeWhenAbsent: cellSize)
                self = .variants(kind, spec, try VariantSet.plan(kind, spec: spec, controls: input.controls))
            } else {
                self = .plain(try FrameSpec(input))
            }
        }

        /// Pixels of one frame, from the parameters alone.
        package func pixels() throws(Refusal) -> Int {
            let (width, height) = try pixelSize()
            return width * height
        }

        /// Width and height of one frame in pixels, from the parameters alone.
        package func pixelSize() throws(Refusal) -> (width: Int, height: Int) {
            switch self {
            case .plain(let spec): (spec.pixelWidth, spec.pixelHeight)
            case .variants(_, let spec, let plan): VariantSet.pixelSize(of: plan, spec: spec)
            }
        }
    }
}

extension FrameSubject: WireValue {
    package var wireText: String { rawValue }
}

extension FrameSubject: SchemaDescribed {
    /// `all` and the ids of the controls the registry documents.
    package static func schema(in registry: SchemaRegistry) -> JSONValue {
        .object([("type", "string"), ("enum", .array(registry.scene.controls.allSubjects.map { .string($0.rawValue) }))])
    }

    package static var schemaPlaceholder: FrameSubject { .all }
}
