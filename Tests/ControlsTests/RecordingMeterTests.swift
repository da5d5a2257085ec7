import Animation
@testable import Controls
import Foundation
import LayercastTesting
import Testing
@testable import SeedControls

/// Hold, reset, duration, colours, label and the render tree of the recording meter.
@Suite struct RecordingMeterTests {

    // MARK: hold(seconds:at:)

    @Test func holdReleasesAtExactlyItsTimeInOneBigStep() throws {
        var held = RecordingMeter(duration: 45, seed: 9)
        try held.hold(seconds: 2.5, at: 1)
        #expect(held.scheduledRelease == 3.5)
        #expect(held.state(at: 1).scheduledRelease == 3.5)
        held.advance(to: 100)
        #expect(!held.isRecording && !held.isComplete)
        #expect(held.scheduledRelease == nil)

        var reference = MeterClosedForm(duration: 45)
        reference.press(at: 1)
        reference.release(at: 3.5)
        expectMeter(held, matches: reference, at: 100)
        let s = held.state(at: 100)
        #expect(abs(s.segments[0].presentation.strokeEnd - 2.5 / 45) < 1e-12)
        #expect(s.segments[0].model == s.segments[0].presentation)
        #expect(s.label == "0:02.5")

        // The same as pressing and releasing by hand at those times.
        var pressed = RecordingMeter(duration: 45, seed: 9)
        try pressed.press(at: 1)
        pressed.release(at: 3.5)
        #expect(held.state(at: 100) == pressed.state(at: 100))
        #expect(held.snapshot(at: 100) == pressed.snapshot(at: 100))
    }

    @Test func holdReleaseAlsoAppliesWhenACommandArrivesAfterIt() throws {
        var run = MeterRun()
        try run.meter.hold(seconds: 2, at: 0)
        run.reference.press(at: 0)
        run.reference.release(at: 2)
        // No advance in between: the next press first applies the release at 2, then starts anew.
        try run.press(at: 10)
        run.check(at: 10)
        run.check(at: 12)
        #expect(run.meter.segmentCount == 2)
    }

    @Test func aPressDuringAHoldTakesOver() throws {
        var run = MeterRun()
        try run.meter.hold(seconds: 2, at: 0)
        run.reference.press(at: 0)
        try run.press(at: 1)
        #expect(run.meter.scheduledRelease == nil)
        #expect(run.meter.segmentCount == 1)
        run.check(at: 5)
        #expect(run.meter.isRecording)
        run.release(at: 6)
        run.check(at: 20)
        #expect(abs(run.meter.elapsed(at: 20) - 6) < 1e-9)
    }

    @Test func aReleaseDuringAHoldTakesOver() throws {
        var run = MeterRun()
        try run.meter.hold(seconds: 5, at: 0)
        run.reference.press(at: 0)
        run.release(at: 1)
        #expect(run.meter.scheduledRelease == nil)
        try run.press(at: 3)
        // The cancelled release at 5 does not stop the second press.
        run.check(at: 8)
        #expect(run.meter.isRecording)
    }

    @Test func aHoldWhileRecordingSchedulesTheRelease() throws {
        var meter = RecordingMeter(duration: 45, seed: 9)
        try meter.press(at: 0)
        try meter.hold(seconds: 1, at: 2)
        #expect(meter.segmentCount == 1)
        meter.advance(to: 10)
        #expect(!meter.isRecording)
        #expect(abs(meter.elapsed(at: 10) - 3) < 1e-9)
    }

    @Test func completionBeforeOrAtTheReleaseWins() throws {
        var longer = RecordingMeter(duration: 10, seed: 9)
        try longer.hold(seconds: 30, at: 0)
        longer.advance(to: 50)
        #expect(longer.isComplete && !longer.isRecording && longer.scheduledRelease == nil)

        // Release and completion at the same scene time: stops at or before the release come first.
        var same = RecordingMeter(duration: 10, seed: 9)
        try same.hold(seconds: 10, at: 0)
        same.advance(to: 10)
        #expect(same.isComplete)
        #expect(same.state(at: 10).track.presentationStrokeStart == 1)
    }

    @Test func holdArgumentsAreChecked() throws {
        var meter = RecordingMeter(duration: 45, seed: 9)
        #expect(thrown { () throws(MeterError) in try meter.hold(seconds: 0.01, at: 0) } == .holdOutOfRange(0.01))
        #expect(thrown { () throws(MeterError) in try meter.hold(seconds: 601, at: 0) } == .holdOutOfRange(601))
        #expect(thrown { () throws(MeterError) in try meter.hold(seconds: .nan, at: 0) } != nil)
        #expect(meter.segmentCount == 0)
        try meter.hold(seconds: 0.05, at: 0)
        try meter.hold(seconds: 600, at: 0)
        #expect(meter.segmentCount == 1)

        meter.advance(to: 45)
        #expect(thrown { () throws(MeterError) in try meter.hold(seconds: 1, at: 46) } == .complete)
    }

    // MARK: Press and release edge cases

    @Test func pressWhilePressedAndReleaseWhileReleasedAreNoOps() throws {
        var meter = RecordingMeter(duration: 45, seed: 9)
        meter.release(at: 0)
        #expect(meter.segmentCount == 0)
        try meter.press(at: 1)
        try meter.press(at: 2)
        #expect(meter.segmentCount == 1)
        meter.release(at: 3)
        meter.release(at: 4)
        #expect(abs(meter.elapsed(at: 10) - 2) < 1e-9)
        #expect(meter.state(at: 10).label == "0:02.0")
    }

    // MARK: reset(at:)

    @Test func resetEmptiesTheRing() throws {
        var meter = RecordingMeter(duration: 10, seed: 9)
        try meter.press(at: 0)
        meter.release(at: 3)
        try meter.press(at: 4)
        meter.advance(to: 20)
        #expect(meter.isComplete)

        meter.reset(at: 20)
        #expect(!meter.isComplete && !meter.isRecording && meter.segmentCount == 0)
        let s = meter.state(at: 20)
        #expect(s.track.modelStrokeStart == 0 && s.track.presentationStrokeStart == 0)
        #expect(s.elapsed == 0 && s.remaining == 10 && s.label == "0:00.0")
        #expect(meter.snapshot(at: 20).sublayers.map(\.name) == ["track", "label"])

        // Recording again works, from an empty ring.
        try meter.press(at: 21)
        var reference = MeterClosedForm(duration: 10)
        reference.press(at: 21)
        expectMeter(meter, matches: reference, at: 25)
        meter.advance(to: 31)
        expectMeter(meter, matches: reference, at: 31)
        #expect(meter.isComplete)
    }

    @Test func resetWhileRecordingAndHolding() throws {
        var meter = RecordingMeter(duration: 45, seed: 9)
        try meter.hold(seconds: 5, at: 0)
        meter.reset(at: 2)
        #expect(meter.scheduledRelease == nil && !meter.isRecording && meter.segmentCount == 0)
        meter.advance(to: 100)
        #expect(!meter.isComplete)
        #expect(meter.state(at: 100).track.presentationStrokeStart == 0)
    }

    // MARK: Duration

    @Test func durationChangesOnlyWhileEmpty() throws {
        var meter = RecordingMeter(duration: 45, seed: 9)
        try meter.setDuration(10, at: 0)
        #expect(meter.duration == 10)
        try meter.press(at: 0)
        #expect(thrown { () throws(MeterError) in try meter.setDuration(20, at: 1) } == .notEmpty)
        meter.release(at: 4)
        #expect(thrown { () throws(MeterError) in try meter.setDuration(20, at: 4.5) } == .notEmpty)
        #expect(meter.duration == 10)
        // 10 s ring: 4 s recorded, the second press fills it 6 s later.
        try meter.press(at: 5)
        meter.advance(to: 11 - 1e-6)
        #expect(!meter.isComplete)
        meter.advance(to: 11)
        #expect(meter.isComplete)

        meter.reset(at: 12)
        try meter.setDuration(600, at: 12)
        #expect(meter.duration == 600)
        try meter.setDuration(1, at: 12)
        #expect(thrown { () throws(MeterError) in try meter.setDuration(0.5, at: 12) } == .durationOutOfRange(0.5))
        #expect(thrown { () throws(MeterError) in try meter.setDuration(601, at: 12) } == .durationOutOfRange(601))
        #expect(meter.duration == 1)
        #expect(RecordingMeter(duration: 5000, seed: 0).duration == 600)
        #expect(RecordingMeter.defaultDuration == 45)
    }

    // MARK: Colours

    /// The original's draws, re-derived here: hue (r mod 256)/256, then saturation and brightness
    /// (r mod 128)/256 + 0.5, one SplitMix64 draw each.
    static func expectedColors(seed: UInt64, count: Int) -> [Color] {
        var g = SeededGenerator(seed: seed)
        return (0..<count).map { _ in
            let h = Double(g.next() % 256) / 256
            let s = Double(g.next() % 128) / 256 + 0.5
            let b = Double(g.next() % 128) / 256 + 0.5
            return Color(hue: h, saturation: s, brightness: b)
        }
    }

    static func record(_ meter: inout RecordingMeter, segments: Int) throws {
        for i in 0..<segments {
            try meter.press(at: Double(i))
            meter.release(at: Double(i) + 0.5)
        }
    }

    @Test func coloursAreReproducibleForASeed() throws {
        var a = RecordingMeter(duration: 45, seed: 42)
        var b = RecordingMeter(duration: 45, seed: 42)
        var c = RecordingMeter(duration: 45, seed: 43)
        try Self.record(&a, segments: 5)
        try Self.record(&b, segments: 5)
        try Self.record(&c, segments: 5)
        #expect(a.segmentColors == b.segmentColors)
        #expect(a.segmentColors != c.segmentColors)
        #expect(a.segmentColors == Self.expectedColors(seed: 42, count: 5))
        #expect(a.snapshot(at: 10) == b.snapshot(at: 10))
        #expect(a.state(at: 10).segments.map(\.color) == a.segmentColors.map(\.hex))

        // The sequence carries on across a reset.
        a.reset(at: 10)
        try a.press(at: 11)
        #expect(a.segmentColors == [Self.expectedColors(seed: 42, count: 6)[5]])
    }

    @Test func coloursStayInTheOriginalsHSBRanges() {
        var g = SeededGenerator(seed: 0x5EED)
        for _ in 0..<500 {
            let c = RecordingMeter.randomColor(using: &g)
            let maxC = max(c.red, c.green, c.blue), minC = min(c.red, c.green, c.blue)
            let brightness = maxC, saturation = (maxC - minC) / maxC
            #expect(brightness >= 0.5 - 1e-12 && brightness <= 255.0 / 256 + 1e-12)
            #expect(saturation >= 0.5 - 1e-12 && saturation <= 255.0 / 256 + 1e-12)
            #expect(c.alpha == 1)
        }
    }

    // MARK: Label (ours)

    @Test func labelTruncatesToTenthsLikeAStopwatch() {
        #expect(RecordingMeter.formatElapsed(0) == "0:00.0")
        #expect(RecordingMeter.formatElapsed(2.0) == "0:02.0")
        #expect(RecordingMeter.formatElapsed(1.9999999999999998) == "0:02.0")
        #expect(RecordingMeter.formatElapsed(2.09) == "0:02.0")
        #expect(RecordingMeter.formatElapsed(59.99) == "0:59.9")
        #expect(RecordingMeter.formatElapsed(65.25) == "1:05.2")
        #expect(RecordingMeter.formatElapsed(600) == "10:00.0")
    }

    @Test func labelShowsElapsedFromPresentationValues() throws {
        var meter = RecordingMeter(duration: 600, seed: 1)
        try meter.press(at: 0)
        #expect(meter.state(at: 1.25).label == "0:01.2")
        meter.release(at: 65.25)
        let label = try #require(meter.snapshot(at: 70).sublayers.last)
        #expect(label.name == "label")
        #expect(label.content == .text(TextContent(text: "1:05.2", center: Point(160, 160), fontFamily: "DejaVu Sans",
                                                   fontSize: 36, color: Color(white: 1.0 / 3.0))))
    }

    @Test func theFrameOptionsDecideTheLabelAndItsColour() throws {
        var meter = RecordingMeter(duration: 45, seed: 1)
        try meter.press(at: 0)
        let without = meter.snapshot(at: 3, options: FrameOptions(showsLabel: false))
        #expect(without.sublayers.map(\.name) == ["track", "segment.1"])
        #expect(meter.snapshot(at: 3, options: FrameOptions()).sublayers.map(\.name) == ["track", "segment.1", "label"])

        // Dark grey on a light backdrop, its mirror (white 2/3) on a dark one; the text is the same.
        func text(on backdrop: Backdrop) -> TextContent? {
            let tree = meter.snapshot(at: 3, options: FrameOptions(backdrop: backdrop))
            guard case .text(let text)? = tree[["label"]]?.content else { return nil }
            return text
        }
        let light = try #require(text(on: .light)), dark = try #require(text(on: .dark))
        #expect(light.color == Color(white: 1.0 / 3.0))
        #expect(abs(dark.color.red - 2.0 / 3.0) < 1e-12 && dark.color.red == dark.color.green
                && dark.color.green == dark.color.blue && dark.color.alpha == 1)
        #expect(dark.text == light.text && dark.text == "0:03.0")
    }

    // MARK: Render tree

    @Test func snapshotHasTrackSegmentsAndLabelOnTheSharedPath() throws {
        var meter = RecordingMeter(duration: 45, seed: 3)
        try Self.record(&meter, segments: 3)
        try meter.press(at: 10)
        let tree = meter.snapshot(at: 11)
        #expect(meter.designSize == Size(320, 320))
        #expect(tree.name == "meter")
        #expect(tree.sublayers.map(\.name) == ["track", "segment.1", "segment.2", "segment.3", "segment.4", "label"])

        let shapes = tree.sublayers.dropLast().compactMap { layer -> ShapeContent? in
            if case .shape(let s) = layer.content { s } else { nil }
        }
        #expect(shapes.count == 5)
        for (i, shape) in shapes.enumerated() {
            #expect(shape.path == meter.circlePath)
            #expect(shape.lineWidth == 7)
            #expect(shape.lineCap == .butt)
            #expect(shape.fillColor == nil)
            #expect(shape.strokeColor == (i == 0 ? Color.lightGray : meter.segmentColors[i - 1]))
        }
        #expect(Color.lightGray.hex == "#aaaaaa")

        // The original's proportions: radius 140 and line 7 on a 320 side. The path starts at 9 o'clock,
        // (20, 160), and runs counter-clockwise on screen: a quarter of the way along it is at 6 o'clock
        // (160, 300), half way at 3 o'clock, and it ends where it began.
        let elements = meter.circlePath.elements
        #expect(elements.map(\.kind) == [.move, .cubic, .cubic, .cubic, .cubic])
        for (element, point) in zip(elements, [Point(20, 160), Point(160, 300), Point(300, 160), Point(160, 20), Point(20, 160)]) {
            #expect(element.endPoint.map { $0.distance(to: point) < 1e-9 } == true, "\(element) vs \(point)")
        }
    }

    @Test func stateIsCodable() throws {
        var meter = RecordingMeter(duration: 45, seed: 3)
        try meter.hold(seconds: 3, at: 0)
        let state = meter.state(at: 1)
        let data = try JSONEncoder().encode(state)
        let decoded = try JSONDecoder().decode(RecordingMeter.State.self, from: data)
        #expect(decoded == state)
        #expect(state.scheduledRelease == 3)
        #expect(state.recording && state.segmentCount == 1)
        #expect(state.segments[0].model == .init(strokeStart: 0, strokeEnd: 1))
        #expect(abs(state.segments[0].presentation.strokeEnd - 1.0 / 45) < 1e-12)
        #expect(state.track.modelStrokeStart == 1)
        #expect(abs(state.remaining - 44) < 1e-9)
    }

    @Test func theSceneDrivesTheMeter() throws {
        var scene = Scene(configuration: SceneConfiguration(meterDuration: 10, seed: 5), time: 0)
        try scene.meter.press(at: 0)
        scene.advance(to: 10)
        #expect(scene.meter.isComplete)
        let frame = scene.frame(.meter, at: 10, width: 240, height: 240)
        #expect(frame.sublayers.count == 3)
    }
}
