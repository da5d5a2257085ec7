import Testing
@testable import Animation

/// CAMediaTiming (docs/design/engine.md §Media timing, §Local time): basic local time through fill modes,
/// repeats, autoreverse, speed and timeOffset; and the same facts seen through a layer's presentation values.
@Suite struct MediaTimingTests {
    static func timing(_ fill: FillMode, begin: Double = 10, duration: Double = 1) -> MediaTiming {
        MediaTiming(beginTime: begin, duration: duration, fillMode: fill)
    }

    @Test(arguments: [FillMode.removed, .forwards, .backwards, .both])
    func fillModesOutsideTheActiveInterval(fill: FillMode) {
        let m = Self.timing(fill)
        let before = m.basicLocalTime(at: 9.5)
        let after = m.basicLocalTime(at: 11.5)
        #expect(before == ((fill == .backwards || fill == .both) ? 0 : nil))
        #expect(after == ((fill == .forwards || fill == .both) ? 1 : nil))
        // Inside, every fill mode agrees.
        #expect(m.basicLocalTime(at: 10) == 0)
        #expect(m.basicLocalTime(at: 10.25) == 0.25)
        // The exact end shows the end, not a wrap back to 0, whatever the fill mode.
        #expect(m.basicLocalTime(at: 11) == 1)
    }

    @Test func endValueAtTheReportedEndTimeEvenWhenTheSubtractionRounds() {
        // 0.1 + 0.2 = 0.30000000000000004 and 0.30000000000000004 − 0.1 = 0.20000000000000004 > 0.2:
        // the end time the engine reports must still show the end value with fill removed.
        let m = MediaTiming(beginTime: 0.1, duration: 0.2)
        #expect(m.basicLocalTime(at: m.endTime) == 0.2)
        #expect(m.basicLocalTime(at: m.endTime.nextUp) == nil)
        let r = MediaTiming(beginTime: 0.7, duration: 0.1, repeatCount: 3)
        #expect(r.basicLocalTime(at: r.endTime).map { abs($0 - 0.1) < 1e-12 } == true)
    }

    @Test func endValueThroughALayerAtTheStopTime() throws {
        var layer = ShapeLayer(name: "l")
        layer.opacity = 0.5
        try layer.add(BasicAnimation(.opacity, from: .double(0), to: .double(0.25), duration: 0.2),
                      forKey: "fade", at: 0.1)
        let stops = layer.drainStops(upTo: 1)
        #expect(stops == [AnimationStop(layer: "l", key: "fade", finished: true, time: 0.1 + 0.2)])
        // A removed-on-completion animation is gone after its end but shows its end value at it.
        var fresh = ShapeLayer(name: "l")
        fresh.opacity = 0.5
        try fresh.add(BasicAnimation(.opacity, from: .double(0), to: .double(0.25), duration: 0.2),
                      forKey: "fade", at: 0.1)
        #expect(fresh.double(.opacity, at: stops[0].time) == 0.25)
        #expect(fresh.double(.opacity, at: 0.35) == 0.5)
    }

    @Test func zeroDurationBecomesAQuarterSecondWhenAdded() throws {
        var layer = ShapeLayer()
        try layer.add(BasicAnimation(.opacity, from: .double(0), to: .double(1)), forKey: "a", at: 3)
        let t = try #require(layer.animation(forKey: "a")).animation.timing
        #expect(t.duration == 0.25)
        #expect(t.beginTime == 3)
        #expect(t.endTime == 3.25)
        #expect(layer.double(.opacity, at: 3.125) == 0.5)
        #expect(MediaTiming(duration: 0).activeDuration == 0.25)
        #expect(MediaTiming(duration: -1).activeDuration == 0.25)
    }

    @Test func fractionalRepeatCountEndsMidCycle() {
        let m = MediaTiming(duration: 2, repeatCount: 3.5)
        #expect(m.activeDuration == 7)
        #expect(m.endTime == 7)
        #expect(m.basicLocalTime(at: 1) == 1)
        #expect(m.basicLocalTime(at: 2) == 0, "a new cycle starts at the cycle boundary")
        #expect(m.basicLocalTime(at: 6.5) == 0.5)
        #expect(m.basicLocalTime(at: 7) == 1, "end value at 7 s is progress 0.5 of the fourth cycle")
        #expect(m.basicLocalTime(at: 7.5) == nil)
        var forwards = m
        forwards.fillMode = .forwards
        #expect(forwards.basicLocalTime(at: 100) == 1)
    }

    @Test func wholeRepeatCountEndsOnTheCycleEnd() {
        let m = MediaTiming(duration: 0.1, repeatCount: 3, fillMode: .forwards)
        let end = m.basicLocalTime(at: m.endTime)
        #expect(end.map { abs($0 - 0.1) < 1e-15 } == true)
        #expect(m.basicLocalTime(at: 5).map { abs($0 - 0.1) < 1e-15 } == true)
    }

    @Test func infiniteRepeat() throws {
        for count in [Double.infinity, Double(Float.greatestFiniteMagnitude)] {
            let m = MediaTiming(duration: 1, repeatCount: count)
            #expect(m.activeDuration == .infinity)
            #expect(m.endTime == .infinity)
            #expect(m.basicLocalTime(at: 1_000_000.25) == 0.25)
            #expect(m.basicLocalTime(at: 3) == 0)
        }
        var layer = ShapeLayer()
        var a = BasicAnimation(.opacity, from: .double(0), to: .double(1), duration: 1)
        a.timing.repeatCount = .infinity
        try layer.add(a, forKey: "loop", at: 0)
        #expect(layer.drainStops(upTo: 1e9).isEmpty, "an endless animation never finishes")
        #expect(layer.double(.opacity, at: 41.75) == 0.75)
    }

    @Test func repeatDuration() {
        let m = MediaTiming(duration: 1, repeatDuration: 2.5)
        #expect(m.activeDuration == 2.5)
        #expect(m.basicLocalTime(at: 1.25) == 0.25)
        #expect(m.basicLocalTime(at: 2.5) == 0.5)
        #expect(m.basicLocalTime(at: 2.75) == nil)
        let auto = MediaTiming(duration: 1, repeatDuration: 3.5, autoreverses: true)
        #expect(auto.basicLocalTime(at: 3.5) == 0.5, "3.5 s = one and three quarter cycles: on the way back")
        #expect(auto.basicLocalTime(at: 2.25) == 0.25)
    }

    @Test func autoreverses() {
        let m = MediaTiming(duration: 1, autoreverses: true)
        #expect(m.activeDuration == 2)
        #expect(m.basicLocalTime(at: 0.5) == 0.5)
        #expect(m.basicLocalTime(at: 1) == 1)
        #expect(m.basicLocalTime(at: 1.25) == 0.75)
        #expect(m.basicLocalTime(at: 1.5) == 0.5, "1.5 s: progress 0.5 on the way back")
        #expect(m.basicLocalTime(at: 2) == 0, "end of a cycle is back at from")
        let twice = MediaTiming(duration: 1, repeatCount: 2, autoreverses: true)
        #expect(twice.activeDuration == 4)
        #expect(twice.basicLocalTime(at: 2) == 0)
        #expect(twice.basicLocalTime(at: 3) == 1)
        #expect(twice.basicLocalTime(at: 3.75) == 0.25)
        #expect(twice.basicLocalTime(at: 4) == 0)
    }

    @Test func autoreverseMirrorsTheInputProgressNotTheCurve() throws {
        var layer = ShapeLayer()
        var a = BasicAnimation(.opacity, from: .double(0), to: .double(10), duration: 1, timingFunction: .easeIn)
        a.timing.autoreverses = true
        try layer.add(a, forKey: "a", at: 0)
        #expect(layer.double(.opacity, at: 1.5) == 10 * TimingFunction.easeIn.solve(0.5))
        #expect(layer.double(.opacity, at: 1.75) == 10 * TimingFunction.easeIn.solve(0.25))
        #expect(layer.double(.opacity, at: 0.25) == 10 * TimingFunction.easeIn.solve(0.25))
    }

    @Test func speedAndTimeOffset() {
        // Local time = (t − begin)·speed + offset; the offset is not scaled and wraps round.
        let m = MediaTiming(beginTime: 10, duration: 4, speed: 2, timeOffset: 1)
        #expect(m.endTime == 12)
        #expect(m.basicLocalTime(at: 10) == 1)
        #expect(m.basicLocalTime(at: 10.5) == 2)
        #expect(m.basicLocalTime(at: 11.25) == 3.5)
        #expect(m.basicLocalTime(at: 11.5) == 0, "4 + 1 − 4: the offset wraps round")
        #expect(m.basicLocalTime(at: 11.75) == 0.5)
        #expect(m.basicLocalTime(at: 12.5) == nil)
        let noOffset = MediaTiming(beginTime: 10, duration: 4, speed: 2)
        #expect(noOffset.basicLocalTime(at: 10.5) == 1)
        #expect(noOffset.basicLocalTime(at: 11) == 2)
        #expect(noOffset.basicLocalTime(at: 12) == 4)
        // An offset past the end still plays the full length, from the wrapped position.
        let past = MediaTiming(duration: 1, timeOffset: 2.25)
        #expect(past.basicLocalTime(at: 0) == 0.25)
        #expect(past.basicLocalTime(at: 0.5) == 0.75)
        #expect(past.basicLocalTime(at: 0.875) == 0.125)
        #expect(past.endTime == 1)
    }

    @Test func speedZeroHoldsTheOffset() {
        // The pause idiom: speed 0, timeOffset = the paused local time.
        let m = MediaTiming(beginTime: 0, duration: 2, speed: 0, timeOffset: 0.5)
        #expect(m.endTime == .infinity)
        #expect(m.basicLocalTime(at: 0) == 0.5)
        #expect(m.basicLocalTime(at: 1_000) == 0.5)
    }

    @Test func futureBeginTimeWithBackwardsFill() throws {
        for fill in [FillMode.backwards, .removed] {
            var layer = ShapeLayer()
            layer.opacity = 0.75
            var a = BasicAnimation(.opacity, from: .double(2), to: .double(4), duration: 2)
            a.timing.beginTime = 5
            a.timing.fillMode = fill
            try layer.add(a, forKey: "later", at: 1)
            #expect(try #require(layer.animation(forKey: "later")).animation.timing.beginTime == 5)
            #expect(layer.double(.opacity, at: 1) == (fill == .backwards ? 2 : 0.75))
            #expect(layer.double(.opacity, at: 4.5) == (fill == .backwards ? 2 : 0.75))
            #expect(layer.double(.opacity, at: 6) == 3)
            #expect(layer.double(.opacity, at: 7) == 4)
            #expect(layer.double(.opacity, at: 8) == 0.75)
        }
    }

    @Test func forwardsFillNeedsIsRemovedOnCompletionFalse() throws {
        // docs/design/engine.md §Media timing: forwards only matters when the animation is not removed on
        // completion. Presentation is a pure function of time: draining stops must not change what is shown.
        func layer(removed: Bool) throws -> ShapeLayer {
            var l = ShapeLayer(name: "l")
            l.opacity = 0.5
            var a = BasicAnimation(.opacity, from: .double(0), to: .double(1), duration: 2)
            a.timing.fillMode = .forwards
            a.isRemovedOnCompletion = removed
            try l.add(a, forKey: "a", at: 0)
            return l
        }
        var removed = try layer(removed: true)
        #expect(removed.double(.opacity, at: 2) == 1)
        #expect(removed.double(.opacity, at: 3) == 0.5, "removed on completion: back to the model")
        _ = removed.drainStops(upTo: 3)
        #expect(removed.double(.opacity, at: 3) == 0.5)
        // Not removed, it holds the end value (its stop and after: AnimationStopTests).
        #expect(try layer(removed: false).double(.opacity, at: 300) == 1)
    }
}
