import Animation
import LayercastTesting
@testable import Controls
import Testing
@testable import SeedControls

/// A new configuration shows at once (docs/design/props.md §Immediately), at rest and mid-animation.
@Suite struct PlayButtonConfigurationTests {

    static func with(_ change: (inout PlayButton.Configuration) -> Void,
                     from base: PlayButton.Configuration) -> PlayButton.Configuration {
        var c = base
        change(&c)
        return c
    }

    /// At rest, the shapes are the new geometry's at once (the original waits for the next setMode).
    @Test(arguments: Mode.allCases)
    func geometryShowsAtOnceAtRest(_ mode: Mode) {
        var b = PB.resting(mode)
        var geometry = PlayButton.Geometry()
        geometry.barThickness = 10
        geometry.barCornerRadius = 5
        geometry.squareWidth = 20
        geometry.squareCornerRadius = 0
        geometry.triangleCornerRadius = 0
        b.configure(Self.with({ $0.geometry = geometry }, from: b.configuration), at: 0.5)
        let (left, right) = PlayButtonRest.shapes(mode)
        let at = mode == .buffering ? 2.0 : 0.5  // the loop is back on the bar after whole cycles
        #expect(PB.close(b.presentation(of: .left, at: at).path, geometry.path(for: left)))
        #expect(PB.close(b.presentation(of: .right, at: at).path, geometry.path(for: right)))
        #expect(b.path(.square) == geometry.squarePath && b.path(.square) != PlayButton.shapePath(.square))
    }

    /// Mid-morph the animation heads for the new shape, from the same place on screen, and the chain
    /// goes on to rest on the new shapes.
    @Test func geometryRetargetsARunningMorph() {
        var b = PB.resting(.play)
        b.setMode(.stop, at: 1)
        b.advance(to: 1.5)                       // expanding bar → square since 1.4
        var geometry = PlayButton.Geometry()
        geometry.squareWidth = 24
        b.configure(Self.with({ $0.geometry = geometry }, from: b.configuration), at: 1.5)
        #expect(PB.close(b.presentation(of: .left, at: 1.6).path, geometry.path(for: .square)))
        b.advance(to: 3)
        #expect(b.animationState.name == "barToStop.stop")
        #expect(PB.close(b.presentation(of: .left, at: 3).path, geometry.path(for: .square)))
    }

    /// A longer step stretches the running one about now: the same progress, the rest three times as
    /// long, and the chain's next step starts when it ends.
    @Test func stepDurationStretchesTheRunningStep() throws {
        var b = PB.resting(.play)
        b.setMode(.pause, at: 1)                 // triangle → bar over 1…1.2
        b.advance(to: 1.1)
        let before = try #require(b.presentation(of: .left, at: 1.1).path)
        b.configure(Self.with({ $0.animationStepDuration = 0.6 }, from: b.configuration), at: 1.1)
        #expect(PB.close(b.presentation(of: .left, at: 1.1).path, before))
        b.advance(to: 1.39)
        #expect(b.animationState.name == "playToBar.triangleToBar")
        b.advance(to: 1.41)                      // ends at 1.1 + 0.1 × 3 = 1.4, then the 0.6 s rotation
        #expect(b.animationState.name == "barToPause.barRotateVertical")
        #expect(abs(try #require(b.transitions.last).time - 1.4) < 1e-9)
        #expect(abs(b.presentation(of: .left, at: 1.7).rotation - .pi / 4) < 1e-9)
    }

    /// The buffering loop keeps its phase and runs at the new period from now on.
    @Test func bufferingDurationKeepsThePhase() throws {
        var b = PB.resting(.buffering)           // loop from 0, 1 s cycles: dot right at 0.25
        b.advance(to: 2.25)
        let before = try #require(b.presentation(of: .left, at: 2.25).path)
        #expect(PB.close(before, PlayButton.shapePath(.dotRight)))
        b.configure(Self.with({ $0.bufferingDuration = 2 }, from: b.configuration), at: 2.25)
        #expect(PB.close(b.presentation(of: .left, at: 2.25).path, before))
        #expect(PB.close(b.presentation(of: .left, at: 2.75).path, PlayButton.shapePath(.bar)))
        #expect(PB.close(b.presentation(of: .left, at: 3.25).path, PlayButton.shapePath(.dotLeft)))
        #expect(PB.close(b.presentation(of: .left, at: 4.25).path, PlayButton.shapePath(.dotRight)))
    }

    /// A new curve takes over the running step: at its middle the progress is the curve's.
    @Test func curvesTakeOverTheRunningAnimation() throws {
        var b = PB.resting(.play)
        b.setMode(.pause, at: 1)
        b.advance(to: 1.25)                      // rotating over 1.2…1.4
        let curve = TimingCurve.bezier(x1: 0.9, y1: 0, x2: 1, y2: 0.1)
        b.configure(Self.with({ $0.rotationCurve = curve }, from: b.configuration), at: 1.25)
        let f = try #require(curve.function)
        #expect(abs(b.presentation(of: .left, at: 1.3).rotation - .pi / 2 * f.solve(0.5)) < 1e-6)
        #expect(b.presentation(of: .left, at: 1.3).rotation < .pi / 8)
        // The next morph (the split) starts on the configured morph curve too: linear.
        b.advance(to: 1.5)
        #expect(b.animationState.name == "barToPause.barSplit")
    }

    @Test func contentModeIsHowTheFrameFitsTheDesign() {
        var scene = Scene.seeds(time: 0)
        func frame(_ mode: ContentMode, _ w: Double, _ h: Double) -> AffineTransform {
            var c = scene.playButton.configuration
            c.contentMode = mode
            scene.playButton.configure(c, at: 0)
            return scene.frame(.playButton, at: 0, width: w, height: h).transform
        }
        func close(_ t: AffineTransform, _ a: Double, _ d: Double, _ tx: Double, _ ty: Double) -> Bool {
            [t.a - a, t.d - d, t.tx - tx, t.ty - ty, t.b, t.c].allSatisfy { abs($0) < 1e-9 }
        }
        #expect(close(frame(.aspectFit, 120, 60), 60.0 / 44, 60.0 / 44, 30, 0))
        #expect(close(frame(.scaleToFill, 120, 60), 120.0 / 44, 60.0 / 44, 0, 0))
        #expect(close(frame(.aspectFill, 120, 60), 120.0 / 44, 120.0 / 44, 0, -30))
        // In a grid, an aspect fill is clipped to its cell; the other controls are not wrapped.
        let grid = scene.frame(.all, at: 0, width: 400, height: 100)
        #expect(grid.sublayers.map(\.name) == ["meter", "play-button.cell", "player", "spinner"])
        #expect(grid.sublayers[1].mask != nil)
    }

    @Test func themesArePresetsOverTheColours() {
        var b = PlayButton(at: 0)
        #expect(b.themeName == "default")
        b.setTheme(.sample, at: 1)
        #expect(b.themeName == "sample" && b.configuration.pauseStopBackgroundColor == Color(r: 0, g: 122, b: 255))
        var c = b.configuration
        c.pauseStopTintColor = Color(r: 0xFF, g: 0x95, b: 0)
        b.configure(c, at: 2)
        #expect(b.themeName == "custom" && b.state(at: 2).theme == "custom")
    }
}
