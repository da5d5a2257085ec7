import Testing
import Animation
@testable import Controls
@testable import SeedControls
import LayercastTesting

typealias Mode = PlayButton.Mode
typealias Step = PlayButton.Step

/// Shared helpers for the play button suites; every scene time is set by hand.
enum PB {
    static let t0 = 1.0
    static let tolerance = 1e-9

    /// A button resting in `mode` since time 0 (non-animated), in the sample theme so that the two
    /// colour sides differ.
    static func resting(_ mode: Mode, theme: PlayButton.Theme = .sample) -> PlayButton {
        var b = PlayButton(at: 0, configuration: PlayButton.Configuration(theme: theme))
        b.setMode(mode, animated: false, at: 0)
        return b
    }

    static func close(_ a: Color?, _ b: Color, _ tol: Double = 1e-9) -> Bool {
        guard let a else { return false }
        return abs(a.red - b.red) < tol && abs(a.green - b.green) < tol && abs(a.blue - b.blue) < tol
            && abs(a.alpha - b.alpha) < tol
    }

    static func close(_ a: Path?, _ b: Path, _ tol: Double = 1e-9) -> Bool {
        a.map { PlayButtonRest.distance($0.elements.map(PlayButton.State.Element.init), b) <= tol } ?? false
    }

    /// Checks that `b` rests in `mode` at `time`: an idle state (or the loop), the resting shapes,
    /// rotation and colours of docs/design/play-button.md §Modes at rest, and nothing animating but the
    /// buffering loop.
    static func expectRest(_ b: PlayButton, _ mode: Mode, at time: Double,
                           _ context: String = "", sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(b.mode == mode, "\(context)", sourceLocation: sourceLocation)
        #expect(PlayButtonRest.names(mode).contains(b.animationState.name), "\(context): \(b.animationState)",
                sourceLocation: sourceLocation)
        let vertical = mode == .pause || mode == .stop
        let (ls, rs) = PlayButtonRest.shapes(mode)
        let left = b.presentation(of: .left, at: time), right = b.presentation(of: .right, at: time)
        let bg = b.presentation(of: .background, at: time)
        let c = b.configuration
        let tint = vertical ? c.pauseStopTintColor : c.playBufferingTintColor
        let background = vertical ? c.pauseStopBackgroundColor : c.playBufferingBackgroundColor
        #expect(abs(left.rotation - (vertical ? .pi / 2 : 0)) < tolerance, "\(context)", sourceLocation: sourceLocation)
        #expect(abs(right.rotation - (vertical ? .pi / 2 : 0)) < tolerance, "\(context)", sourceLocation: sourceLocation)
        #expect(close(left.fillColor, tint) && close(right.fillColor, tint), "\(context)", sourceLocation: sourceLocation)
        #expect(close(bg.fillColor, background), "\(context)", sourceLocation: sourceLocation)
        if mode == .buffering {
            #expect(b.layer(.left).animationKeys == ["path"] && b.layer(.right).animationKeys == ["path"],
                    "\(context)", sourceLocation: sourceLocation)
            #expect(b.layer(.left).path == PlayButton.shapePath(.bar), "\(context)", sourceLocation: sourceLocation)
        } else {
            #expect(b.layer(.left).animationKeys.isEmpty && b.layer(.right).animationKeys.isEmpty
                    && b.layer(.background).animationKeys.isEmpty, "\(context)", sourceLocation: sourceLocation)
            #expect(left.path == PlayButton.shapePath(ls) && right.path == PlayButton.shapePath(rs),
                    "\(context)", sourceLocation: sourceLocation)
        }
    }
}
