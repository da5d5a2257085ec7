import Animation
import Controls
import Rendering

/// `variants=`: one control in several states, themes or scales side by side, each with a
/// caption, in the spirit of Xcode's preview variants.
package enum VariantKind: String, CaseIterable, Sendable, DeclaredEnum {
    case modes, themes, scales

    /// What each kind offers, by subject: the answer to a variants request a subject cannot show.
    package static let support = "modes: play-button (play, pause, stop, buffering), meter (empty, recording, complete), "
        + "player (paused, playing), spinner (animating, stopped); themes: play-button (default, sample); "
        + "scales: any control or all (1×, 2×, 3×)"
}

/// The cells of a variants frame: each its own copy of the scene (with the commands scheduled on
/// it), built from the live one, or a scenario's, at one time and then advanced like any copy, so a
/// clip of variants animates every cell.
package struct VariantSet {
    package struct Cell {
        package var caption: String
        package var scene: ScheduledScene
        /// Pixels per point of this cell.
        package var scale: Double
    }

    /// A cell before it has a scene: what the request decides on its own.
    package struct PlannedCell {
        package var caption: String
        package var scale: Double
    }

    /// Point sizes of one cell's picture and of the caption band under it.
    package static let defaultCellSize = 240
    package static func captionHeight(cellHeight: Int) -> Double { max(16, (Double(cellHeight) * 0.12).rounded()) }

    package let kind: VariantKind
    package let spec: FrameSpec
    private(set) var cells: [Cell]

    package var captions: [String] { cells.map(\.caption) }

    /// Cell i's picture size in pixels (without the caption band).
    private static func pictureSize(_ scale: Double, _ spec: FrameSpec) -> (width: Int, height: Int) {
        (Int((Double(spec.width) * scale).rounded()), Int((Double(spec.height) * scale).rounded()))
    }

    private static func bandHeight(_ scale: Double, _ spec: FrameSpec) -> Int {
        Int((captionHeight(cellHeight: spec.height) * scale).rounded())
    }

    /// The whole frame: cells side by side, top-aligned.
    package static func pixelSize(of plan: [PlannedCell], spec: FrameSpec) -> (width: Int, height: Int) {
        (plan.reduce(0) { $0 + pictureSize($1.scale, spec).width },
         plan.map { pictureSize($0.scale, spec).height + bandHeight($0.scale, spec) }.max() ?? 0)
    }

    package var pixelWidth: Int { Self.pixelSize(of: plan, spec: spec).width }
    package var pixelHeight: Int { Self.pixelSize(of: plan, spec: spec).height }
    private var plan: [PlannedCell] { cells.map { PlannedCell(caption: $0.caption, scale: $0.scale) } }

    /// The cells a request asks for, from its parameters alone (so its cost is known before any
    /// scene is copied), or the 400 for a combination that has none.
    package static func plan(_ kind: VariantKind, spec: FrameSpec) throws(Refusal) -> [PlannedCell] {
        let unsupported = Refusal(.invalid, "variants=\(kind.rawValue) is not available for control=\(spec.subject.rawValue)",
                                   parameter: "variants", allowed: VariantKind.support)
        let plan: [PlannedCell]
        switch kind {
        case .scales:
            guard spec.scale == 1 else {
                throw Refusal(.invalid, "variants=scales chooses the scales itself", parameter: "scale",
                               allowed: "leave out 'scale' with variants=scales")
            }
            plan = [1.0, 2, 3].map { PlannedCell(caption: "\(Int($0))×", scale: $0) }
        case .themes:
            guard spec.subject == .playButton else { throw unsupported }
            plan = PlayButton.Theme.all.map { PlannedCell(caption: $0.name, scale: spec.scale) }
        case .modes:
            guard let captions = ModeVariant.captions(of: spec.subject) else { throw unsupported }
            plan = captions.map { PlannedCell(caption: $0, scale: spec.scale) }
        }
        let (w, h) = pixelSize(of: plan, spec: spec)
        if w * h > FrameSpec.maxPixels {
            throw Refusal(.invalid, "the variants frame is too large: \(w)×\(h) pixels", parameter: "size",
                           allowed: "all cells together up to \(FrameSpec.maxPixels) pixels (4096×4096); use a smaller size")
        }
        return plan
    }

    /// Builds the cells from a copy of a scene at `time`.
    package init(_ kind: VariantKind, spec: FrameSpec, scene: ScheduledScene, at time: Double) throws(Refusal) {
        self.kind = kind
        self.spec = spec
        cells = try Self.plan(kind, spec: spec).map { planned in
            var copy = scene
            switch kind {
            case .scales: break
            case .themes:
                if let theme = PlayButton.Theme.named(planned.caption) { copy.modify { $0.playButton.setTheme(theme, at: time) } }
            case .modes:
                if let mode = ModeVariant(caption: planned.caption, of: spec.subject) {
                    copy.modify { mode.apply(to: &$0, at: time) }
                }
            }
            return Cell(caption: planned.caption, scene: copy, scale: planned.scale)
        }
    }
}

/// Each mode a control shows in `variants=modes`, as it looks at rest. Commands cannot go back
/// in time on the live copy, so the meter and the player are rebuilt and driven from a few
/// seconds earlier, which lets them settle (a ring part recorded, a disc spinning) by `time`.
private enum ModeVariant {
    case playButton(PlayButton.Mode)
    case meter(Meter)
    case player(Player)
    case spinner(SpinnerMode)

    enum Meter: String, CaseIterable { case empty, recording, complete }
    enum Player: String, CaseIterable { case paused, playing }
    enum SpinnerMode: String, CaseIterable { case animating, stopped }

    /// The captions, left to right; nil for `.all`, which has no modes of its own.
    static func captions(of subject: FrameSubject) -> [String]? {
        switch subject {
        case .all: nil
        case .playButton: [PlayButton.Mode.play, .pause, .stop, .buffering].map(\.rawValue)
        case .meter: Meter.allCases.map(\.rawValue)
        case .player: Player.allCases.map(\.rawValue)
        case .spinner: SpinnerMode.allCases.map(\.rawValue)
        }
    }

    init?(caption: String, of subject: FrameSubject) {
        switch subject {
        case .all: return nil
        case .playButton:
            guard let mode = PlayButton.Mode(rawValue: caption) else { return nil }
            self = .playButton(mode)
        case .meter:
            guard let meter = Meter(rawValue: caption) else { return nil }
            self = .meter(meter)
        case .player:
            guard let player = Player(rawValue: caption) else { return nil }
            self = .player(player)
        case .spinner:
            guard let spinner = SpinnerMode(rawValue: caption) else { return nil }
            self = .spinner(spinner)
        }
    }

    func apply(to scene: inout Scene, at time: Double) {
        switch self {
        case .playButton(let mode):
            scene.playButton.setMode(mode, animated: false, at: time)
        case .meter(let kind):
            let duration = scene.meter.duration
            // Its own props, colours included.
            var m = RecordingMeter(configuration: scene.meter.configuration)
            // A fresh meter is empty and never complete, so these presses cannot fail.
            switch kind {
            case .empty: break
            case .recording:
                try? m.press(at: time - 0.35 * duration)
                m.release(at: time - 0.2 * duration)
                try? m.press(at: time - 0.1 * duration)
            case .complete: try? m.press(at: time - duration - 0.5)
            }
            m.advance(to: time)
            scene.meter = m
        case .player(let mode):
            // Longer than the slowest transition (the 1.5 s blur).
            let settle = 2.0
            var p = MusicPlayer(artwork: scene.player.artwork, at: time - settle, configuration: scene.player.configuration)
            p.seek(to: scene.player.progress, at: time - settle)
            if mode == .playing { p.play(at: time - settle) }
            p.advance(to: time)
            scene.player = p
        case .spinner(let mode):
            if mode == .animating {
                if !scene.spinner.isAnimating {
                    scene.spinner = Spinner(startingAt: time, configuration: scene.spinner.configuration)
                }
            } else {
                scene.spinner.stop(at: time)
            }
        }
    }
}

extension VariantSet {
    /// The frame's layer tree at `time`, advancing every cell's scene to it.
    package mutating func tree(at time: Double, frameRenderer: FrameRenderer) -> LayerSnapshot {
        var x = 0.0
        var layers: [LayerSnapshot] = []
        let color = spec.background.captionColor
        for i in cells.indices {
            cells[i].scene.advance(to: time)
            let cell = cells[i]
            let (w, h) = Self.pictureSize(cell.scale, spec)
            var cellSpec = spec
            cellSpec.scale = cell.scale
            let picture = frameRenderer.tree(of: cell.scene.scene, at: time, spec: cellSpec)
            let band = Double(Self.bandHeight(cell.scale, spec))
            let caption = LayerSnapshot(name: "caption", content: .text(TextContent(
                text: cell.caption, center: Point(Double(w) / 2, Double(h) + band / 2),
                fontSize: band * 0.7, color: color)))
            layers.append(LayerSnapshot(name: "variant.\(cell.caption)", transform: .translation(x, 0),
                                        sublayers: [picture, caption]))
            x += Double(w)
        }
        return LayerSnapshot(name: "variants", sublayers: layers)
    }

    package func render(_ tree: LayerSnapshot, frameRenderer: FrameRenderer) -> RenderedImage {
        frameRenderer.renderer.render(tree, width: pixelWidth, height: pixelHeight,
                               background: spec.background.background(scale: spec.scale), debug: spec.debug)
    }
}

extension BackgroundChoice {
    /// Dark grey on light backgrounds, light grey on dark ones.
    package var captionColor: Color {
        if case .color(let c) = self, 0.2126 * c.red + 0.7152 * c.green + 0.0722 * c.blue < 0.5 {
            return Color(white: 0.85)
        }
        return Color(white: 0.33)
    }
}
