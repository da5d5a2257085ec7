#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import HamburgerButton
import LayercastKit
import Testing

/// Why the outer strokes' transform is animated as a translation plus a rotation: this engine blends a
/// `transform` value entry by entry, not decomposed as Core Animation does. If the engine ever blends
/// decomposed transforms, the first test fails, and one `transform` animation would do.
@Suite struct EngineTransformTests {

    static let angle = -0.7853975
    static let target = AffineTransform.translation(-4, 0).concatenating(.rotation(angle))

    @Test func aWholeTransformAnimationBlendsTheMatrixEntries() throws {
        var layer = ShapeLayer(name: "probe")
        let animation = BasicAnimation(.transform, from: .transform(.identity), to: .transform(Self.target), duration: 1)
        try layer.add(animation, forKey: "transform", at: 0)
        for p in [0.25, 0.5, 0.75] {
            guard case .transform(let m) = layer.presentationValue(.transform, at: p) else {
                Issue.record("not a transform"); return
            }
            // Entry by entry: a = 1 + p(cos θ − 1), b = p sin θ, tx = −4p.
            #expect(abs(m.a - (1 + p * (cos(Self.angle) - 1))) < 1e-12 && abs(m.b - p * sin(Self.angle)) < 1e-12)
            #expect(abs(m.tx + 4 * p) < 1e-12)
            // So the stroke shrinks (by cos(θ/2) ≈ 0.924 half way) and, but for p = ½, its angle is not p·θ.
            let scale = (m.a * m.a + m.b * m.b).squareRoot()
            #expect(scale < 0.99)
            if p != 0.5 { #expect(abs(atan2(m.b, m.a) - p * Self.angle) > 1e-3) }
        }
    }

    /// The split the button uses composes to Core Animation's decomposed blend at every instant: a
    /// rotation by the blended angle, then the blended translation, with no change of length.
    @Test func theButtonsSplitKeepsARigidTurn() throws {
        let button = openedButton(at: 0)
        for t in stride(from: 0.25, through: 0.65, by: 0.02) {
            let p = button.layer(.top).presentation(at: t)
            let m = p.transform.concatenating(.rotation(p.rotation))
            #expect(abs(m.a * m.a + m.b * m.b - 1) < 1e-12 && abs(m.a - m.d) < 1e-15 && abs(m.b + m.c) < 1e-15)
            #expect(m.ty == 0)
            #expect(abs(m.tx - (-4) * (p.rotation / Self.angle)) < 1e-9, "translation and angle share the progress")
        }
    }
}
