import Animation
import Controls
import LayercastTesting
import Testing

/// The error `body` throws, or nil. (`#expect(throws:)` cannot mutate a captured meter.)
func thrown(_ body: () throws(MeterError) -> Void) -> MeterError? {
    do {
        try body()
        return nil
    } catch {
        return error
    }
}

/// Checks every segment's and the track's presentation values, in `state(at:)` and in the
/// snapshot, against the closed form within 1e-9, plus the recording and complete flags.
func expectMeter(_ meter: RecordingMeter, matches reference: MeterClosedForm, at t: Double,
                 sourceLocation: SourceLocation = #_sourceLocation) {
    let tolerance = 1e-9
    let state = meter.state(at: t)
    let expected = reference.intervals(at: t)
    #expect(state.segmentCount == expected.segments.count, "segment count at \(t)", sourceLocation: sourceLocation)
    #expect(state.recording == reference.isRecording(at: t), "recording at \(t)", sourceLocation: sourceLocation)
    #expect(state.complete == reference.isComplete(at: t), "complete at \(t)", sourceLocation: sourceLocation)
    for (i, (segment, interval)) in zip(state.segments, expected.segments).enumerated() {
        #expect(abs(segment.presentation.strokeStart - interval.start) < tolerance,
                "segment \(i + 1) start at \(t): \(segment.presentation.strokeStart) vs \(interval.start)",
                sourceLocation: sourceLocation)
        #expect(abs(segment.presentation.strokeEnd - interval.end) < tolerance,
                "segment \(i + 1) end at \(t): \(segment.presentation.strokeEnd) vs \(interval.end)",
                sourceLocation: sourceLocation)
    }
    #expect(abs(state.track.presentationStrokeStart - expected.track) < tolerance,
            "track start at \(t): \(state.track.presentationStrokeStart) vs \(expected.track)",
            sourceLocation: sourceLocation)
    #expect(abs(state.elapsed - expected.track * reference.duration) < 1e-6, sourceLocation: sourceLocation)

    // The render tree shows the same values: track, then segments oldest first.
    let tree = meter.snapshot(at: t)
    let shapes = tree.sublayers.compactMap { layer -> ShapeContent? in
        if case .shape(let s) = layer.content { s } else { nil }
    }
    #expect(shapes.count == 1 + expected.segments.count, sourceLocation: sourceLocation)
    if shapes.count == 1 + expected.segments.count {
        #expect(abs(shapes[0].strokeStart - expected.track) < tolerance, sourceLocation: sourceLocation)
        #expect(shapes[0].strokeEnd == 1, sourceLocation: sourceLocation)
        for (shape, interval) in zip(shapes.dropFirst(), expected.segments) {
            #expect(abs(shape.strokeStart - interval.start) < tolerance, sourceLocation: sourceLocation)
            #expect(abs(shape.strokeEnd - interval.end) < tolerance, sourceLocation: sourceLocation)
        }
    }
}

/// The meter, driven only by press/release at manual scene times, against
/// docs/design/recording-meter.md §Closed form.
@Suite struct RecordingMeterClosedFormTests {
    /// Advances the meter through `samples` evenly spaced times in (from, to], checking each.
    static func sample(_ meter: inout RecordingMeter, _ reference: MeterClosedForm, from: Double, to: Double,
                       samples: Int = 25, sourceLocation: SourceLocation = #_sourceLocation) {
        for i in 1...samples {
            let t = from + (to - from) * Double(i) / Double(samples)
            meter.advance(to: t)
            expectMeter(meter, matches: reference, at: t, sourceLocation: sourceLocation)
        }
    }

    @Test func pressTwoSecondsPauseThreePressOneAndAHalf() throws {
        var meter = RecordingMeter(duration: 45, seed: 7)
        var reference = MeterClosedForm(duration: 45)
        expectMeter(meter, matches: reference, at: 0)

        try meter.press(at: 0)
        let accepted0 = reference.press(at: 0)
        #expect(accepted0)
        expectMeter(meter, matches: reference, at: 0)
        Self.sample(&meter, reference, from: 0, to: 2)
        meter.release(at: 2)
        reference.release(at: 2)
        Self.sample(&meter, reference, from: 2, to: 5)

        try meter.press(at: 5)
        let accepted5 = reference.press(at: 5)
        #expect(accepted5)
        Self.sample(&meter, reference, from: 5, to: 6.5)
        meter.release(at: 6.5)
        reference.release(at: 6.5)
        Self.sample(&meter, reference, from: 6.5, to: 20)

        // The numbers, spelled out: newest [0, 1.5/45], oldest [1.5/45, 3.5/45], track [3.5/45, 1].
        let s = meter.state(at: 20)
        #expect(abs(s.segments[1].presentation.strokeStart - 0) < 1e-12)
        #expect(abs(s.segments[1].presentation.strokeEnd - 1.5 / 45) < 1e-12)
        #expect(abs(s.segments[0].presentation.strokeStart - 1.5 / 45) < 1e-12)
        #expect(abs(s.segments[0].presentation.strokeEnd - 3.5 / 45) < 1e-12)
        #expect(abs(s.track.presentationStrokeStart - 3.5 / 45) < 1e-12)
        // Paused: model equals presentation.
        for segment in s.segments { #expect(segment.model == segment.presentation) }
        #expect(s.track.modelStrokeStart == s.track.presentationStrokeStart)
        #expect(!s.recording && !s.complete)
        #expect(s.label == "0:03.5")
    }

    @Test func pressUntilComplete() throws {
        var meter = RecordingMeter(duration: 45, seed: 7)
        var reference = MeterClosedForm(duration: 45)
        try meter.press(at: 0)
        let accepted0 = reference.press(at: 0)
        #expect(accepted0)
        Self.sample(&meter, reference, from: 0, to: 45 - 1e-6, samples: 90)
        #expect(!meter.isComplete && meter.isRecording)

        meter.advance(to: 45)
        #expect(meter.isComplete)
        #expect(!meter.isRecording)
        expectMeter(meter, matches: reference, at: 45)
        let s = meter.state(at: 45)
        #expect(s.segments.count == 1)
        #expect(s.segments[0].presentation == .init(strokeStart: 0, strokeEnd: 1))
        #expect(s.segments[0].model == .init(strokeStart: 0, strokeEnd: 1))
        // Fully coloured: the track has length 0.
        #expect(s.track.presentationStrokeStart == 1 && s.track.modelStrokeStart == 1)
        #expect(s.label == "0:45.0")
        #expect(s.remaining == 0)

        let refused = thrown { () throws(MeterError) in try meter.press(at: 46) }
                    #expect(refused == .complete)
        meter.release(at: 47)
        Self.sample(&meter, reference, from: 45, to: 100, samples: 10)
        #expect(meter.segmentCount == 1)
    }

    @Test func completionInOneBigStepAfterPauses() throws {
        var meter = RecordingMeter(duration: 45, seed: 1)
        var reference = MeterClosedForm(duration: 45)
        try meter.press(at: 0)
        _ = reference.press(at: 0)
        meter.release(at: 10)
        reference.release(at: 10)
        try meter.press(at: 20)
        _ = reference.press(at: 20)
        // 35 s were left at the second press, so the ring fills at 55 s.
        meter.advance(to: 55 - 1e-6)
        #expect(!meter.isComplete)
        meter.advance(to: 1000)
        #expect(meter.isComplete)
        expectMeter(meter, matches: reference, at: 1000)
        let refused = thrown { () throws(MeterError) in try meter.press(at: 1001) }
                    #expect(refused == .complete)
    }

    @Test(arguments: [1, 2, 3, 0xDEAD_BEEF] as [UInt64], [45.0, 10.0])
    func twentyAlternatingCallsAtRandomTimes(seed: UInt64, duration: Double) throws {
        var meter = RecordingMeter(duration: duration, seed: seed)
        var reference = MeterClosedForm(duration: duration)
        var random = SeededGenerator(seed: seed)
        var t = 0.0
        for call in 0..<20 {
            let next = t + 0.1 + Double(random.next() % 3_900) / 1_000
            Self.sample(&meter, reference, from: t, to: next, samples: 8)
            t = next
            if call % 2 == 0 {
                let accepted = reference.press(at: t)
                if accepted {
                    try meter.press(at: t)
                } else {
                    let refused = thrown { () throws(MeterError) in try meter.press(at: t) }
                    #expect(refused == .complete)
                }
            } else {
                meter.release(at: t)
                reference.release(at: t)
            }
            expectMeter(meter, matches: reference, at: t)
        }
        Self.sample(&meter, reference, from: t, to: t + 60, samples: 12)
        // A 10 s ring fills during these calls, so refused presses and completion are exercised too.
        if duration == 10 { #expect(meter.isComplete) }
        #expect(meter.segmentCount >= 2)
    }
}
