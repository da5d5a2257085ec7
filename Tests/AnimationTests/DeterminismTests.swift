import Testing
@testable import Animation

/// Presentation values are a pure function of (model, animations, t)
/// (docs/design/engine.md §Frames as a function of time): computed twice, in any order, or on a copy, they
/// are bit-identical.
@Suite struct DeterminismTests {
    static func busyLayer() throws -> ShapeLayer {
        var layer = ShapeLayer(name: "busy")
        layer.path = .circle(center: .zero, radius: 20, startAngle: -.pi / 2)
        var end = BasicAnimation(.strokeEnd, from: .double(0), to: .double(1), duration: 2)
        end.timingFunction = .easeInEaseOut
        var group = AnimationGroup([.basic(end)], duration: 2.5)
        group.timing.repeatCount = .infinity
        try layer.add(group, forKey: "strokeEnd", at: 0)
        var turn = BasicAnimation(.rotation, from: .double(0), to: .double(2 * .pi), duration: 4)
        turn.timing.repeatCount = .infinity
        try layer.add(turn, forKey: "rotation", at: 0)
        var k = KeyframeAnimation(.strokeColor, values: [.color(.black), .color(.white), .color(Color(hex: "#ce413d")!)],
                                  duration: 1.3)
        k.timingFunctions = [.easeOut, .default]
        k.timing.repeatCount = .infinity
        k.timing.autoreverses = true
        try layer.add(k, forKey: "colour", at: 0.1)
        var morph = BasicAnimation(.path, to: .path(.circle(center: .zero, radius: 30, startAngle: -.pi / 2)), duration: 3.3)
        morph.timing.repeatCount = 2.5
        morph.timingFunction = .easeInEaseOut
        try layer.add(morph, forKey: "morph", at: 0.2)
        var child = ShapeLayer(name: "child")
        // Forwards fill but removed on completion: after 1.0 s the child shows its model
        // (docs/design/engine.md §Media timing).
        var fade = BasicAnimation(.opacity, from: .double(0), to: .double(0.5), duration: 0.7)
        fade.timing.fillMode = .forwards
        try child.add(fade, forKey: "o", at: 0.3)
        layer.sublayers = [child]
        return layer
    }

    static func bits(_ l: ShapeLayer) -> [UInt64] {
        var out = [l.strokeStart, l.strokeEnd, l.rotation, l.opacity, l.strokeColor?.red ?? -1,
                   l.strokeColor?.green ?? -1, l.strokeColor?.blue ?? -1].map(\.bitPattern)
        for e in l.path?.elements ?? [] {
            if case .cubic(let a, let b, let c) = e { out += [a.x, a.y, b.x, b.y, c.x, c.y].map(\.bitPattern) }
        }
        return out + l.sublayers.flatMap(bits)
    }

    /// Indices where two runs differ (an empty list prints better than two arrays of bit patterns).
    func mismatches(_ a: [[UInt64]], _ b: [[UInt64]]) -> [Int] {
        a.count == b.count ? a.indices.filter { a[$0] != b[$0] } : [-1]
    }

    @Test func twiceInAnyOrderAndOnACopyAreBitIdentical() throws {
        let layer = try Self.busyLayer()
        let copy = layer
        let times = (0..<200).map { Double($0) * 0.0731 }
        let forward = times.map { Self.bits(layer.presentation(at: $0)) }
        let backward = Array(times.reversed().map { Self.bits(layer.presentation(at: $0)) }.reversed())
        let copied = times.map { Self.bits(copy.presentation(at: $0)) }
        #expect(mismatches(forward, backward) == [])
        #expect(mismatches(forward, copied) == [])
        #expect(times.map { layer.snapshot(at: $0) } == times.map { copy.snapshot(at: $0) })
        // The values really move (so equality above is not vacuous).
        #expect(Set(forward).count > 150)
    }

    @Test func drainingStopsDoesNotChangeWhatIsShown() throws {
        // Stops are bookkeeping: from the drain time on, what is shown must not depend on whether
        // the stops up to it were taken (the child's fade ended at 1.0 and was removed).
        var layer = try Self.busyLayer()
        let times = (0..<100).map { 5 + Double($0) * 0.11 }
        let before = times.map { Self.bits(layer.presentation(at: $0)) }
        #expect(layer.presentation(at: 6).sublayers[0].opacity == 1, "removed on completion: the model")
        let stops = layer.drainStops(upTo: 5)
        #expect(stops.map(\.key) == ["o"])
        let after = times.map { Self.bits(layer.presentation(at: $0)) }
        #expect(mismatches(before, after) == [], "sample indices that differ")
    }
}
