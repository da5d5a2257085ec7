import Animation
import Controls
import Rendering

/// `variants=`: one control in several states, themes or scales side by side, each with a
/// caption, in the spirit of Xcode's preview variants.
enum VariantKind: String, CaseIterable, Sendable {
    case modes, themes, scales

    /// What each kind offers, by subject: the answer to a variants request a subject cannot show.
    static let support = "modes: play-button (play, pause, stop, buffering), meter (empty, recording, complete), "
        + "player (paused, playing), spinner (animating, stopped); themes: play-button (default, sample); "
        + "scales: any control or all (1×, 2×, 3×)"
}

/// The cells of a variants frame: each its own copy of the scene, built from the live one at one
/// time and then advanced like any copy, so a clip of variants animates every cell.
struct VariantSet {
    struct Cell {
        var caption: String
        var scene: Scene
        /// Pixels per point of this cell.
        var scale: Double
    }

    /// Point sizes of one cell's picture and of the caption band under it.
    static let defaultCellSize = 240
    static func captionHeight(cellHeight: Int) -> Double { max(16, (Double(cellHeight) * 0.12).rounded()) }

    let kind: VariantKind
    let spec: FrameSpec
    private(set) var cells: [Cell]

    var captions: [String] { cells.map(\.caption) }

    /// Cell i's picture size in pixels (without the caption band).
    private func pictureSize(_ cell: Cell) -> (width: Int, height: Int) {
        (Int((Double(spec.width) * cell.scale).rounded()), Int((Double(spec.height) * cell.scale).rounded()))
    }

    private func bandHeight(_ cell: Cell) -> Int {
        Int((Self.captionHeight(cellHeight: spec.height) * cell.scale).rounded())
    }

    /// The whole frame: cells side by side, top-aligned.
    var pixelWidth: Int { cells.reduce(0) { $0 + pictureSize($1).width } }
    var pixelHeight: Int { cells.map { pictureSize($0).height + bandHeight($0) }.max() ?? 0 }

    /// Builds the cells from a copy of the live scene at `time`.
    init(_ kind: VariantKind, spec: FrameSpec, scene: Scene, at time: Double, seed: UInt64) throws(APIError) {
        self.kind = kind
        self.spec = spec
        let unsupported = APIError(400, "variants=\(kind.rawValue) is not available for control=\(spec.subject.rawValue)",
                                   parameter: "variants", allowed: VariantKind.support)
        switch kind {
        case .scales:
            guard spec.scale == 1 else {
                throw APIError(400, "variants=scales chooses the scales itself", parameter: "scale",
                               allowed: "leave out 'scale' with variants=scales")
            }
            cells = [1.0, 2, 3].map { Cell(caption: "\(Int($0))×", scene: scene, scale: $0) }
        case .themes:
            guard spec.subject == .playButton else { throw unsupported }
            cells = PlayButton.Theme.all.map { theme in
                var copy = scene
                copy.playButton.setTheme(theme, at: time)
                return Cell(caption: theme.name, scene: copy, scale: spec.scale)
            }
        case .modes:
            guard let modes = Self.modes(of: spec.subject, scene: scene, at: time, seed: seed) else { throw unsupported }
            cells = modes.map {
                Cell(caption: $0.caption, scene: $0.scene, scale: spec.scale)
            }
        }
        let (w, h) = (pixelWidth, pixelHeight)
        if w * h > FrameSpec.maxPixels {
            throw APIError(400, "the variants frame is too large: \(w)×\(h) pixels", parameter: "size",
                           allowed: "all cells together up to \(FrameSpec.maxPixels) pixels (4096×4096); use a smaller size")
        }
    }

    /// Each mode as it looks at rest. Commands cannot go back in time on the live copy, so the
    /// meter and the player are rebuilt and driven from a few seconds earlier, which lets them
    /// settle (a ring part recorded, a disc spinning) by `time`.
    /// Nil for `.all`, which has no modes of its own.
    private static func modes(of subject: FrameSubject, scene: Scene, at time: Double, seed: UInt64) -> [(caption: String, scene: Scene)]? {
        func variant(_ caption: String, _ change: (inout Scene) -> Void) -> (caption: String, scene: Scene) {
            var copy = scene
            change(&copy)
            return (caption, copy)
        }
        switch subject {
        case .all:
            return nil
        case .playButton:
            return [PlayButton.Mode.play, .pause, .stop, .buffering].map { mode in
                variant(mode.rawValue) { $0.playButton.setMode(mode, animated: false, at: time) }
            }
        case .meter:
            let duration = scene.meter.duration
            func meter(_ drive: (inout RecordingMeter) -> Void) -> RecordingMeter {
                var m = RecordingMeter(duration: duration, seed: seed)
                drive(&m)
                m.advance(to: time)
                return m
            }
            // A fresh meter is empty and never complete, so these presses cannot fail.
            return [
                variant("empty") { $0.meter = meter { _ in } },
                variant("recording") {
                    $0.meter = meter { m in
                        try? m.press(at: time - 0.35 * duration)
                        m.release(at: time - 0.2 * duration)
                        try? m.press(at: time - 0.1 * duration)
                    }
                },
                variant("complete") { $0.meter = meter { m in try? m.press(at: time - duration - 0.5) } },
            ]
        case .player:
            let artwork = scene.player.artwork, progress = scene.player.progress
            // Longer than the slowest transition (the 1.5 s blur).
            let settle = 2.0
            func player(playing: Bool) -> MusicPlayer {
                var p = MusicPlayer(artwork: artwork, at: time - settle)
                p.seek(to: progress, at: time - settle)
                if playing { p.play(at: time - settle) }
                p.advance(to: time)
                return p
            }
            return [
                variant("paused") { $0.player = player(playing: false) },
                variant("playing") { $0.player = player(playing: true) },
            ]
        case .spinner:
            return [
                variant("animating") { if !$0.spinner.isAnimating { $0.spinner = Spinner(startingAt: time) } },
                variant("stopped") { $0.spinner.stop(at: time) },
            ]
        }
    }

    /// The frame's layer tree at `time`, advancing every cell's scene to it.
    mutating func tree(at time: Double, frameRenderer: FrameRenderer) -> LayerSnapshot {
        var x = 0.0
        var layers: [LayerSnapshot] = []
        let color = spec.background.captionColor
        for i in cells.indices {
            cells[i].scene.advance(to: time)
            let cell = cells[i]
            let (w, h) = pictureSize(cell)
            var cellSpec = spec
            cellSpec.scale = cell.scale
            let picture = frameRenderer.tree(of: cell.scene, at: time, spec: cellSpec)
            let band = Double(bandHeight(cell))
            let caption = LayerSnapshot(name: "caption", content: .text(TextContent(
                text: cell.caption, center: Point(Double(w) / 2, Double(h) + band / 2),
                fontSize: band * 0.7, color: color)))
            layers.append(LayerSnapshot(name: "variant.\(cell.caption)", transform: .translation(x, 0),
                                        sublayers: [picture, caption]))
            x += Double(w)
        }
        return LayerSnapshot(name: "variants", sublayers: layers)
    }

    func render(_ tree: LayerSnapshot, frameRenderer: FrameRenderer) -> RenderedImage {
        frameRenderer.renderer.render(tree, width: pixelWidth, height: pixelHeight,
                               background: spec.background.background(scale: spec.scale), debug: spec.debug)
    }
}

extension BackgroundChoice {
    /// Dark grey on light backgrounds, light grey on dark ones.
    var captionColor: Color {
        if case .color(let c) = self, 0.2126 * c.red + 0.7152 * c.green + 0.0722 * c.blue < 0.5 {
            return Color(white: 0.85)
        }
        return Color(white: 0.33)
    }
}
