import Testing
@testable import Animation

/// Value blending (colour, transform), additive animations and the from/to/by table
/// (docs/design/engine.md §Basic animations).
@Suite struct ValueTests {
    @Test func colourLerpBlendsAllFourComponents() throws {
        var layer = ShapeLayer()
        let red = Color(red: 1, green: 0, blue: 0)
        let blue = Color(red: 0, green: 0, blue: 1, alpha: 0.5)
        try layer.add(BasicAnimation(.fillColor, from: .color(red), to: .color(blue), duration: 1), forKey: "c", at: 0)
        #expect(layer.presentationValue(.fillColor, at: 0.25) == .color(Color(red: 0.75, green: 0, blue: 0.25, alpha: 0.875)))
        #expect(layer.presentation(at: 0.5).fillColor == Color(red: 0.5, green: 0, blue: 0.5, alpha: 0.75))
    }

    @Test func transformLerpIsComponentWise() throws {
        var layer = ShapeLayer()
        let target = AffineTransform(a: 3, b: 1, c: -1, d: 2, tx: 10, ty: -4)
        try layer.add(BasicAnimation(.transform, from: .transform(.identity), to: .transform(target), duration: 2),
                      forKey: "t", at: 0)
        #expect(layer.presentation(at: 1).transform == AffineTransform(a: 2, b: 0.5, c: -0.5, d: 1.5, tx: 5, ty: -2))
        #expect(layer.presentation(at: 2).transform == target)
    }

    @Test func additiveDoublesStackOnTheModel() throws {
        var layer = ShapeLayer()
        layer.opacity = 0.5
        var a = BasicAnimation(.opacity, from: .double(0), to: .double(0.25), duration: 1)
        a.isAdditive = true
        var b = BasicAnimation(.opacity, from: .double(0.125), to: .double(0), duration: 2)
        b.isAdditive = true
        try layer.add(a, forKey: "a", at: 0)
        try layer.add(b, forKey: "b", at: 0)
        #expect(layer.double(.opacity, at: 0.5) == 0.5 + 0.125 + 0.09375)
        #expect(layer.double(.opacity, at: 1.5) == 0.5 + 0.03125, "a is gone, b still adds")
        #expect(layer.double(.opacity, at: 3) == 0.5)
    }

    @Test func additiveTransformsConcatenateAfterTheBase() throws {
        var layer = ShapeLayer()
        layer.transform = .translation(10, 0)
        var a = BasicAnimation(.transform, from: .transform(.scale(2, 2)), to: .transform(.scale(2, 2)), duration: 1)
        a.isAdditive = true
        try layer.add(a, forKey: "s", at: 0)
        let t = layer.presentation(at: 0.5).transform
        // The base applies first, then the animated value: (1, 0) → (11, 0) → (22, 0).
        #expect(t.apply(Point(1, 0)) == Point(22, 0))
        #expect(t == AffineTransform.scale(2, 2).concatenating(.translation(10, 0)))
        #expect(try AnimatableValue.transform(.translation(10, 0)).adding(.transform(.scale(2, 2)))
            == .transform(AffineTransform(a: 2, b: 0, c: 0, d: 2, tx: 20, ty: 0)))
    }

    /// Model 0.25; "a" runs 0 → 1 over 4 s from t = 0, so the presented value at t = 1 is 0.25
    /// (made different from the model by choosing model 0.125). The new animation under "b" is added
    /// at t = 1 and runs 2 s, so at t = 2 it is at progress 0.5.
    static let cases: [(String, AnimatableValue?, AnimatableValue?, AnimatableValue?, Double, Double)] = [
        ("from+to", .double(0.5), .double(0.75), nil, 0.5, 0.75),
        ("from+by", .double(0.5), nil, .double(0.25), 0.5, 0.75),
        ("by+to", nil, .double(0.75), .double(0.25), 0.5, 0.75),
        ("from only", .double(0.5), nil, nil, 0.5, 0.25),
        ("to only", nil, .double(0.75), nil, 0.25, 0.75),
        ("by only", nil, nil, .double(0.25), 0.25, 0.5),
        ("none", nil, nil, nil, 0.25, 0.125),
    ]

    @Test(arguments: 0..<7)
    func fromToByTable(row: Int) throws {
        let (name, from, to, by, expectedFrom, expectedTo) = Self.cases[row]
        var layer = ShapeLayer()
        layer.opacity = 0.125
        try layer.add(BasicAnimation(.opacity, from: .double(0), to: .double(1), duration: 4), forKey: "a", at: 0)
        #expect(layer.double(.opacity, at: 1) == 0.25)
        try layer.add(BasicAnimation(.opacity, from: from, to: to, by: by, duration: 2), forKey: "b", at: 1)
        guard case .basic(let resolved) = try #require(layer.animation(forKey: "b")).animation else {
            Issue.record("not a basic animation"); return
        }
        #expect(resolved.fromValue == .double(expectedFrom), "\(name) from")
        #expect(resolved.toValue == .double(expectedTo), "\(name) to")
        #expect(layer.double(.opacity, at: 2) == (expectedFrom + expectedTo) / 2, "\(name)")
        // After "b" ends (removed on completion) "a" shows again.
        #expect(layer.double(.opacity, at: 3.5) == 0.875, "\(name)")
    }

    @Test func aValueOfTheWrongKindIsRejected() {
        var layer = ShapeLayer()
        #expect(throws: AnimationError.wrongValueKind(property: "opacity", expected: .double, got: .point)) {
            try layer.add(BasicAnimation(.opacity, from: .double(0), to: .point(.zero), duration: 1), forKey: "x", at: 0)
        }
        #expect(throws: AnimationError.valueKindMismatch(.double, .color)) {
            try AnimatableValue.double(1).interpolated(to: .color(.black), 0.5)
        }
        #expect(layer.animationKeys.isEmpty, "a rejected animation is not attached")
    }
}
