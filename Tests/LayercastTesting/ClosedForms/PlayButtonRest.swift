import Animation
import Controls
import SeedControls

/// The play button at rest (docs/design/play-button.md §Modes at rest, §Animation states).
public enum PlayButtonRest {
    /// The mode's equivalent idle states; a non-animated change lands in the first.
    public static func names(_ mode: PlayButton.Mode) -> [String] {
        switch mode {
        case .play: ["playToBar.playIdle", "barToPlay.play"]
        case .pause: ["pauseToBar.pauseIdle", "barToPause.pause"]
        case .stop: ["stopToBar.stopIdle", "barToStop.stop"]
        case .buffering: ["buffering.buffering"]
        }
    }

    public static func shapes(_ mode: PlayButton.Mode) -> (left: PlayButton.Shape, right: PlayButton.Shape) {
        switch mode {
        case .play: (.triangle, .triangle)
        case .buffering: (.bar, .bar)
        case .pause: (.pauseLeft, .pauseRight)
        case .stop: (.square, .square)
        }
    }

    /// The largest coordinate difference between corresponding points of `elements` and `path`;
    /// infinity when their structures differ.
    public static func distance(_ elements: [PlayButton.State.Element], _ path: Path) -> Double {
        let expected = path.elements.map(PlayButton.State.Element.init)
        guard elements.count == expected.count else { return .infinity }
        var worst = 0.0
        for (a, b) in zip(elements, expected) {
            guard a.kind == b.kind, a.points.count == b.points.count else { return .infinity }
            for (p, q) in zip(a.points, b.points) { worst = max(worst, abs(p.x - q.x), abs(p.y - q.y)) }
        }
        return worst
    }
}
