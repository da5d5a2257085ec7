import HamburgerButton
import LayercastKit
import Testing

/// The engine's animations of each change against the closed forms (README.md §The original, Animations).
@Suite struct TransitionTests {

    /// Times after a change, in seconds: before, at and after each delay and end.
    static let offsets = [0, 0.05, 0.1, 0.2, 0.25, 0.3, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.8, 1.0]

    @Test(arguments: offsets) func opening(after dt: Double) {
        let button = openedButton(at: 1)
        expectValues(button.state(at: 1 + dt).presentation, HamburgerClosedForms.afterOpen(at: 1, time: 1 + dt),
                     .engineCurve, "open at 1, +\(dt)")
    }

    @Test(arguments: offsets) func closing(after dt: Double) {
        let button = closedButton(at: 2)
        expectValues(button.state(at: 2 + dt).presentation, HamburgerClosedForms.afterClose(at: 2, time: 2 + dt),
                     .engineCurve, "close at 2, +\(dt)")
    }

    /// 200 instants over each change, and the values really move (the curves overshoot).
    @Test func densely() {
        let opened = openedButton(at: 0), closed = closedButton(at: 3)
        var worst = 0.0
        var lowestStart = Double.infinity, highestTopAngle = -Double.infinity
        for i in 0...200 {
            let dt = Double(i) * 0.8 / 200
            let o = opened.state(at: dt).presentation, c = closed.state(at: 3 + dt).presentation
            expectValues(o, HamburgerClosedForms.afterOpen(at: 0, time: dt), .engineCurve, "open +\(dt)")
            expectValues(c, HamburgerClosedForms.afterClose(at: 3, time: 3 + dt), .engineCurve, "close +\(dt)")
            worst = max(worst, largestDifference(o, HamburgerClosedForms.afterOpen(at: 0, time: dt)),
                        largestDifference(c, HamburgerClosedForms.afterClose(at: 3, time: 3 + dt)))
            lowestStart = min(lowestStart, o.strokeStart)
            highestTopAngle = max(highestTopAngle, o.topAngle)
        }
        // The opening's anticipation: strokeStart dips below 0.028, and the top stroke first turns the
        // wrong way (clockwise) before it turns anticlockwise.
        #expect(lowestStart < 0.028 - 0.01 && highestTopAngle > 0.05)
        print("largest engine − closed form difference over 402 instants: \(worst)")
    }

    /// Where no curve is being solved (at the change, while the delays hold, after the ends) the
    /// engine and the closed forms agree to 1e-9.
    @Test func outsideTheCurvesTheyAgreeTo1eMinus9() {
        let opened = openedButton(at: 1), closed = closedButton(at: 2)
        for dt in [0, 0.66, 0.7, 1, 2] {
            expectValues(opened.state(at: 1 + dt).presentation, HamburgerClosedForms.afterOpen(at: 1, time: 1 + dt),
                         .exact, "open +\(dt)")
            expectValues(closed.state(at: 2 + dt).presentation, HamburgerClosedForms.afterClose(at: 2, time: 2 + dt),
                         .exact, "close +\(dt)")
        }
        for dt in [0.1, 0.2, 0.2499] {
            let engine = opened.state(at: 1 + dt).presentation, form = HamburgerClosedForms.afterOpen(at: 1, time: 1 + dt)
            #expect(engine.topAngle == form.topAngle && engine.bottomAngle == form.bottomAngle)
            #expect(engine.topTranslationX == form.topTranslationX && engine.bottomTranslationX == form.bottomTranslationX)
        }
    }

    /// A close in mid-flight of an open continues from the values on screen at the close.
    @Test(arguments: [0.1, 0.2, 0.3, 0.45, 0.55, 0.62]) func reversal(closingAt t1: Double) {
        var button = openedButton(at: 0)
        let shownAtClose = button.state(at: t1).presentation
        button.close(at: t1)
        // No jump at the close.
        #expect(button.state(at: t1).presentation == shownAtClose)
        #expect(!button.isOpen)
        for dt in [0.0, 0.02, 0.05, 0.1, 0.15, 0.3, 0.45, 0.6, 0.7, 1.0] {
            let t = t1 + dt
            expectValues(button.state(at: t).presentation,
                         HamburgerClosedForms.afterOpenThenClose(openAt: 0, closeAt: t1, time: t), .engineCurve,
                         "close at \(t1), t \(t)")
        }
        button.advance(to: 3)
        expectValues(button.state(at: 3).presentation, HamburgerClosedForms.closed, .exact)
    }

    /// The other way round: an open in mid-flight of a close.
    @Test func reopeningInMidFlight() {
        var button = closedButton(at: 2)
        button.open(at: 2.3)
        let closeShown = HamburgerClosedForms.afterClose(at: 2, time: 2.3)
        for dt in [0.0, 0.1, 0.25, 0.3, 0.5, 0.65, 1] {
            expectValues(button.state(at: 2.3 + dt).presentation,
                         HamburgerClosedForms.afterChange(toOpen: true, at: 2.3, from: closeShown, time: 2.3 + dt))
        }
    }

    /// The outer strokes wait 0.25 s after an open: they show the closed pose exactly until then.
    @Test func openingTransformWaitsAQuarterSecond() {
        let button = openedButton(at: 1)
        for dt in [0, 0.1, 0.2, 0.24, 0.2499] {
            let p = button.state(at: 1 + dt).presentation
            #expect(p.topAngle == 0 && p.bottomAngle == 0 && p.topTranslationX == 0 && p.bottomTranslationX == 0,
                    "+\(dt): \(p)")
        }
        let moving = button.state(at: 1.26).presentation
        #expect(moving.topAngle != 0 && moving.topTranslationX != 0)
        // Meanwhile the middle stroke has been running since the open.
        #expect(button.state(at: 1.1).presentation.strokeEnd != 0.111)
        // The model is the X throughout; only the backwards fill holds the old transform.
        #expect(button.state(at: 1.1).model.topTranslationX == -4)
        let animation = button.layer(.top).animation(forKey: LayerProperty.rotation.rawValue)?.animation
        #expect(animation?.timing.beginTime == 1.25 && animation?.timing.fillMode == .backwards)
    }

    /// A close's strokeStart waits 0.1 s, held at its from value by the backwards fill, while the end runs.
    @Test func closingStrokeStartIsHeldForATenthOfASecond() {
        let button = closedButton(at: 2)
        for dt in [0, 0.03, 0.05, 0.09, 0.0999] {
            let s = button.state(at: 2 + dt)
            #expect(s.presentation.strokeStart == 0.325 && s.model.strokeStart == 0.028, "+\(dt)")
        }
        #expect(button.state(at: 2.05).presentation.strokeEnd < 0.9)
        #expect(button.state(at: 2.11).presentation.strokeStart != 0.325)
        let start = button.layer(.middle).animation(forKey: "strokeStart")?.animation.timing
        #expect(start?.beginTime == 2.1 && start?.fillMode == .backwards)
        // The transforms wait 0.05 s.
        #expect(button.state(at: 2.0499).presentation.topAngle == -0.7853975)
        #expect(button.state(at: 2.06).presentation.topAngle != -0.7853975)
    }

    @Test func openWhenOpenIsANoOp() {
        let once = openedButton(at: 0)
        var twice = once
        twice.open(at: 0.3)
        #expect(twice.isOpen)
        for part in HamburgerButton.Part.allCases {
            #expect(twice.layer(part).records.count == once.layer(part).records.count, "\(part)")
        }
        for t in [0.3, 0.35, 0.5, 0.7, 1] {
            #expect(twice.state(at: t) == once.state(at: t), "at \(t)")
        }
        // Also once it is at rest, and closing when closed.
        var rest = once
        rest.advance(to: 2)
        let before = rest.state(at: 2)
        rest.open(at: 2)
        #expect(rest.state(at: 2.3) == before && rest.layer(.middle).animations.isEmpty)
        var closed = HamburgerButton()
        closed.close(at: 1)
        #expect(closed.layers.allRecords().isEmpty && !closed.isOpen)
    }

    @Test func toggleAlternates() {
        var button = HamburgerButton()
        button.toggle(at: 0)
        #expect(button.isOpen)
        button.toggle(at: 0.3)
        #expect(!button.isOpen)
        expectValues(button.state(at: 0.5).presentation,
                     HamburgerClosedForms.afterOpenThenClose(openAt: 0, closeAt: 0.3, time: 0.5))
    }

    /// Each animation is keyed by its key path: a change replaces the running ones, never stacks them.
    @Test func aChangeReplacesTheRunningAnimations() {
        var button = openedButton(at: 0)
        button.close(at: 0.3)
        #expect(button.layer(.middle).animationKeys.sorted() == ["strokeEnd", "strokeStart"])
        #expect(button.layer(.top).animationKeys.sorted() == ["transform", "transform.rotation.z"])
        let replaced = button.layers.allRecords().filter { $0.record.outcome(at: 0.3) == .replaced }
        // The open's six animations were all still running (the transforms waiting) at 0.3.
        #expect(replaced.count == 6)
        button.advance(to: 2)
        button.forgetAnimationRecords(endedBefore: 2)
        #expect(button.layers.allRecords().isEmpty)
    }
}
