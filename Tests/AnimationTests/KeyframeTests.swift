import Testing
@testable import Animation

/// CAKeyframeAnimation (docs/design/engine.md §Keyframes and groups): linear with default and explicit
/// keyTimes, per-segment timing functions, discrete mode, and repeats.
@Suite struct KeyframeTests {
    static func layer(_ k: KeyframeAnimation, at time: Double = 0) throws -> ShapeLayer {
        var layer = ShapeLayer()
        layer.lineWidth = -1
        try layer.add(k, forKey: "k", at: time)
        return layer
    }

    static let values: [AnimatableValue] = [.double(0), .double(10), .double(40)]

    @Test func linearWithEvenlySpacedDefaultKeyTimes() throws {
        let l = try Self.layer(KeyframeAnimation(.lineWidth, values: Self.values, duration: 2))
        #expect(l.double(.lineWidth, at: 0) == 0)
        #expect(l.double(.lineWidth, at: 0.5) == 5)
        #expect(l.double(.lineWidth, at: 1) == 10)
        #expect(l.double(.lineWidth, at: 1.5) == 25)
        #expect(l.double(.lineWidth, at: 2) == 40)
        #expect(l.double(.lineWidth, at: 2.5) == -1)
    }

    @Test func linearWithExplicitKeyTimes() throws {
        let l = try Self.layer(KeyframeAnimation(.lineWidth, values: Self.values, keyTimes: [0, 0.8, 1], duration: 1))
        #expect(near(l.double(.lineWidth, at: 0.4), 5, 1e-12))
        #expect(l.double(.lineWidth, at: 0.8) == 10)
        #expect(near(l.double(.lineWidth, at: 0.9), 25, 1e-12))
        // Key times that do not start at 0 hold the first value before the first key time.
        let late = try Self.layer(KeyframeAnimation(.lineWidth, values: Self.values, keyTimes: [0.5, 0.75, 1], duration: 1))
        #expect(late.double(.lineWidth, at: 0.25) == 0)
        #expect(late.double(.lineWidth, at: 0.625) == 5)
    }

    @Test func perSegmentTimingFunctionsAfterTheOwnCurve() throws {
        var k = KeyframeAnimation(.lineWidth, values: Self.values, duration: 1)
        k.timingFunctions = [.easeIn, .easeOut]
        let l = try Self.layer(k)
        #expect(l.double(.lineWidth, at: 0.25) == 10 * TimingFunction.easeIn.solve(0.5))
        #expect(l.double(.lineWidth, at: 0.75) == 10 + 30 * TimingFunction.easeOut.solve(0.5))
        #expect(near(l.double(.lineWidth, at: 0.25), 10 * 0.31536, 1e-4))

        k.timingFunction = .easeInEaseOut
        let both = try Self.layer(k)
        let p = TimingFunction.easeInEaseOut.solve(0.3)   // 0.3 → p < 0.5: first segment
        #expect(both.double(.lineWidth, at: 0.3) == 10 * TimingFunction.easeIn.solve(p / 0.5))
    }

    @Test func discreteWithDefaultSpacing() throws {
        // n values take n + 1 key times; by default each value holds for 1/n.
        let l = try Self.layer(KeyframeAnimation(.lineWidth, values: Self.values, duration: 3, calculationMode: .discrete))
        #expect(l.double(.lineWidth, at: 0) == 0)
        #expect(l.double(.lineWidth, at: 0.99) == 0)
        #expect(l.double(.lineWidth, at: 1.01) == 10)
        #expect(l.double(.lineWidth, at: 2.5) == 40)
        #expect(l.double(.lineWidth, at: 3) == 40)
    }

    @Test func discreteWithExplicitKeyTimes() throws {
        let l = try Self.layer(KeyframeAnimation(.lineWidth, values: Self.values, keyTimes: [0, 0.5, 0.75, 1],
                                                 duration: 1, calculationMode: .discrete))
        #expect(l.double(.lineWidth, at: 0.49) == 0)
        #expect(l.double(.lineWidth, at: 0.5) == 10)
        #expect(l.double(.lineWidth, at: 0.6) == 10)
        #expect(l.double(.lineWidth, at: 0.8) == 40)
    }

    @Test func keyTimeCountsAreChecked() {
        var layer = ShapeLayer()
        #expect(throws: AnimationError.keyTimesMismatch) {
            try layer.add(KeyframeAnimation(.lineWidth, values: Self.values, keyTimes: [0, 0.5, 1],
                                            duration: 1, calculationMode: .discrete), forKey: "d", at: 0)
        }
        #expect(throws: AnimationError.keyTimesMismatch) {
            try layer.add(KeyframeAnimation(.lineWidth, values: Self.values, keyTimes: [0, 0.5, 0.75, 1], duration: 1),
                          forKey: "l", at: 0)
        }
        #expect(throws: AnimationError.keyTimesMismatch) {
            try layer.add(KeyframeAnimation(.lineWidth, values: Self.values, keyTimes: [0, 0.8, 0.5], duration: 1),
                          forKey: "l", at: 0)
        }
        #expect(throws: AnimationError.notEnoughKeyframes) {
            try layer.add(KeyframeAnimation(.lineWidth, values: [], duration: 1), forKey: "e", at: 0)
        }
    }

    @Test func repeatingKeyframeLoop() throws {
        var k = KeyframeAnimation(.lineWidth, values: [.double(0), .double(1), .double(0)], duration: 1)
        k.timing.repeatCount = .infinity
        let l = try Self.layer(k, at: 0.5)
        #expect(l.double(.lineWidth, at: 10.75) == 0.5)
        #expect(l.double(.lineWidth, at: 11) == 1)
        #expect(l.double(.lineWidth, at: 11.25) == 0.5)
        #expect(l.double(.lineWidth, at: 11.5) == 0, "each loop restarts at the first value")
        #expect(l.double(.lineWidth, at: 0.25) == -1, "before it was added: the model")
    }

    @Test func colourAndPathKeyframes() throws {
        var layer = ShapeLayer()
        let a = Path([.move(Point(0, 0)), .line(Point(10, 0))])
        let b = Path([.move(Point(0, 10)), .line(Point(10, 10))])
        try layer.add(KeyframeAnimation(.path, values: [.path(a), .path(b), .path(a)], duration: 2), forKey: "p", at: 0)
        #expect(layer.presentation(at: 0.5).path == Path([.move(Point(0, 5)), .line(Point(10, 5))]))
        #expect(layer.presentation(at: 1).path == b)
        let bad = Path([.move(Point(0, 0)), .line(Point(1, 0)), .line(Point(1, 1))])
        #expect(throws: AnimationError.pathStructureMismatch(index: 2, nil, .line)) {
            try layer.add(KeyframeAnimation(.path, values: [.path(a), .path(bad)], duration: 1), forKey: "q", at: 0)
        }
        try layer.add(KeyframeAnimation(.strokeColor, values: [.color(.black), .color(.white)], duration: 1),
                      forKey: "c", at: 0)
        #expect(layer.presentation(at: 0.25).strokeColor == Color(white: 0.25))
    }
}
