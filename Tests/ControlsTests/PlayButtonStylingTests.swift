import Testing
import Foundation
import Animation
@testable import Controls
@testable import SeedControls

/// docs/design/play-button.md §Buffering loop, §Interaction styling (highlight, disabled), §Modes at rest
/// (non-animated rest), themes, the layer tree and `/state`.
@Suite struct PlayButtonStylingTests {

    static let cycle: [(Double, PlayButton.Shape)] = [(0, .bar), (0.25, .dotRight), (0.5, .bar), (0.75, .dotLeft),
                                                      (1, .bar)]

    @Test func bufferingKeyframesAtQuarterCycles() {
        let b = PB.resting(.buffering)
        for start in [0.0, 3.0] {
            for (offset, shape) in Self.cycle {
                let t = start + offset
                #expect(PB.close(b.presentation(of: .left, at: t).path, PlayButton.shapePath(shape), 1e-9), "left \(t)")
                #expect(PB.close(b.presentation(of: .right, at: t).path, PlayButton.shapePath(shape), 1e-9), "right \(t)")
            }
        }
        // Linear between keyframes: halfway to the right dot, the left end is halfway from 12 to 26.
        let first = b.presentation(of: .left, at: 0.125).path!.elements[0].endPoint!
        #expect(abs(first.x - 19) < 1e-9 && abs(first.y - 22) < 1e-9)
    }

    /// Reached through the chain, the loop starts when the bar is reached, from the presented path.
    @Test func bufferingLoopAfterTheMorph() {
        var b = PB.resting(.play)
        b.setMode(.buffering, at: 1)
        b.advance(to: 5)
        for (offset, shape) in Self.cycle {
            let t = 1.2 + 2 + offset
            #expect(PB.close(b.presentation(of: .left, at: t).path, PlayButton.shapePath(shape), 1e-9), "\(t)")
        }
        #expect(b.animationState.name == "buffering.buffering" && b.state(at: 5).rotation == 0)
    }

    /// "Restart loop" from buffering.toBar: the first keyframe is the presented (half-way) path.
    @Test func restartedLoopBeginsFromThePresentedPath() throws {
        var b = PB.resting(.buffering)
        b.advance(to: 1.25)
        b.setMode(.play, at: 1.25)           // leaves the loop from the right dot
        b.advance(to: 1.35)
        let presented = try #require(b.presentation(of: .left, at: 1.35).path)
        b.setMode(.buffering, at: 1.35)
        #expect(b.animationState.name == "buffering.buffering")
        #expect(PB.close(b.presentation(of: .left, at: 1.35).path, presented))
        #expect(PB.close(b.presentation(of: .left, at: 1.6).path, PlayButton.shapePath(.dotRight)))
        #expect(PB.close(b.presentation(of: .left, at: 2.35).path, presented))
    }

    @Test func highlightScalesAboutTheCentreIn100ms() {
        var b = PB.resting(.play)
        b.setHighlighted(true, at: 1)
        #expect(b.state(at: 1).highlighted)
        #expect(abs(b.presentation(of: .scale, at: 1.05).scale - 0.96) < 1e-9)
        #expect(abs(b.presentation(of: .scale, at: 1.1).scale - 0.92) < 1e-9)
        b.advance(to: 2)
        let snap = b.snapshot(at: 2).sublayers[0]
        #expect(snap.name == "scale")
        let centre = snap.transform.apply(Point(22, 22)), corner = snap.transform.apply(Point(0, 0))
        #expect(centre.distance(to: Point(22, 22)) < 1e-9)
        #expect(corner.distance(to: Point(22 - 22 * 0.92, 22 - 22 * 0.92)) < 1e-9)
        b.setHighlighted(false, at: 2)
        #expect(abs(b.presentation(of: .scale, at: 2.1).scale - 1) < 1e-9)
        #expect(b.layer(.left).animationKeys.isEmpty, "highlighting leaves the mode's animations alone")
    }

    @Test func disabledIsHalfOpacity() {
        var b = PB.resting(.pause)
        #expect(b.snapshot(at: 0.5).opacity == 1)
        b.setEnabled(false, at: 1)
        #expect(b.snapshot(at: 1).opacity == 0.5 && !b.state(at: 1).enabled && b.state(at: 1).opacity == 0.5)
        b.setEnabled(true, at: 2)
        #expect(b.snapshot(at: 2).opacity == 1)
    }

    @Test(arguments: Mode.allCases) func nonAnimatedSetModeJumpsToRest(_ mode: Mode) {
        var b = PB.resting(.play)
        b.setMode(mode == .play ? .pause : .play, at: 1)
        b.advance(to: 1.3)
        b.setMode(mode, animated: false, at: 1.3)
        #expect(b.animationState == .resting(mode))
        PB.expectRest(b, mode, at: 1.3, "at once")
        let log = b.transitions
        b.advance(to: 3)
        PB.expectRest(b, mode, at: 3, "later")
        #expect(b.transitions == log, "nothing runs after the jump")
    }

    @Test func initialStateIsRestingPlay() {
        let b = PlayButton(at: 0)
        #expect(b.mode == .play && b.animationState.name == "playToBar.playIdle" && b.themeName == "default")
        #expect(b.designSize == Size(44, 44))
        let s = b.state(at: 0)
        #expect(s.background == "#aaaaaa" && s.left.fill == "#000000" && s.rotation == 0)
        #expect(b.layer(.left).path == PlayButton.shapePath(.triangle))
        #expect(b.layer(.left).strokeColor == nil && b.layer(.right).strokeColor == nil)
    }

    @Test func layerTree() {
        let b = PB.resting(.pause)
        let snap = b.snapshot(at: 0)
        #expect(snap.name == "play-button")
        let scale = snap.sublayers[0]
        #expect(scale.sublayers.map(\.name) == ["background", "foreground"])
        #expect(scale.sublayers[1].sublayers.map(\.name) == ["left", "right"])
        #expect(scale.mask != nil)
        // The 90° turn is about the centre: the left pause bar shows at x 13…19, y 12…32.
        let left = scale.sublayers[1].sublayers[0]
        let pts = PlayButton.shapePath(.pauseLeft).elements.compactMap(\.endPoint).map(left.transform.apply)
        #expect(abs(pts.map(\.x).min()! - 13) < 1e-9 && abs(pts.map(\.x).max()! - 19) < 1e-9)
        #expect(abs(pts.map(\.y).min()! - 12) < 1e-9 && abs(pts.map(\.y).max()! - 32) < 1e-9)
        guard case .shape(let bg) = scale.sublayers[0].content else {
            Issue.record("background has no shape")
            return
        }
        #expect(bg.fillColor == PlayButton.Theme.sample.pauseStopBackground)
    }

    @Test func everyPartIsFoundByItsPath() {
        let b = PlayButton(at: 0)
        for part in PlayButton.Part.allCases {
            #expect(b.root[part.path]?.name == part.rawValue, "\(part)")
        }
        #expect(PlayButton.Part.left.path == ["scale", "foreground", "left"])
    }

    @Test func themesApplyToTheRestingColours() {
        var b = PlayButton(at: 0)
        b.setTheme(.sample, at: 1)
        #expect(b.state(at: 1).background == "#ffffff" && b.state(at: 1).left.fill == "#000000")
        b.setMode(.stop, animated: false, at: 2)
        #expect(b.state(at: 2).background == "#007aff" && b.state(at: 2).right.fill == "#ffffff")
        b.setTheme(.default, at: 3)
        #expect(b.state(at: 3).background == "#aaaaaa" && b.state(at: 3).left.fill == "#000000")
        #expect(PlayButton.Theme.named("sample") == .sample && PlayButton.Theme.named("nope") == nil)
    }

    /// A theme change mid-rotation redirects the colour animation without a jump; the step still ends
    /// on time and the chain goes on.
    @Test func themeChangeDuringARotationKeepsItRunning() {
        var b = PB.resting(.play, theme: .default)
        b.setMode(.stop, at: 1)
        b.advance(to: 1.3)
        let before = b.presentation(of: .background, at: 1.3).fillColor!
        b.setTheme(.sample, at: 1.3)
        #expect(PB.close(b.presentation(of: .background, at: 1.3).fillColor, before))
        #expect(b.animationState.name == "barToStop.barRotateVertical")
        let mid = b.presentation(of: .background, at: 1.35).fillColor!
        #expect(PB.close(mid, before.lerp(to: PlayButton.Theme.sample.pauseStopBackground, 0.5)))
        b.advance(to: 3)
        PB.expectRest(b, .stop, at: 3)
        #expect(b.transitions.last?.to.name == "barToStop.stop" && abs(b.transitions.last!.time - 1.6) < 1e-9)
    }

    @Test func stateIsCodableWithTheSpecsNames() throws {
        var b = PB.resting(.play)
        b.setMode(.pause, at: 1)
        b.advance(to: 1.5)
        let s = b.state(at: 1.5)
        #expect(s.animationState == "barToPause.barSplit" && s.mode == .pause && s.theme == "sample")
        #expect(abs(s.rotation - 90) < 1e-9 && s.left.path.count == 11)
        let data = try JSONEncoder().encode(s)
        #expect(try JSONDecoder().decode(PlayButton.State.self, from: data) == s)
        let json = String(decoding: data, as: UTF8.self)
        #expect(json.contains("\"mode\":\"pause\"") && json.contains("\"kind\":\"cubic\""))
    }

    @Test func sceneUsesThePlayButton() {
        var scene = Scene.seeds(time: 0)
        scene.playButton.setMode(.stop, at: 0.5)
        scene.advance(to: 2)
        #expect(scene.playButton.animationState.name == "barToStop.stop")
        let frame = scene.frame(.playButton, at: 2, width: 88, height: 88)
        #expect(frame.name == "play-button" && frame.transform.a == 2)
    }
}
