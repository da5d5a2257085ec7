import Animation
@testable import Controls
import Testing
@testable import SeedControls

/// The spinner's props: a running spinner shows at once what it would had it started with the new
/// values when it did.
@Suite struct SpinnerConfigurationTests {

    @Test func aRunningSpinnerShowsTheNewTimingsAsIfStartedWithThem() {
        var c = Spinner.Configuration()
        c.strokeDuration = 1
        c.cycleDuration = 1.5
        c.strokeStartDelay = 0.25
        c.rotationPeriod = 3
        c.strokeEndCurve = .linear
        var changed = Spinner(startingAt: 2)
        changed.advance(to: 7.3)
        changed.configure(c, at: 7.3)
        let fresh = Spinner(startingAt: 2, configuration: c)
        for t in [7.3, 7.9, 8.45, 11] {
            #expect(changed.state(at: t) == fresh.state(at: t), "\(t)")
            #expect(changed.snapshot(at: t) == fresh.snapshot(at: t), "\(t)")
        }
        // Linear end, started at 2 with 1.5 s cycles: at 7.3 the cycle is 0.8 s in, so the end is at 0.8.
        #expect(abs(changed.state(at: 7.3).presentation.strokeEnd - 0.8) < 1e-9)
    }

    @Test func colourAndLineWidthReshapeTheRing() {
        var s = Spinner(startingAt: 0)
        var c = s.configuration
        c.color = .black
        c.lineWidth = 8
        s.configure(c, at: 1)
        #expect(s.layer.strokeColor == .black && s.layer.lineWidth == 8)
        // The circle keeps inside the 48 pt view: radius 24 − 4.
        let points = (s.layer.path?.elements ?? []).compactMap(\.endPoint)
        #expect(points.allSatisfy { abs($0.distance(to: .zero) - 20) < 1e-9 } && !points.isEmpty)
    }

    @Test func aStoppedSpinnerStaysStopped() {
        var s = Spinner(startingAt: 0)
        s.stop(at: 1)
        var c = s.configuration
        c.rotationPeriod = 1
        s.configure(c, at: 2)
        #expect(!s.isAnimating && s.layer.animations.isEmpty)
    }
}
