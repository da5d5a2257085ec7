import Foundation
import Testing
@testable import Animation

/// CATransform3D's layout and CALayer's geometry (docs/design/quartz.md §Transforms, §Geometry, §Frame),
/// against the matrix entries and check vectors the facts sheet gives, some confirmed on Apple's
/// QuartzCore by GNUstep's tests, and against closed forms.
@Suite struct LayerGeometryTests {
    static func near(_ a: Transform3D, _ b: Transform3D, _ tolerance: Double = 1e-12) -> Bool {
        zip(a.rows, b.rows).allSatisfy { abs($0 - $1) <= tolerance }
    }

    static func near(_ a: Rect, _ b: Rect, _ tolerance: Double = 1e-9) -> Bool {
        [a.minX - b.minX, a.minY - b.minY, a.width - b.width, a.height - b.height].allSatisfy { abs($0) <= tolerance }
    }

    // MARK: Transforms

    @Test func aTurnAboutZTakesXTowardY() {
        let t = Transform3D.rotation(0.3, 0, 0, 1)
        #expect(t.m11 == cos(0.3) && t.m12 == sin(0.3) && t.m21 == -sin(0.3) && t.m22 == cos(0.3))
        #expect(t.m33 == 1 && t.m44 == 1 && t.m13 == 0 && t.m31 == 0)
        // Clockwise on a y-down screen: +x turns toward +y.
        let p = t.project(Point(1, 0))
        #expect(p.map { AnimationTests.near($0, Point(cos(0.3), sin(0.3)), 1e-15) } == true)
    }

    @Test func aTurnAboutXHasCATransform3DsEntries() {
        let t = Transform3D.rotation(0.7, 1, 0, 0)
        #expect(Self.near(t, Transform3D(rows: [1, 0, 0, 0, 0, cos(0.7), sin(0.7), 0, 0, -sin(0.7), cos(0.7), 0, 0, 0, 0, 1])))
    }

    @Test func aTurnAboutAnyAxisKeepsTheAxisAndIsOrthonormal() throws {
        let (x, y, z) = (1.0, -2.0, 0.5)
        let t = Transform3D.rotation(1.1, x, y, z)
        let h = t.homogeneous(x, y, z)
        #expect(abs(h.x - x) < 1e-12 && abs(h.y - y) < 1e-12 && abs(h.z - z) < 1e-12)
        let inverse = try #require(t.inverted)
        // A rotation's inverse is its transpose.
        let r = t.rows
        let transpose = Transform3D(rows: (0..<16).map { r[($0 % 4) * 4 + $0 / 4] })
        #expect(Self.near(inverse, transpose))
    }

    @Test func aZeroAxisIsTheIdentity() {
        #expect(Transform3D.rotation(1, 0, 0, 0) == .identity)
    }

    @Test func concatenationAppliesTheReceiverFirst() {
        let moveThenScale = Transform3D.translation(10, 0, 0).concatenating(.scale(2, 2, 1))
        #expect(moveThenScale.project(Point(1, 1)) == Point(22, 2))
        let scaleThenMove = Transform3D.scale(2, 2, 1).concatenating(.translation(10, 0, 0))
        #expect(scaleThenMove.project(Point(1, 1)) == Point(12, 2))
    }

    @Test func theInverseUndoesAPerspectiveTransform() throws {
        var p = Transform3D.identity
        p.m34 = -1.0 / 500
        let t = Transform3D.rotation(0.4, 0, 1, 0).concatenating(p).concatenating(.translation(3, -4, 7))
        let inverse = try #require(t.inverted)
        #expect(Self.near(t.concatenating(inverse), .identity, 1e-12))
        #expect(Transform3D.scale(1, 0, 1).inverted == nil)
    }

    /// m34 = −1/d: a point 100 toward the viewer at d = 500 grows by 1 / (1 − 100/500) = 1.25.
    @Test func perspectiveEnlargesWhatComesNearer() {
        var p = Transform3D.identity
        p.m34 = -1.0 / 500
        let h = p.homogeneous(10, 20, 100)
        #expect(abs(h.w - 0.8) < 1e-15)
        #expect(abs(h.x / h.w - 12.5) < 1e-12 && abs(h.y / h.w - 25) < 1e-12)
    }

    @Test func onlyPlanarTransformsAreAffine() {
        let planar = Transform3D.rotation(0.5, 0, 0, 1).concatenating(.translation(4, 5, 0)).concatenating(.scale(2, 3, 1))
        let affine = planar.affine
        #expect(affine.map { AnimationTests.near($0.apply(Point(1, 2)), planar.project(Point(1, 2)) ?? .zero, 1e-12) } == true)
        var perspective = Transform3D.identity
        perspective.m34 = -0.002
        for t in [Transform3D.scale(1, 1, 2), .translation(0, 0, 1), .rotation(0.1, 1, 0, 0), perspective] {
            #expect(t.affine == nil)
        }
        #expect(Transform3D(AffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)).affine == AffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6))
    }

    @Test func aPointBehindTheViewerHasNoPlace() {
        var p = Transform3D.identity
        p.m34 = -1.0 / 500
        #expect(p.concatenating(.identity).homogeneous(0, 0, 600).w < 0)
        let turned = Transform3D.translation(0, 0, 600).concatenating(p)
        #expect(turned.project(Point(1, 1)) == nil)
    }

    // MARK: Geometry

    static func layer(bounds: Rect, position: Point, anchor: Point = Point(0.5, 0.5), transform: Transform3D = .identity) -> LayerGeometry {
        var g = LayerGeometry()
        (g.bounds, g.position, g.anchorPoint, g.transform) = (bounds, position, anchor, transform)
        return g
    }

    @Test func theDefaultsAreCoreAnimations() {
        let g = LayerGeometry()
        #expect(g.anchorPoint == Point(0.5, 0.5) && g.position == .zero && g.bounds == Rect(x: 0, y: 0, width: 0, height: 0))
        #expect(g.transform == .identity && g.sublayerTransform == .identity && g.zPosition == 0 && g.anchorPointZ == 0)
    }

    /// The facts sheet's frames: 100 × 50 bounds at (200, 300) under several anchors and transforms.
    @Test(arguments: [
        (Point(0.5, 0.5), Transform3D.identity, Rect(x: 150, y: 275, width: 100, height: 50)),
        (Point(0, 0), .identity, Rect(x: 200, y: 300, width: 100, height: 50)),
        (Point(2, -1), .identity, Rect(x: 0, y: 350, width: 100, height: 50)),
        (Point(0.5, 0.5), .scale(2, 4, 1), Rect(x: 100, y: 200, width: 200, height: 200)),
    ])
    func theFrameIsTheBoundsAsTheyLand(anchor: Point, transform: Transform3D, frame: Rect) {
        let g = Self.layer(bounds: Rect(x: 0, y: 0, width: 100, height: 50), position: Point(200, 300), anchor: anchor, transform: transform)
        #expect(Self.near(g.frame, frame), "\(g.frame)")
    }

    /// The sheet's anchor (2, −1) example at position 0 reads (−200, 50).
    @Test func anAnchorOutsideTheBoundsIsKept() {
        let g = Self.layer(bounds: Rect(x: 0, y: 0, width: 100, height: 50), position: .zero, anchor: Point(2, -1))
        #expect(Self.near(g.frame, Rect(x: -200, y: 50, width: 100, height: 50)))
    }

    /// Confirmed on Apple's QuartzCore: a 45° turn of a 100-point square at 0 spans 141.42.
    @Test func aTurnedLayersFrameHoldsItsCorners() {
        let g = Self.layer(bounds: Rect(x: 0, y: 0, width: 100, height: 100), position: .zero, transform: .rotation(.pi / 4, 0, 0, 1))
        let half = 50 * 2.0.squareRoot()
        #expect(Self.near(g.frame, Rect(x: -half, y: -half, width: 2 * half, height: 2 * half)))
    }

    @Test(arguments: [Transform3D.identity, .scale(2, 4, 1), .scale(-2, 0.5, 1),
                      Transform3D.scale(3, 3, 1).concatenating(.translation(7, -9, 0))])
    func aFrameSetUnderAScaleReadsBack(transform: Transform3D) {
        var g = Self.layer(bounds: Rect(x: 5, y: 6, width: 10, height: 10), position: Point(1, 2), anchor: Point(0.25, 0.8), transform: transform)
        let frame = Rect(x: 40, y: -30, width: 120, height: 60)
        g.frame = frame
        #expect(Self.near(g.frame, frame), "\(g.frame)")
        #expect(g.bounds.origin == Point(5, 6) && g.anchorPoint == Point(0.25, 0.8))
    }

    @Test func aNegativeFrameIsStandardised() {
        var g = LayerGeometry()
        g.frame = Rect(x: 100, y: 100, width: -40, height: -20)
        #expect(g.bounds.size == Size(40, 20) && g.frame == Rect(x: 60, y: 80, width: 40, height: 20))
    }

    /// The sheet's check vector, confirmed on Apple's QuartzCore: the parent's sublayerTransform
    /// turns about the parent's anchor, so the child's (0, 0) lands at (60, −38).
    @Test func sublayerTransformActsAboutTheParentsAnchor() {
        var parent = Self.layer(bounds: Rect(x: 0, y: 0, width: 200, height: 200), position: Point(100, 100))
        parent.sublayerTransform = .scale(2, 2, 1)
        let child = Self.layer(bounds: Rect(x: 0, y: 0, width: 50, height: 50), position: Point(100, 50),
                               transform: .translation(5, 6, 0))
        let p = child.toSuperlayer(parent).project(.zero)
        #expect(p.map { AnimationTests.near($0, Point(60, -38), 1e-12) } == true, "\(String(describing: p))")
    }

    @Test func theBoundsOriginShiftsTheSublayersNotTheLayer() {
        var g = Self.layer(bounds: Rect(x: 0, y: 0, width: 40, height: 40), position: Point(20, 20))
        let before = g.frame
        g.bounds.origin = Point(10, 0)
        #expect(g.frame == before)
        // A point at the new origin now sits at the layer's top-left corner.
        #expect(g.toSuperlayerPlane.project(Point(10, 0)) == Point(0, 0))
    }
}
