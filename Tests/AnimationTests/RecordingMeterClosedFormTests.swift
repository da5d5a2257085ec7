@testable import Animation
import LayercastTesting
import Testing

/// The Spark recording meter (docs/design/recording-meter.md §Behaviour) built with the engine the way the
/// original code builds it, checked against the closed form (docs/design/recording-meter.md §Closed form).
struct SparkMeter {
    let duration: Double
    /// sublayers[0] is the grey track; sublayers[1...] are the segments, oldest first.
    var root = ShapeLayer(name: "meter")
    var circleComplete = false
    var stops: [AnimationStop] = []

    static let circle = Path.arc(center: Point(284, 160), radius: 140, startAngle: .pi, endAngle: -.pi, clockwise: false)

    init(duration: Double) {
        self.duration = duration
        var track = ShapeLayer(name: "track")
        track.path = Self.circle
        track.fillColor = nil
        track.strokeColor = .lightGray
        track.lineWidth = 7
        root.sublayers = [track]
    }

    var track: ShapeLayer { root.sublayers[0] }
    var segments: ArraySlice<ShapeLayer> { root.sublayers[1...] }

    /// touchesBegan → updateAnimations.
    mutating func press(at t: Double) throws {
        guard !circleComplete else { return }
        var segment = ShapeLayer(name: "segment\(segments.count + 1)")
        segment.path = Self.circle
        segment.fillColor = nil
        segment.strokeColor = Color(hue: Double(segments.count) * 0.37, saturation: 0.75, brightness: 0.75)
        segment.lineWidth = 7
        segment.strokeStart = 0
        segment.strokeEnd = 0
        root.sublayers.append(segment)

        let remaining = duration * (1 - root.sublayers[1].strokeEnd)
        var e = 1.0
        let newest = root.sublayers.count - 1
        for i in 1...newest {
            var layer = root.sublayers[i]
            let oldStart = layer.strokeStart, oldEnd = layer.strokeEnd
            let endFrom = layer.presentationValue(.strokeEnd, at: t)
            layer.strokeEnd = e
            try layer.add(BasicAnimation(.strokeEnd, from: endFrom, to: .double(e), duration: remaining),
                          forKey: "strokeEndAnimation", at: t)
            e -= oldEnd - oldStart
            if i != newest {
                let startFrom = layer.presentationValue(.strokeStart, at: t)
                layer.strokeStart = e
                try layer.add(BasicAnimation(.strokeStart, from: startFrom, to: .double(e), duration: remaining),
                              forKey: "strokeStartAnimation", at: t)
            }
            root.sublayers[i] = layer
        }
        var track = root.sublayers[0]
        let trackFrom = track.presentationValue(.strokeStart, at: t)
        track.strokeStart = 1
        try track.add(BasicAnimation(.strokeStart, from: trackFrom, to: .double(1), duration: remaining),
                      forKey: "backgroundLayerAnimation", at: t)
        root.sublayers[0] = track
    }

    /// touchesEnded: freeze what is on screen into the model and drop every animation.
    mutating func release(at t: Double) {
        guard !circleComplete else { return }
        for i in root.sublayers.indices {
            var layer = root.sublayers[i]
            let shown = layer.presentation(at: t)
            layer.strokeStart = shown.strokeStart
            layer.strokeEnd = shown.strokeEnd
            layer.removeAllAnimations(at: t)
            root.sublayers[i] = layer
        }
    }

    /// Delivers animationDidStop up to `t`; only the track's animation has the delegate.
    mutating func deliverStops(upTo t: Double) {
        while let stop = root.nextStop(upTo: t) {
            stops.append(stop)
            if stop.layer == "track" && stop.finished { circleComplete = true }
        }
    }

    /// (start, end) on screen for the track and every segment, oldest first.
    func intervals(at t: Double) -> [(Double, Double)] {
        root.presentation(at: t).sublayers.map { ($0.strokeStart, $0.strokeEnd) }
    }
}

@Suite struct RecordingMeterClosedFormTests {
    /// docs/design/recording-meter.md §Closed form on screen: the track [p, 1], then the segments oldest
    /// first.
    static func check(_ meter: SparkMeter, at t: Double, lengths: [Double], _ comment: Comment? = nil) {
        let shown = meter.intervals(at: t)
        let closedForm = MeterClosedForm.intervals(lengths: lengths)
        let expected: [(Double, Double)] = [(closedForm.track, 1)] + closedForm.segments.map { ($0.start, $0.end) }
        #expect(shown.count == expected.count)
        for (i, (s, x)) in zip(shown, expected).enumerated() {
            #expect(near(s.0, x.0, 1e-9) && near(s.1, x.1, 1e-9),
                    "layer \(i) at t = \(t): \(s) vs \(x) \(comment.map { "\($0)" } ?? "")")
        }
    }

    static func samples(_ from: Double, _ to: Double, step: Double = 0.05) -> [Double] {
        stride(from: from, through: to + 1e-12, by: step).map { min($0, to) }
    }

    @Test func pressReleaseWaitPressReleaseMatchesTheClosedForm() throws {
        let d = 10.0
        var meter = SparkMeter(duration: d)
        Self.check(meter, at: 0, lengths: [])

        try meter.press(at: 0)
        for t in Self.samples(0, 2) { Self.check(meter, at: t, lengths: [t / d]) }
        meter.release(at: 2)
        for t in Self.samples(2, 5) { Self.check(meter, at: t, lengths: [0.2], "paused") }
        #expect(meter.segments.first?.strokeEnd == meter.segments.first?.presentation(at: 2).strokeEnd)

        try meter.press(at: 5)
        for t in Self.samples(5, 6.5) { Self.check(meter, at: t, lengths: [0.2, (t - 5) / d]) }
        meter.release(at: 6.5)
        for t in Self.samples(6.5, 10) { Self.check(meter, at: t, lengths: [0.2, 0.15], "paused") }

        meter.deliverStops(upTo: 10)
        #expect(!meter.circleComplete)
        #expect(meter.stops.allSatisfy { !$0.finished }, "releases only stop animations unfinished")
        #expect(meter.stops.map(\.time) == [2, 2, 6.5, 6.5, 6.5, 6.5])
        #expect(meter.stops.filter { $0.layer == "track" }.map(\.time) == [2, 6.5])
    }

    @Test func pressedUntilFullTheTrackReportsFinishedAtTheCompletionTime() throws {
        let d = 10.0
        var meter = SparkMeter(duration: d)
        try meter.press(at: 0)
        meter.release(at: 2)
        try meter.press(at: 5)
        meter.release(at: 6.5)
        meter.deliverStops(upTo: 10)
        meter.stops = []

        try meter.press(at: 10)
        let remaining = d * (1 - meter.segments.first!.presentation(at: 10).strokeEnd)
        #expect(near(remaining, 6.5, 1e-12))
        for t in Self.samples(10, 16.5, step: 0.125) { Self.check(meter, at: t, lengths: [0.2, 0.15, (t - 10) / d]) }

        meter.deliverStops(upTo: 16.4999)
        #expect(meter.stops.isEmpty)
        #expect(!meter.circleComplete)
        meter.deliverStops(upTo: 30)
        let trackStops = meter.stops.filter { $0.layer == "track" }
        #expect(trackStops.count == 1)
        let stop = try #require(trackStops.first)
        #expect(stop.finished)
        #expect(stop.time == 10 + remaining, "exactly at the end of the track animation")
        #expect(near(stop.time, 16.5, 1e-9))
        #expect(meter.circleComplete)
        #expect(meter.stops.allSatisfy { $0.finished && $0.time == stop.time }, "every segment ends with the track")
        #expect(meter.stops.count == 1 + 3 + 2)

        // The full ring stays: presses and releases are ignored from now on.
        Self.check(meter, at: stop.time, lengths: [0.2, 0.15, 0.65])
        Self.check(meter, at: 40, lengths: [0.2, 0.15, 0.65])
        try meter.press(at: 41)
        meter.release(at: 42)
        #expect(meter.segments.count == 3)
        Self.check(meter, at: 43, lengths: [0.2, 0.15, 0.65])
    }

    @Test func presentationIsDeterministic() throws {
        var meter = SparkMeter(duration: 45)
        try meter.press(at: 0)
        meter.release(at: 7)
        try meter.press(at: 9.5)
        let copy = meter
        let times = Self.samples(9.5, 30, step: 0.37)
        let first = times.map { meter.root.snapshot(at: $0) }
        let again = times.reversed().map { meter.root.snapshot(at: $0) }.reversed()
        let fromCopy = times.map { copy.root.snapshot(at: $0) }
        #expect(first == Array(again))
        #expect(first == fromCopy)
        for t in times {
            let a = meter.intervals(at: t), b = copy.intervals(at: t)
            for (x, y) in zip(a, b) {
                #expect(x.0.bitPattern == y.0.bitPattern && x.1.bitPattern == y.1.bitPattern)
            }
        }
    }
}
