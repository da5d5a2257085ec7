import Testing
@testable import Animation

/// The timing function as an animation applies it: value = from + (to − from)·f(local / duration).
@Suite struct TimingFunctionEvaluationTests {
    @Test func easeInEaseOutAnimationEqualsSolveAtSampledTimes() throws {
        var layer = ShapeLayer()
        let a = BasicAnimation(.lineWidth, from: .double(10), to: .double(30), duration: 2,
                               timingFunction: .easeInEaseOut)
        try layer.add(a, forKey: "w", at: 0)
        for i in 0...40 {
            let t = Double(i) * 0.05
            let expected = 10 + 20 * TimingFunction.easeInEaseOut.solve(t / 2)
            #expect(layer.double(.lineWidth, at: t) == expected, "at \(t)")
        }
        // The spec's table value through the animation: f(0.25) = 0.12916 at t = 0.5.
        #expect(near(layer.double(.lineWidth, at: 0.5), 10 + 20 * 0.12916, 20 * 5e-6))
        #expect(near(layer.double(.lineWidth, at: 1.5), 10 + 20 * 0.87084, 20 * 5e-6))
        #expect(layer.double(.lineWidth, at: 1) == 20)
    }

    @Test func noTimingFunctionIsLinear() throws {
        var layer = ShapeLayer()
        try layer.add(BasicAnimation(.lineWidth, from: .double(0), to: .double(8), duration: 4), forKey: "w", at: 1)
        #expect(layer.double(.lineWidth, at: 2) == 2)
        #expect(layer.double(.lineWidth, at: 4) == 6)
    }

    @Test func timingFunctionAppliesPerCycleOfARepeat() throws {
        var layer = ShapeLayer()
        var a = BasicAnimation(.lineWidth, from: .double(0), to: .double(1), duration: 1, timingFunction: .default)
        a.timing.repeatCount = 3
        try layer.add(a, forKey: "w", at: 0)
        #expect(layer.double(.lineWidth, at: 2.25) == TimingFunction.default.solve(0.25))
        #expect(near(layer.double(.lineWidth, at: 2.25), 0.40851, 5e-6))
    }
}
