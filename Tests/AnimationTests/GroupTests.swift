import Testing
@testable import Animation

/// CAAnimationGroup (docs/design/engine.md §Keyframes and groups): children run in the group's local time.
@Suite struct GroupTests {
    @Test func childBeginTimeIsRelativeToTheGroup() throws {
        for fill in [FillMode.removed, .backwards] {
            var layer = ShapeLayer(name: "g")
            layer.opacity = 0.5
            var child = BasicAnimation(.opacity, from: .double(0), to: .double(1), duration: 1)
            child.timing.beginTime = 1
            child.timing.fillMode = fill
            try layer.add(AnimationGroup([.basic(child)], duration: 3), forKey: "g", at: 10)
            #expect(layer.double(.opacity, at: 10.5) == (fill == .backwards ? 0 : 0.5))
            #expect(layer.double(.opacity, at: 11.25) == 0.25)
            #expect(layer.double(.opacity, at: 12) == 1, "child's exact end")
            #expect(layer.double(.opacity, at: 12.5) == 0.5, "child over, group still running")
            #expect(layer.double(.opacity, at: 13.5) == 0.5)
            #expect(layer.drainStops(upTo: 20) == [AnimationStop(layer: "g", key: "g", finished: true, time: 13)],
                    "only the group reports")
        }
    }

    @Test func spinnerStyleRepeatingGroup() throws {
        var layer = ShapeLayer()
        var start = BasicAnimation(.strokeStart, from: .double(0), to: .double(1), duration: 2)
        start.timing.beginTime = 0.5
        var group = AnimationGroup([.basic(start)], duration: 2.5)
        group.timing.repeatCount = 2
        try layer.add(group, forKey: "s", at: 1)
        // Group local u = (t − 1) mod 2.5; the child shows (u − 0.5)/2 for u in [0.5, 2.5).
        #expect(layer.double(.strokeStart, at: 1.25) == 0)
        #expect(layer.double(.strokeStart, at: 2.5) == 0.5)
        #expect(layer.double(.strokeStart, at: 3.25) == 0.875)
        #expect(layer.double(.strokeStart, at: 3.5) == 0, "group time 2.5 starts the second cycle")
        #expect(layer.double(.strokeStart, at: 3.75) == 0, "second cycle, before the child's begin")
        #expect(layer.double(.strokeStart, at: 5) == 0.5)
        #expect(layer.double(.strokeStart, at: 6) == 1, "group end = child end")
        #expect(layer.double(.strokeStart, at: 6.25) == 0, "group gone: the model")
    }

    @Test func groupTimingFunctionWarpsChildTime() throws {
        var layer = ShapeLayer()
        let child = BasicAnimation(.lineWidth, from: .double(0), to: .double(1), duration: 1)
        var group = AnimationGroup([.basic(child)], duration: 2)
        group.timingFunction = .easeInEaseOut
        try layer.add(group, forKey: "g", at: 0)
        let e = TimingFunction.easeInEaseOut
        #expect(layer.double(.lineWidth, at: 0.5) == e.solve(0.25) * 2)
        #expect(near(layer.double(.lineWidth, at: 0.5), 2 * 0.12916, 1e-5))
        #expect(layer.double(.lineWidth, at: 1.5) == 1, "group time past the child's end: model")
        #expect(layer.presentation(at: 1.5).lineWidth == 1)
    }

    @Test func groupSpeedAndDefaultChildDuration() throws {
        var layer = ShapeLayer()
        let fast = BasicAnimation(.opacity, from: .double(0), to: .double(1), duration: 4)
        let quarter = BasicAnimation(.lineWidth, from: .double(0), to: .double(8)) // duration 0 → 0.25
        var group = AnimationGroup([.basic(fast), .basic(quarter)], duration: 4)
        group.timing.speed = 2
        try layer.add(group, forKey: "g", at: 0)
        #expect(layer.double(.opacity, at: 1) == 0.5)
        #expect(layer.double(.lineWidth, at: 0.0625) == 4)
        #expect(try #require(layer.animation(forKey: "g")).animation.timing.endTime == 2)
    }

    @Test func laterChildrenOverrideEarlierOnesForTheSameProperty() throws {
        var layer = ShapeLayer()
        let a = BasicAnimation(.opacity, from: .double(0), to: .double(1), duration: 2)
        var b = BasicAnimation(.opacity, from: .double(0), to: .double(0.25), duration: 1)
        b.isAdditive = true
        var c = BasicAnimation(.opacity, from: .double(5), to: .double(5), duration: 0.5)
        c.timing.beginTime = 1.5
        try layer.add(AnimationGroup([.basic(a), .basic(b), .basic(c)], duration: 2), forKey: "g", at: 0)
        #expect(layer.double(.opacity, at: 0.5) == 0.25 + 0.125, "b adds to a")
        #expect(layer.double(.opacity, at: 1.25) == 0.625)
        #expect(layer.double(.opacity, at: 1.75) == 5)
    }
}
