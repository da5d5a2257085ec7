import Testing
import Animation
@testable import Controls
@testable import SeedControls

/// docs/design/play-button.md §Forward chain: every transition from rest, step by step, with its length and
/// the rest it ends in.
@Suite struct PlayButtonTransitionTests {

    struct Case: CustomTestStringConvertible, Sendable {
        var from: Mode
        var to: Mode
        /// (step or nil for a state-only change, resulting state, start time after the command).
        var sequence: [(Step?, String, Double)]
        var testDescription: String { "\(from) → \(to)" }
    }

    static let cases: [Case] = [
        Case(from: .play, to: .pause, sequence: [
            (.triangleToBar, "playToBar.triangleToBar", 0), (.barRotateVertical, "barToPause.barRotateVertical", 0.2),
            (.splitBar, "barToPause.barSplit", 0.4), (nil, "barToPause.pause", 0.6)]),
        Case(from: .play, to: .stop, sequence: [
            (.triangleToBar, "playToBar.triangleToBar", 0), (.barRotateVertical, "barToStop.barRotateVertical", 0.2),
            (.expandBar, "barToStop.barExpand", 0.4), (nil, "barToStop.stop", 0.6)]),
        Case(from: .play, to: .buffering, sequence: [
            (.triangleToBar, "playToBar.triangleToBar", 0), (.buffering, "buffering.buffering", 0.2)]),
        Case(from: .pause, to: .play, sequence: [
            (.mergeBars, "pauseToBar.barsMerge", 0), (.barRotateHorizontal, "pauseToBar.barRotateHorizontal", 0.2),
            (.barToTriangle, "barToPlay.barToTriangle", 0.4), (nil, "barToPlay.play", 0.6)]),
        Case(from: .stop, to: .play, sequence: [
            (.shrinkBar, "stopToBar.barShrink", 0), (.barRotateHorizontal, "stopToBar.barRotateHorizontal", 0.2),
            (.barToTriangle, "barToPlay.barToTriangle", 0.4), (nil, "barToPlay.play", 0.6)]),
        Case(from: .pause, to: .stop, sequence: [
            (.mergeBars, "pauseToBar.barsMerge", 0), (.expandBar, "barToStop.barExpand", 0.2),
            (nil, "barToStop.stop", 0.4)]),
        Case(from: .stop, to: .pause, sequence: [
            (.shrinkBar, "stopToBar.barShrink", 0), (.splitBar, "barToPause.barSplit", 0.2),
            (nil, "barToPause.pause", 0.4)]),
        Case(from: .pause, to: .buffering, sequence: [
            (.mergeBars, "pauseToBar.barsMerge", 0), (.barRotateHorizontal, "pauseToBar.barRotateHorizontal", 0.2),
            (.buffering, "buffering.buffering", 0.4)]),
        Case(from: .stop, to: .buffering, sequence: [
            (.shrinkBar, "stopToBar.barShrink", 0), (.barRotateHorizontal, "stopToBar.barRotateHorizontal", 0.2),
            (.buffering, "buffering.buffering", 0.4)]),
        Case(from: .buffering, to: .play, sequence: [
            (.bufferingToBar, "buffering.toBar", 0), (.barToTriangle, "barToPlay.barToTriangle", 0.2),
            (nil, "barToPlay.play", 0.4)]),
        Case(from: .buffering, to: .pause, sequence: [
            (.bufferingToBar, "buffering.toBar", 0), (.barRotateVertical, "barToPause.barRotateVertical", 0.2),
            (.splitBar, "barToPause.barSplit", 0.4), (nil, "barToPause.pause", 0.6)]),
        Case(from: .buffering, to: .stop, sequence: [
            (.bufferingToBar, "buffering.toBar", 0), (.barRotateVertical, "barToStop.barRotateVertical", 0.2),
            (.expandBar, "barToStop.barExpand", 0.4), (nil, "barToStop.stop", 0.6)]),
    ]

    @Test(arguments: cases) func stepByStepFromRest(_ c: Case) {
        var b = PB.resting(c.from)
        PB.expectRest(b, c.from, at: 0.5, "rest before")
        let before = b.transitions.count
        b.setMode(c.to, at: PB.t0)
        // Fine slices and then one long jump: the chain runs at the stops' own times either way.
        var t = PB.t0
        while t < PB.t0 + 1 { t += 0.013; b.advance(to: t) }
        b.advance(to: PB.t0 + 5)
        let log = Array(b.transitions.dropFirst(before))
        #expect(log.count == c.sequence.count, "\(log.map { "\($0.time) \($0.step.map(\.rawValue) ?? "-") \($0.to)" })")
        for (record, expected) in zip(log, c.sequence) {
            #expect(record.step == expected.0)
            #expect(record.to.name == expected.1)
            #expect(abs(record.time - (PB.t0 + expected.2)) < 1e-9, "\(expected.1) at \(record.time)")
        }
        PB.expectRest(b, c.to, at: PB.t0 + 5, "after")
        if c.to == .buffering {
            // The loop runs from the moment the bar was reached.
            #expect(abs(b.layer(.left).animation(forKey: "path")!.animation.timing.beginTime
                        - (PB.t0 + c.sequence.last!.2)) < 1e-9)
        }
    }

    /// The same command, advanced in one jump or in uneven slices, gives the identical model.
    @Test func resultDoesNotDependOnFrameTimes() {
        var a = PB.resting(.pause), b = PB.resting(.pause)
        a.setMode(.play, at: 1)
        b.setMode(.play, at: 1)
        a.advance(to: 1.55)
        for t in stride(from: 1.0, through: 1.55, by: 0.0371) { b.advance(to: t) }
        b.advance(to: 1.55)
        #expect(a.transitions == b.transitions)
        #expect(a.state(at: 1.55) == b.state(at: 1.55))
        #expect(a.snapshot(at: 1.55) == b.snapshot(at: 1.55))
    }

    /// Colours change only during the rotation steps, linearly in RGB.
    @Test func coloursChangeOnlyWhileRotating() {
        var b = PB.resting(.play)
        b.setMode(.pause, at: 1)
        let c = b.configuration
        func bg(_ t: Double) -> Color { b.presentation(of: .background, at: t).fillColor! }
        func fill(_ t: Double) -> Color { b.presentation(of: .left, at: t).fillColor! }
        b.advance(to: 1.1)
        #expect(PB.close(bg(1.1), c.playBufferingBackgroundColor) && PB.close(fill(1.1), c.playBufferingTintColor))
        b.advance(to: 1.25)
        let quarter = 0.25
        #expect(PB.close(bg(1.25), c.playBufferingBackgroundColor.lerp(to: c.pauseStopBackgroundColor, quarter), 1e-9))
        #expect(PB.close(fill(1.25), c.playBufferingTintColor.lerp(to: c.pauseStopTintColor, quarter), 1e-9))
        #expect(abs(b.presentation(of: .left, at: 1.25).rotation - .pi / 8) < 1e-9)
        b.advance(to: 1.5)
        #expect(PB.close(bg(1.5), c.pauseStopBackgroundColor) && PB.close(fill(1.5), c.pauseStopTintColor))
        #expect(b.layer(.background).animationKeys.isEmpty && !b.layer(.left).animationKeys.contains("fillColor"))
    }

    /// Steps are linear from the presented value: mid-morph the path is the element-wise average.
    @Test func morphStepsAreLinear() throws {
        var b = PB.resting(.play)
        b.setMode(.buffering, at: 1)
        b.advance(to: 1.05)
        let expected = try Path.interpolate(from: PlayButton.shapePath(.triangle), to: PlayButton.shapePath(.bar), 0.25)
        #expect(PB.close(b.presentation(of: .left, at: 1.05).path, expected, 1e-9))
        #expect(PB.close(b.presentation(of: .right, at: 1.05).path, expected, 1e-9))
    }

    /// The pure chain: idle states lead nowhere (except the two starting points), hubs branch on the mode.
    @Test func forwardChainTable() {
        typealias S = PlayButton.AnimationState
        // The hubs: the horizontal bar just reached, where the next step depends on the mode.
        let hubs: [S] = [.playToBar(.triangleToBar), .pauseToBar(.barRotateHorizontal), .stopToBar(.barRotateHorizontal),
                         .buffering(.toBar)]
        for mode in Mode.allCases {
            for idle in [S.barToPlay(.play), .barToPause(.pause), .barToStop(.stop)] {
                #expect(PlayButton.transition(after: idle, mode: mode) == nil)
            }
            for hub in hubs {
                let next = PlayButton.transition(after: hub, mode: mode)
                switch mode {
                case .buffering: #expect(next == .init(.buffering, .buffering(.buffering)))
                case .pause: #expect(next == .init(.barRotateVertical, .barToPause(.barRotateVertical)))
                case .stop: #expect(next == .init(.barRotateVertical, .barToStop(.barRotateVertical)))
                case .play: #expect(next == .init(.barToTriangle, .barToPlay(.barToTriangle)))
                }
            }
        }
        #expect(PlayButton.transition(after: .buffering(.buffering), mode: .buffering) == nil)
        #expect(S.allCases.count == 18 && Set(S.allCases.map(\.name)).count == 18)
        for s in S.allCases { #expect(S(name: s.name) == s) }
    }
}
