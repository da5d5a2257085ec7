import Testing
import LayercastQuartz

/// CGAffineTransform and the CATransform3D functions as Apple names and orders them
/// (docs/design/quartz.md §Transforms): which step applies first, what a singular inverse answers,
/// and the affine part of a 3D transform.
@Suite struct TransformFaceTests {
    static func near(_ a: CGPoint, _ b: CGPoint, _ tolerance: CGFloat = 1e-12) -> Bool {
        abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
    }

    @Test func translatedByMovesInTheTransformedSpace() {
        // Scale first, then translatedBy: the translation is scaled too, as in Core Graphics.
        let t = CGAffineTransform(scaleX: 2, y: 3).translatedBy(x: 10, y: 10)
        #expect(CGPoint(x: 1, y: 1).applying(t) == CGPoint(x: 22, y: 33))
        #expect(t == CGAffineTransform(a: 2, b: 0, c: 0, d: 3, tx: 20, ty: 30))
    }

    @Test func concatenatingAppliesTheReceiverFirst() {
        let t = CGAffineTransform(translationX: 10, y: 0).concatenating(CGAffineTransform(scaleX: 2, y: 2))
        #expect(CGPoint(x: 1, y: 1).applying(t) == CGPoint(x: 22, y: 2))
    }

    @Test func aPositiveRotationTurnsXTowardY() {
        let p = CGPoint(x: 1, y: 0).applying(CGAffineTransform(rotationAngle: .pi / 2))
        #expect(Self.near(p, CGPoint(x: 0, y: 1)))
        let turned = CGAffineTransform.identity.rotated(by: .pi / 2).translatedBy(x: 5, y: 0)
        #expect(Self.near(CGPoint.zero.applying(turned), CGPoint(x: 0, y: 5)))
    }

    @Test func aSingularTransformInvertsToItself() {
        let flat = CGAffineTransform(scaleX: 0, y: 1)
        #expect(flat.inverted() == flat)
        let t = CGAffineTransform(a: 2, b: 1, c: -1, d: 3, tx: 4, ty: 5)
        #expect(Self.near(CGPoint(x: 7, y: -2).applying(t).applying(t.inverted()), CGPoint(x: 7, y: -2)))
    }

    @Test func aRectAppliedIsTheBoxAroundItsCorners() {
        let r = CGRect(x: 0, y: 0, width: 100, height: 100).applying(CGAffineTransform(rotationAngle: .pi / 4))
        let half = 50 * CGFloat(2).squareRoot()
        #expect(abs(r.minX + half) < 1e-9 && abs(r.minY) < 1e-9 && abs(r.width - 2 * half) < 1e-9 && abs(r.height - 2 * half) < 1e-9)
        #expect(CGRect.null.applying(CGAffineTransform(translationX: 1, y: 1)).isNull)
        // A size is a vector: no translation.
        #expect(CGSize(width: 2, height: 3).applying(CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 50, ty: 50)) == CGSize(width: 2, height: 3))
    }

    @Test func theDefaultInitialisersAreZeroNotIdentity() {
        #expect(CGAffineTransform() == CGAffineTransform(a: 0, b: 0, c: 0, d: 0, tx: 0, ty: 0))
        #expect(CATransform3D().m11 == 0 && CATransform3D().m44 == 0)
        #expect(CATransform3DIsIdentity(CATransform3DIdentity) && !CATransform3DIsIdentity(CATransform3D()))
    }

    @Test func makeRotationHasTheHeadersEntries() {
        let t = CATransform3DMakeRotation(0.25, 0, 0, 1)
        #expect(t.m11 == cos(0.25) && t.m12 == sin(0.25) && t.m21 == -sin(0.25) && t.m22 == cos(0.25))
        #expect(CATransform3DEqualToTransform(CATransform3DMakeRotation(1, 0, 0, 0), CATransform3DIdentity))
        let m = CATransform3DMakeTranslation(1, 2, 3)
        #expect(m.m41 == 1 && m.m42 == 2 && m.m43 == 3)
    }

    /// Translate(t, …) = T · t: the new translation applies first, so it is scaled by `t`.
    @Test func translateScaleAndRotateApplyTheNewStepFirst() {
        let scaled = CATransform3DMakeScale(2, 2, 1)
        let moved = CATransform3DTranslate(scaled, 5, 0, 0)
        #expect(moved.m41 == 10)
        #expect(CATransform3DEqualToTransform(CATransform3DScale(CATransform3DMakeTranslation(5, 0, 0), 2, 2, 1),
                                              CATransform3DConcat(CATransform3DMakeScale(2, 2, 1), CATransform3DMakeTranslation(5, 0, 0))))
        let turned = CATransform3DRotate(CATransform3DMakeTranslation(5, 0, 0), .pi / 2, 0, 0, 1)
        #expect(abs(turned.m41 - 5) < 1e-12 && abs(turned.m12 - 1) < 1e-12)
    }

    @Test func invertReturnsASingularTransformUnchanged() {
        let flat = CATransform3DMakeScale(1, 0, 1)
        #expect(CATransform3DEqualToTransform(CATransform3DInvert(flat), flat))
        var p = CATransform3DIdentity
        p.m34 = -1.0 / 500
        let t = CATransform3DRotate(p, 0.6, 0, 1, 0)
        let product = CATransform3DConcat(t, CATransform3DInvert(t))
        for (a, b) in zip([product.m11, product.m22, product.m33, product.m44, product.m34, product.m13],
                          [CGFloat(1), 1, 1, 1, 0, 0]) {
            #expect(abs(a - b) < 1e-12)
        }
    }

    @Test func theAffinePartRoundTripsAndIsTheIdentityOtherwise() {
        let a = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        let t = CATransform3DMakeAffineTransform(a)
        #expect(CATransform3DIsAffine(t) && CATransform3DGetAffineTransform(t) == a)
        var p = CATransform3DIdentity
        p.m34 = -0.002
        #expect(!CATransform3DIsAffine(p) && CATransform3DGetAffineTransform(p) == .identity)
        #expect(!CATransform3DIsAffine(CATransform3DMakeRotation(0.1, 0, 1, 0)))
    }

    @Test func aVectorHoldsItsComponents() {
        #expect(CGVector(dx: 3, dy: -4) == CGVector(dx: 3.0, dy: -4.0) && CGVector.zero == CGVector(dx: 0, dy: 0))
    }
}

/// UIKit's insets and Core Foundation's interval, which ports name beside their layers.
@Suite struct GeometryNamesTests {
    @Test func insetsMoveEachEdgeInward() {
        let r = CGRect(x: 10, y: 20, width: 100, height: 50)
        #expect(r.inset(by: UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4)) == CGRect(x: 12, y: 21, width: 94, height: 46))
        #expect(r.inset(by: UIEdgeInsets(top: -5, left: 0, bottom: 0, right: 0)) == CGRect(x: 10, y: 15, width: 100, height: 55))
        #expect(r.inset(by: UIEdgeInsets(top: 0, left: 60, bottom: 0, right: 60)).isNull)
        #expect(r.inset(by: .zero) == r && UIEdgeInsets() == .zero)
        let interval: CFTimeInterval = 0.25
        #expect(interval * 4 == 1)
    }
}
