import Testing
@testable import Animation

/// One animation per key, `finished` flags and the order of stops
/// (docs/design/engine.md §Model and presentation; docs/design/README.md §Conventions).
@Suite struct AnimationStopTests {
    static func fade(to value: Double, duration: Double) -> BasicAnimation {
        BasicAnimation(.opacity, to: .double(value), duration: duration)
    }

    @Test func replacingAKeyStopsTheOldOneUnfinishedAndStartsFromThePresentedValue() throws {
        var layer = ShapeLayer(name: "button")
        try layer.add(BasicAnimation(.opacity, from: .double(0), to: .double(1), duration: 4), forKey: "fade", at: 0)
        #expect(layer.double(.opacity, at: 1) == 0.25)
        layer.opacity = 0
        try layer.add(Self.fade(to: 0, duration: 1), forKey: "fade", at: 1)
        #expect(layer.animationKeys == ["fade"])
        guard case .basic(let new) = try #require(layer.animation(forKey: "fade")).animation else {
            Issue.record("not basic"); return
        }
        #expect(new.fromValue == .double(0.25), "from = the value on screen when replaced")
        #expect(layer.double(.opacity, at: 1) == 0.25, "no jump at the replacement")
        #expect(layer.double(.opacity, at: 1.5) == 0.125)
        #expect(layer.nextStop(upTo: 1) == AnimationStop(layer: "button", key: "fade", finished: false, time: 1))
        #expect(layer.nextStop(upTo: 1.999) == nil)
        #expect(layer.nextStop(upTo: 10) == AnimationStop(layer: "button", key: "fade", finished: true, time: 2))
        #expect(layer.nextStop(upTo: 100) == nil, "finished is reported exactly once")
        #expect(layer.animationKeys.isEmpty)
    }

    @Test func removalByKeyAndRemoveAllReportUnfinished() throws {
        var layer = ShapeLayer(name: "l")
        try layer.add(Self.fade(to: 1, duration: 5), forKey: "a", at: 0)
        try layer.add(BasicAnimation(.lineWidth, to: .double(3), duration: 5), forKey: "b", at: 0)
        try layer.add(BasicAnimation(.strokeEnd, to: .double(0), duration: 5), forKey: "c", at: 0)
        layer.removeAnimation(forKey: "b", at: 1)
        layer.removeAnimation(forKey: "nope", at: 1)
        #expect(layer.animationKeys == ["a", "c"])
        layer.removeAllAnimations(at: 2)
        #expect(layer.animationKeys.isEmpty)
        #expect(layer.drainStops(upTo: 10) == [
            AnimationStop(layer: "l", key: "b", finished: false, time: 1),
            AnimationStop(layer: "l", key: "a", finished: false, time: 2),
            AnimationStop(layer: "l", key: "c", finished: false, time: 2),
        ])
        #expect(layer.double(.opacity, at: 3) == 1)
    }

    @Test func completionsReportOnceAtTheEndTime() throws {
        var layer = ShapeLayer(name: "l")
        try layer.add(Self.fade(to: 0, duration: 2), forKey: "a", at: 0.5)
        #expect(layer.nextStop(upTo: 2.4999) == nil)
        #expect(layer.nextStop(upTo: 2.5) == AnimationStop(layer: "l", key: "a", finished: true, time: 2.5))
        #expect(layer.nextStop(upTo: 2.5) == nil)
        #expect(layer.nextStop(upTo: 1_000) == nil)
        layer.removeAnimation(forKey: "a", at: 3)
        #expect(layer.nextStop(upTo: 1_000) == nil, "a finished animation is not stopped a second time")
    }

    @Test func anAnimationThatEndedBeforeItsRemovalReportsFinished() throws {
        // The stop list must not depend on how often it is drained: an animation that reached its
        // end at 2 and is removed (or replaced) at 3 finished at 2.
        func run(pollEvery step: Double?) throws -> [AnimationStop] {
            var layer = ShapeLayer(name: "l")
            var stops: [AnimationStop] = []
            try layer.add(Self.fade(to: 0, duration: 2), forKey: "a", at: 0)
            try layer.add(BasicAnimation(.lineWidth, to: .double(4), duration: 2.5), forKey: "b", at: 0)
            try layer.add(BasicAnimation(.strokeEnd, to: .double(0), duration: 10), forKey: "c", at: 0)
            if let step {
                var t = 0.0
                while t < 3 { stops += layer.drainStops(upTo: t); t += step }
            }
            layer.removeAnimation(forKey: "a", at: 3)
            try layer.add(BasicAnimation(.lineWidth, to: .double(1), duration: 1), forKey: "b", at: 3)
            layer.removeAnimation(forKey: "c", at: 3)
            stops += layer.drainStops(upTo: 5)
            return stops
        }
        let expected = [
            AnimationStop(layer: "l", key: "a", finished: true, time: 2),
            AnimationStop(layer: "l", key: "b", finished: true, time: 2.5),
            AnimationStop(layer: "l", key: "c", finished: false, time: 3),
            AnimationStop(layer: "l", key: "b", finished: true, time: 4),
        ]
        #expect(try run(pollEvery: 0.125) == expected)
        #expect(try run(pollEvery: nil) == expected)
    }

    @Test func stopsAcrossLayersComeOutInTimeOrder() throws {
        var root = ShapeLayer(name: "root")
        var a = ShapeLayer(name: "a")
        var b = ShapeLayer(name: "b")
        var c = ShapeLayer(name: "c")
        try root.add(Self.fade(to: 0, duration: 3), forKey: "r", at: 0)
        try a.add(Self.fade(to: 0, duration: 1), forKey: "a1", at: 0)
        try a.add(Self.fade(to: 0, duration: 2.75), forKey: "a2", at: 0)
        try b.add(Self.fade(to: 0, duration: 2), forKey: "b1", at: 0)
        try c.add(Self.fade(to: 0, duration: 0.5), forKey: "c1", at: 0)
        try c.add(BasicAnimation(.lineWidth, to: .double(2), duration: 2.5), forKey: "c2", at: 0)
        a.sublayers = [b]
        root.sublayers = [a, c]
        // One jump past every end at once.
        let stops = root.drainStops(upTo: 10)
        #expect(stops.map(\.time) == [0.5, 1, 2, 2.5, 2.75, 3])
        #expect(stops.map(\.layer) == ["c", "a", "b", "c", "a", "root"])
        #expect(stops.map(\.key) == ["c1", "a1", "b1", "c2", "a2", "r"])
        #expect(stops.allSatisfy { $0.finished })
        #expect(root.drainStops(upTo: 20).isEmpty)
    }

    @Test func simultaneousEndsComeOutInTheOrderTheyWereAdded() throws {
        var layer = ShapeLayer(name: "l")
        try layer.add(BasicAnimation(.lineWidth, to: .double(2), duration: 1), forKey: "second", at: 1)
        try layer.add(Self.fade(to: 0, duration: 2), forKey: "first", at: 0)
        // Both end at 2; "second" was added first.
        #expect(layer.drainStops(upTo: 2).map(\.key) == ["second", "first"])
    }

    @Test func notRemovedOnCompletionKeepsTheEndValueAfterReporting() throws {
        var layer = ShapeLayer(name: "l")
        layer.opacity = 1
        var a = BasicAnimation(.opacity, from: .double(1), to: .double(0.25), duration: 1)
        a.timing.fillMode = .forwards
        a.isRemovedOnCompletion = false
        try layer.add(a, forKey: "hold", at: 0)
        #expect(layer.drainStops(upTo: 5) == [AnimationStop(layer: "l", key: "hold", finished: true, time: 1)])
        #expect(layer.animationKeys == ["hold"])
        #expect(layer.double(.opacity, at: 5) == 0.25)
        #expect(layer.presentation(at: 50).opacity == 0.25)
        #expect(layer.drainStops(upTo: 100).isEmpty)
        // Replacing it later does not report it again.
        try layer.add(Self.fade(to: 1, duration: 1), forKey: "hold", at: 60)
        #expect(layer.double(.opacity, at: 60) == 0.25, "the new one starts from the held value")
        #expect(layer.drainStops(upTo: 100) == [AnimationStop(layer: "l", key: "hold", finished: true, time: 61)])
    }
}
