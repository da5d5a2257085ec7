import Animation
import Controls
import LayercastTesting
import Testing
import SeedControls

/// The error `body` throws, or nil. (`#expect(throws:)` cannot mutate a captured meter.)
func thrown(_ body: () throws(MeterError) -> Void) -> MeterError? {
    do {
        try body()
        return nil
    } catch {
        return error
    }
}

/// The meter's state and its render tree (the track, then the segments oldest first) against the
/// closed form at `t`, within 1e-9.
func expectMeter(_ meter: RecordingMeter, matches reference: MeterClosedForm, at t: Double,
                 sourceLocation: SourceLocation = #_sourceLocation) {
    expectMeter(meter.state(at: t), matches: reference, at: t, sourceLocation: sourceLocation)
    let (segments, track) = reference.intervals(at: t)
    let expected = [(track, 1.0)] + segments.map { ($0.start, $0.end) }
    let drawn = meter.snapshot(at: t).sublayers.compactMap { layer -> (Double, Double)? in
        if case .shape(let s) = layer.content { (s.strokeStart, s.strokeEnd) } else { nil }
    }
    #expect(drawn.count == expected.count, "drawn layers at \(t)", sourceLocation: sourceLocation)
    for (got, want) in zip(drawn, expected) {
        #expect(abs(got.0 - want.0) < 1e-9 && abs(got.1 - want.1) < 1e-9, "drawn at \(t): \(got) vs \(want)",
                sourceLocation: sourceLocation)
    }
}

/// A meter and its closed form, given the same commands.
struct MeterRun {
    var meter: RecordingMeter
    var reference: MeterClosedForm

    init(duration: Double = 45, seed: UInt64 = 9) {
        meter = RecordingMeter(duration: duration, seed: seed)
        reference = MeterClosedForm(duration: duration)
    }

    /// A press both take or, once the closed form says the ring is full, one the meter refuses.
    mutating func press(at t: Double, sourceLocation: SourceLocation = #_sourceLocation) throws {
        if reference.press(at: t) {
            try meter.press(at: t)
        } else {
            #expect(thrown { () throws(MeterError) in try meter.press(at: t) } == .complete, sourceLocation: sourceLocation)
        }
    }

    mutating func release(at t: Double) {
        meter.release(at: t)
        reference.release(at: t)
    }

    /// Advances the meter to `t` and checks it.
    mutating func check(at t: Double, sourceLocation: SourceLocation = #_sourceLocation) {
        meter.advance(to: t)
        expectMeter(meter, matches: reference, at: t, sourceLocation: sourceLocation)
    }

    /// Checks `samples` evenly spaced times in (from, to].
    mutating func sample(from: Double, to: Double, samples: Int = 25, sourceLocation: SourceLocation = #_sourceLocation) {
        for i in 1...samples { check(at: from + (to - from) * Double(i) / Double(samples), sourceLocation: sourceLocation) }
    }
}

/// The meter, driven only by press/release at manual scene times, against
/// docs/design/recording-meter.md §Closed form.
@Suite struct RecordingMeterClosedFormTests {

    @Test func pressTwoSecondsPauseThreePressOneAndAHalf() throws {
        var run = MeterRun(seed: 7)
        run.check(at: 0)
        try run.press(at: 0)
        run.check(at: 0)
        run.sample(from: 0, to: 2)
        run.release(at: 2)
        run.sample(from: 2, to: 5)
        try run.press(at: 5)
        run.sample(from: 5, to: 6.5)
        run.release(at: 6.5)
        run.sample(from: 6.5, to: 20)

        // The numbers, spelled out: newest [0, 1.5/45], oldest [1.5/45, 3.5/45], track [3.5/45, 1].
        let s = run.meter.state(at: 20)
        let newest = s.segments[1].presentation, oldest = s.segments[0].presentation
        #expect(abs(newest.strokeStart) < 1e-12 && abs(newest.strokeEnd - 1.5 / 45) < 1e-12)
        #expect(abs(oldest.strokeStart - 1.5 / 45) < 1e-12 && abs(oldest.strokeEnd - 3.5 / 45) < 1e-12)
        #expect(abs(s.track.presentationStrokeStart - 3.5 / 45) < 1e-12)
        // Paused: model equals presentation.
        for segment in s.segments { #expect(segment.model == segment.presentation) }
        #expect(s.track.modelStrokeStart == s.track.presentationStrokeStart)
        #expect(!s.recording && !s.complete)
        #expect(s.label == "0:03.5")
    }

    @Test func pressUntilComplete() throws {
        var run = MeterRun(seed: 7)
        try run.press(at: 0)
        run.sample(from: 0, to: 45 - 1e-6, samples: 90)
        #expect(!run.meter.isComplete && run.meter.isRecording)

        run.check(at: 45)
        #expect(run.meter.isComplete && !run.meter.isRecording)
        let s = run.meter.state(at: 45)
        #expect(s.segments.count == 1)
        #expect(s.segments[0].presentation == .init(strokeStart: 0, strokeEnd: 1))
        #expect(s.segments[0].model == .init(strokeStart: 0, strokeEnd: 1))
        // Fully coloured: the track has length 0.
        #expect(s.track.presentationStrokeStart == 1 && s.track.modelStrokeStart == 1)
        #expect(s.label == "0:45.0")
        #expect(s.remaining == 0)

        try run.press(at: 46)
        run.release(at: 47)
        run.sample(from: 45, to: 100, samples: 10)
        #expect(run.meter.segmentCount == 1)
    }

    @Test func completionIsExactlyWhenTheTracksAnimationEnds() throws {
        var run = MeterRun(seed: 1)
        try run.press(at: 0)
        run.release(at: 10)
        // The press starts the track's animation to 1 over the time left, 35 s: the ring fills when it ends.
        let completion = 20 + 45 * (1 - run.meter.recordedFraction(at: 20))
        #expect(abs(completion - 55) < 1e-9)
        try run.press(at: 20)
        run.meter.advance(to: completion.nextDown)
        #expect(!run.meter.isComplete)
        run.meter.advance(to: completion)
        #expect(run.meter.isComplete)
        run.check(at: 1000)
        try run.press(at: 1001)
    }

    @Test(arguments: [1, 2, 3, 0xDEAD_BEEF] as [UInt64], [45.0, 10.0])
    func twentyAlternatingCallsAtRandomTimes(seed: UInt64, duration: Double) throws {
        var run = MeterRun(duration: duration, seed: seed)
        var random = SeededGenerator(seed: seed)
        var t = 0.0
        for call in 0..<20 {
            let next = t + 0.1 + Double(random.next() % 3_900) / 1_000
            run.sample(from: t, to: next, samples: 8)
            t = next
            if call % 2 == 0 { try run.press(at: t) } else { run.release(at: t) }
            run.check(at: t)
        }
        run.sample(from: t, to: t + 60, samples: 12)
        // A 10 s ring fills during these calls, so refused presses and completion are exercised too.
        if duration == 10 { #expect(run.meter.isComplete) }
        #expect(run.meter.segmentCount >= 2)
    }
}
