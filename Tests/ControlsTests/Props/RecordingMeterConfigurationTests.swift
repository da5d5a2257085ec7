import Animation
@testable import Controls
import Testing
@testable import SeedControls

/// The meter's props at once (docs/design/props.md §Immediately), and its one rule: the duration
/// changes only while the meter is empty.
@Suite struct RecordingMeterConfigurationTests {

    static func recorded(_ segments: Int, seed: UInt64 = 9) throws -> RecordingMeter {
        var meter = RecordingMeter(duration: 45, seed: seed)
        for i in 0..<segments {
            try meter.press(at: Double(i))
            meter.release(at: Double(i) + 0.5)
        }
        return meter
    }

    @Test func theDurationChangesOnlyWhileEmpty() throws {
        var meter = try Self.recorded(2)
        var c = meter.configuration
        c.duration = 10
        c.lineWidth = 12
        #expect(throws: PropRefusal(prop: "duration", reason: MeterError.notEmpty.description,
                                   remedy: "POST /meter/reset, then change the duration")) {
            try meter.configure(c, at: 3)
        }
        #expect(meter.configuration.lineWidth == 7, "nothing of a refused change applies")
        meter.reset(at: 3)
        try meter.configure(c, at: 3)
        #expect(meter.duration == 10 && meter.configuration.lineWidth == 12)
    }

    @Test func widthInsetAndTrackColourShowAtOnce() throws {
        var meter = try Self.recorded(2)
        var c = meter.configuration
        c.lineWidth = 20
        c.inset = 60
        c.trackColor = .black
        try meter.configure(c, at: 3)
        let tree = meter.snapshot(at: 3, options: FrameOptions(showsLabel: false))
        for layer in tree.sublayers {
            guard case .shape(let shape) = layer.content else { Issue.record("\(layer.name) has no shape"); continue }
            #expect(shape.lineWidth == 20, "\(layer.name)")
            // Radius 160 − 60 = 100 round the centre (160, 160).
            let start = try #require(shape.path.elements.first?.endPoint)
            #expect(abs(start.distance(to: Point(160, 160)) - 100) < 1e-9, "\(layer.name)")
        }
        #expect(meter.root.sublayers.first?.strokeColor == .black)
    }

    /// A list colours the ring's segments in order, oldest first, repeating; a new seed gives each
    /// segment the colour it would have had from that seed.
    @Test func segmentColoursAndTheSeedRecolourAtOnce() throws {
        var meter = try Self.recorded(3)
        var c = meter.configuration
        c.segmentColors = [.black, .white]
        try meter.configure(c, at: 4)
        #expect(meter.segmentColors == [.black, .white, .black])
        try meter.press(at: 5)
        #expect(meter.segmentColors.last == .white)
        c.segmentColors = []
        c.seed = 42
        try meter.configure(c, at: 6)
        let fresh = try Self.recorded(4, seed: 42)
        #expect(meter.segmentColors == fresh.segmentColors)
    }

    /// A new curve re-runs a recording from what is on screen: no jump now, and the ring still fills
    /// when the time left runs out.
    @Test func aCurveReRunsARecordingFromTheScreen() throws {
        var meter = RecordingMeter(duration: 10, seed: 1)
        try meter.press(at: 0)
        meter.advance(to: 4)
        let before = meter.state(at: 4)
        var c = meter.configuration
        c.strokeCurve = .named(.easeIn)
        try meter.configure(c, at: 4)
        #expect(meter.state(at: 4) == before)
        // Ease-in over the 6 s left: at the middle, under half of what is left has filled.
        #expect(meter.recordedFraction(at: 7) < 0.4 + 0.6 * 0.5 - 0.1)
        meter.advance(to: 10)
        #expect(meter.isComplete)
    }
}
