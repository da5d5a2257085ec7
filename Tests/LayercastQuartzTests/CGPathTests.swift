import Animation
import Testing
@testable import LayercastQuartz

/// One element as `applyWithBlock` reports it, as a value the tests can compare.
struct ReportedPathElement: Equatable, CustomStringConvertible {
    var type: CGPathElementType
    var points: [CGPoint]

    init(_ type: CGPathElementType, _ points: [CGPoint] = []) {
        self.type = type
        self.points = points
    }

    var description: String { "\(type) \(points.map { "(\($0.x), \($0.y))" }.joined(separator: " "))" }

    static func move(_ x: CGFloat, _ y: CGFloat) -> Self { Self(.moveToPoint, [CGPoint(x: x, y: y)]) }
    static func line(_ x: CGFloat, _ y: CGFloat) -> Self { Self(.addLineToPoint, [CGPoint(x: x, y: y)]) }
    static let close = Self(.closeSubpath)
}

/// Closed-form checks the path tests share.
enum PathCheck {
    static func near(_ a: CGPoint, _ b: CGPoint, _ tolerance: CGFloat = 1e-9) -> Bool {
        abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
    }

    static func near(_ a: [ReportedPathElement], _ b: [ReportedPathElement], _ tolerance: CGFloat = 1e-9) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { x, y in
            x.type == y.type && x.points.count == y.points.count
                && zip(x.points, y.points).allSatisfy { near($0, $1, tolerance) }
        }
    }

    static func cubic(_ p0: CGPoint, _ c1: CGPoint, _ c2: CGPoint, _ p3: CGPoint, at t: CGFloat) -> CGPoint {
        let mt = 1 - t
        let a = mt * mt * mt, b = 3 * mt * mt * t, c = 3 * mt * t * t, d = t * t * t
        return CGPoint(x: a * p0.x + b * c1.x + c * c2.x + d * p3.x, y: a * p0.y + b * c1.y + c * c2.y + d * p3.y)
    }

    /// Twice the signed area of the polygon through the elements' end points: positive when the
    /// outline runs clockwise on a y-down screen.
    static func signedArea(_ elements: [ReportedPathElement]) -> CGFloat {
        let points = elements.compactMap(\.points.last)
        return zip(points, points.dropFirst() + points.prefix(1)).reduce(0) { $0 + $1.0.x * $1.1.y - $1.1.x * $1.0.y }
    }

    /// The end point of every element that has one.
    static func ends(_ elements: [ReportedPathElement]) -> [CGPoint] {
        elements.compactMap(\.points.last)
    }
}

extension CGPath {
    var reported: [ReportedPathElement] {
        var out: [ReportedPathElement] = []
        applyWithBlock { e in
            let count = [CGPathElementType.moveToPoint: 1, .addLineToPoint: 1, .addQuadCurveToPoint: 2,
                         .addCurveToPoint: 3, .closeSubpath: 0][e.pointee.type] ?? 0
            out.append(ReportedPathElement(e.pointee.type, (0..<count).map { e.pointee.points[$0] }))
        }
        return out
    }
}

/// CGPath and CGMutablePath as Core Graphics defines them, in y-down layer space
/// (docs/design/quartz.md §Paths).
@Suite struct CGPathTests {
    typealias E = ReportedPathElement

    @Test func rectStartsAtItsMinimumCornerAndRunsClockwiseOnScreen() {
        let path = CGPath(rect: CGRect(x: 10, y: 20, width: 30, height: 40), transform: nil)
        #expect(path.reported == [.move(10, 20), .line(40, 20), .line(40, 60), .line(10, 60), .close])
        #expect(PathCheck.signedArea(path.reported) > 0)
        // A rectangle given with a negative size is standardised first.
        #expect(CGPath(rect: CGRect(x: 40, y: 60, width: -30, height: -40), transform: nil) == path)
    }

    @Test func ellipseStartsAtThreeOClockAndHeadsTowardPositiveY() throws {
        let path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 100, height: 50), transform: nil)
        let e = path.reported
        #expect(e.map(\.type) == [.moveToPoint, .addCurveToPoint, .addCurveToPoint, .addCurveToPoint, .addCurveToPoint, .closeSubpath])
        #expect(PathCheck.ends(e) == [CGPoint(x: 100, y: 25), CGPoint(x: 50, y: 50), CGPoint(x: 0, y: 25),
                                      CGPoint(x: 50, y: 0), CGPoint(x: 100, y: 25)])
        #expect(PathCheck.signedArea(e) > 0)
        // The handle 4/3·tan(π/8) puts each quarter's midpoint exactly on the ellipse.
        let q = e[1].points
        let mid = PathCheck.cubic(CGPoint(x: 100, y: 25), q[0], q[1], q[2], at: 0.5)
        let unit = pow((mid.x - 50) / 50, 2) + pow((mid.y - 25) / 25, 2)
        #expect(abs(unit - 1) < 1e-12)
        #expect(PathCheck.near(q[0], CGPoint(x: 100, y: 25 + 25 * 0.5522847498)))
    }

    @Test func cgArcClockwiseSweepsDecreasingAnglesOnTheYDownScreen() {
        let cw = CGMutablePath()
        cw.addArc(center: CGPoint(x: 50, y: 50), radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        // From 3 o'clock through 12, 9, to 6 o'clock: three quarters, counter-clockwise on screen.
        let ends = PathCheck.ends(cw.reported)
        let expected = [CGPoint(x: 60, y: 50), CGPoint(x: 50, y: 40), CGPoint(x: 40, y: 50), CGPoint(x: 50, y: 60)]
        #expect(ends.count == 4 && zip(ends, expected).allSatisfy { PathCheck.near($0, $1) })
        #expect(cw.reported.dropFirst().allSatisfy { $0.type == .addCurveToPoint })

        let ccw = CGMutablePath()
        ccw.addArc(center: CGPoint(x: 50, y: 50), radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        // One quarter straight down to 6 o'clock.
        let short = PathCheck.ends(ccw.reported)
        #expect(short.count == 2 && PathCheck.near(short[1], CGPoint(x: 50, y: 60)))
    }

    @Test func arcJoinsWithALineButStartsWithAMoveOnAnEmptyPathOrAfterAClose() {
        let center = CGPoint(x: 50, y: 50)
        let path = CGMutablePath()
        path.addArc(center: center, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        #expect(path.reported.first == .move(60, 50))

        let joined = CGMutablePath()
        joined.move(to: .zero)
        joined.addArc(center: center, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        #expect(Array(joined.reported.prefix(2)) == [.move(0, 0), .line(60, 50)])

        // Already at the arc's start: no zero-length line.
        let atStart = CGMutablePath()
        atStart.move(to: CGPoint(x: 60, y: 50))
        atStart.addArc(center: center, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        #expect(atStart.reported.map(\.type) == [.moveToPoint, .addCurveToPoint])

        joined.closeSubpath()
        joined.addArc(center: center, radius: 10, startAngle: .pi, endAngle: 0, clockwise: true)
        let afterClose = Array(joined.reported.suffix(4))
        #expect(afterClose.first == .close)
        #expect(afterClose[1].type == .moveToPoint && PathCheck.near(afterClose[1].points[0], CGPoint(x: 40, y: 50)))
        // π to 0 with decreasing angles passes 6 o'clock (y + r): counter-clockwise on screen.
        #expect(PathCheck.near(afterClose[2].points[2], CGPoint(x: 50, y: 60)))
        #expect(PathCheck.near(afterClose[3].points[2], CGPoint(x: 60, y: 50)))
    }

    @Test func relativeArcFollowsTheSignOfDelta() {
        let back = CGMutablePath()
        back.addRelativeArc(center: .zero, radius: 10, startAngle: 0, delta: -.pi / 2)
        let b = PathCheck.ends(back.reported)
        #expect(b.count == 2 && PathCheck.near(b[0], CGPoint(x: 10, y: 0)) && PathCheck.near(b[1], CGPoint(x: 0, y: -10)))

        let forward = CGMutablePath()
        forward.addRelativeArc(center: .zero, radius: 10, startAngle: 0, delta: .pi)
        let f = PathCheck.ends(forward.reported)
        #expect(f.count == 3 && PathCheck.near(f[1], CGPoint(x: 0, y: 10)) && PathCheck.near(f[2], CGPoint(x: -10, y: 0)))
    }

    @Test func tangentArcRoundsTheCornerWithTheGivenRadius() {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addArc(tangent1End: CGPoint(x: 100, y: 0), tangent2End: CGPoint(x: 100, y: 100), radius: 20)
        let e = path.reported
        #expect(e.map(\.type) == [.moveToPoint, .addLineToPoint, .addCurveToPoint])
        #expect(PathCheck.near(e[1].points[0], CGPoint(x: 80, y: 0)))
        #expect(PathCheck.near(e[2].points[2], CGPoint(x: 100, y: 20)))
        #expect(PathCheck.near(e[2].points[0], CGPoint(x: 80 + 20 * 0.5522847498, y: 0)))
        let mid = PathCheck.cubic(CGPoint(x: 80, y: 0), e[2].points[0], e[2].points[1], e[2].points[2], at: 0.5)
        #expect(abs(hypot(mid.x - 80, mid.y - 20) - 20) < 1e-12)
        #expect(PathCheck.near(path.currentPoint, CGPoint(x: 100, y: 20)))

        // In line: just a line to the first tangent end. No current point: nothing.
        let straight = CGMutablePath()
        straight.move(to: .zero)
        straight.addArc(tangent1End: CGPoint(x: 50, y: 0), tangent2End: CGPoint(x: 100, y: 0), radius: 10)
        #expect(straight.reported == [.move(0, 0), .line(50, 0)])
        let empty = CGMutablePath()
        empty.addArc(tangent1End: CGPoint(x: 50, y: 0), tangent2End: CGPoint(x: 50, y: 50), radius: 10)
        #expect(empty.isEmpty)
    }

    @Test func quadsAreReportedAsQuadsAndRaisedToCubicsExactly() throws {
        let (p0, q, p) = (CGPoint(x: 0, y: 0), CGPoint(x: 30, y: 80), CGPoint(x: 100, y: 10))
        let path = CGMutablePath()
        path.move(to: p0)
        path.addQuadCurve(to: p, control: q)
        #expect(path.reported == [.move(0, 0), E(.addQuadCurveToPoint, [q, p])])

        guard case .cubic(let c1, let c2, let end) = path.engine.elements[1] else {
            Issue.record("the engine's second element is not a cubic")
            return
        }
        #expect(end == p.engine)
        for i in 0...10 {
            let t = CGFloat(i) / 10, mt = 1 - t
            let onQuad = CGPoint(x: mt * mt * p0.x + 2 * mt * t * q.x + t * t * p.x,
                                 y: mt * mt * p0.y + 2 * mt * t * q.y + t * t * p.y)
            let onCubic = PathCheck.cubic(p0, CGPoint(c1), CGPoint(c2), p, at: t)
            #expect(PathCheck.near(onQuad, onCubic, 1e-12), "t = \(t)")
        }
    }

    @Test func boundingBoxHoldsControlPointsAndPathBoxOnlyTheCurve() {
        let quad = CGMutablePath()
        quad.move(to: .zero)
        quad.addQuadCurve(to: CGPoint(x: 100, y: 0), control: CGPoint(x: 50, y: 100))
        #expect(quad.boundingBox == CGRect(x: 0, y: 0, width: 100, height: 100))
        // The quad's peak is halfway to its control: y = 50 at t = 1/2.
        let quadBox = quad.boundingBoxOfPath
        #expect(quadBox.minX == 0 && quadBox.minY == 0 && quadBox.width == 100 && abs(quadBox.height - 50) < 1e-12)

        let cubic = CGMutablePath()
        cubic.move(to: .zero)
        cubic.addCurve(to: CGPoint(x: 100, y: 0), control1: CGPoint(x: 0, y: 100), control2: CGPoint(x: 100, y: 100))
        // y(t) = 300·t·(1 − t), largest at t = 1/2: 75.
        let box = cubic.boundingBoxOfPath
        #expect(cubic.boundingBox.height == 100)
        #expect(abs(box.height - 75) < 1e-12 && box.minY == 0 && box.minX == 0 && box.width == 100)

        #expect(CGMutablePath().boundingBox.isNull && CGMutablePath().boundingBoxOfPath.isNull)
    }

    @Test func ringHoldsItsBandAndItsHoleOnlyByWindingWhenBothCirclesTurnTheSameWay() {
        let ring = CGMutablePath()
        ring.addEllipse(in: CGRect(x: 0, y: 0, width: 100, height: 100))
        ring.addEllipse(in: CGRect(x: 25, y: 25, width: 50, height: 50))
        let hole = CGPoint(x: 50, y: 50), band = CGPoint(x: 10, y: 50), outside = CGPoint(x: -5, y: 50)
        #expect(ring.contains(hole, using: .winding))
        #expect(!ring.contains(hole, using: .evenOdd))
        #expect(ring.contains(band, using: .winding) && ring.contains(band, using: .evenOdd))
        #expect(!ring.contains(outside, using: .winding) && !ring.contains(outside, using: .evenOdd))
        // The transform moves the point before the test: the origin lands on the hole.
        #expect(!ring.contains(.zero, using: .evenOdd, transform: CGAffineTransform(translationX: 50, y: 50)))
        #expect(ring.contains(.zero, using: .evenOdd, transform: CGAffineTransform(translationX: 10, y: 50)))

        // The inner circle turned the other way cancels the outer one under both rules.
        let cutOut = CGMutablePath()
        cutOut.addEllipse(in: CGRect(x: 0, y: 0, width: 100, height: 100))
        cutOut.addRelativeArc(center: hole, radius: 25, startAngle: 0, delta: -2 * .pi)
        cutOut.closeSubpath()
        #expect(!cutOut.contains(hole, using: .winding) && !cutOut.contains(hole, using: .evenOdd))
        #expect(cutOut.contains(band, using: .winding))
    }

    @Test func openSubpathsAreFilledAsIfClosed() {
        let triangle = CGMutablePath()
        triangle.addLines(between: [.zero, CGPoint(x: 100, y: 0), CGPoint(x: 0, y: 100)])
        #expect(triangle.reported == [.move(0, 0), .line(100, 0), .line(0, 100)])
        #expect(triangle.contains(CGPoint(x: 10, y: 10)))
        #expect(!triangle.contains(CGPoint(x: 60, y: 60)))
    }

    @Test func dashesCoverThePatternOverTheLength() {
        let line = CGMutablePath()
        line.addLines(between: [.zero, CGPoint(x: 100, y: 0)])
        let dashed = line.copy(dashingWithPhase: 0, lengths: [10, 5])
        // Dashes start every 15: 0, 15, …, 90; the last one is cut to 10 by the end at 100.
        let moves = dashed.reported.filter { $0.type == .moveToPoint }.map { $0.points[0].x }
        #expect(moves == [0, 15, 30, 45, 60, 75, 90])
        #expect(abs(dashed.engine.length - 70) < 1e-9)
        #expect(Array(dashed.reported.prefix(2)) == [.move(0, 0), .line(10, 0)])

        // On a circle the curves stay curves, and the painted total is the pattern over the length.
        let circle = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 100, height: 100), transform: nil)
        let length = CGFloat(circle.engine.length)
        let dashes = circle.copy(dashingWithPhase: 0, lengths: [10, 5])
        let periods = (length / 15).rounded(.down)
        let expected = periods * 10 + min(10, length - periods * 15)
        #expect(abs(CGFloat(dashes.engine.length) - expected) < 1e-6)
        #expect(dashes.reported.filter { $0.type == .moveToPoint }.count == Int(periods) + 1)
        #expect(dashes.reported.contains { $0.type == .addCurveToPoint })
    }

    @Test func phaseShiftsWhereThePatternStarts() {
        let line = CGMutablePath()
        line.addLines(between: [.zero, CGPoint(x: 100, y: 0)])
        // Phase 5 starts halfway into the first dash: 0…5, then dashes from 10 every 15.
        let ahead = line.copy(dashingWithPhase: 5, lengths: [10, 5]).reported
        #expect(Array(ahead.prefix(4)) == [.move(0, 0), .line(5, 0), .move(10, 0), .line(20, 0)])
        #expect(ahead.filter { $0.type == .moveToPoint }.count == 7)
        // Phase −5 is phase 10: five units of gap first.
        let behind = line.copy(dashingWithPhase: -5, lengths: [10, 5]).reported
        #expect(Array(behind.prefix(2)) == [.move(5, 0), .line(15, 0)])
        #expect(behind.suffix(2) == [.move(95, 0), .line(100, 0)])
        // An odd pattern is read twice over: 10 on, 5 off, 20 on, 10 off, 5 on, 20 off.
        let odd = line.copy(dashingWithPhase: 0, lengths: [10, 5, 20]).reported
        #expect(odd == [.move(0, 0), .line(10, 0), .move(15, 0), .line(35, 0), .move(45, 0), .line(50, 0),
                        .move(70, 0), .line(80, 0), .move(85, 0), .line(100, 0)])
    }

    @Test func everySubpathStartsThePatternAfreshAndTheTransformFollows() {
        let two = CGMutablePath()
        two.addLines(between: [.zero, CGPoint(x: 20, y: 0)])
        two.addLines(between: [CGPoint(x: 0, y: 10), CGPoint(x: 20, y: 10)])
        let dashed = two.copy(dashingWithPhase: 0, lengths: [10, 5], transform: CGAffineTransform(scaleX: 2, y: 2))
        #expect(dashed.reported == [.move(0, 0), .line(20, 0), .move(30, 0), .line(40, 0),
                                    .move(0, 20), .line(20, 20), .move(30, 20), .line(40, 20)])
        // No positive length: the path itself.
        #expect(two.copy(dashingWithPhase: 3, lengths: []) == two)
        #expect(two.copy(dashingWithPhase: 3, lengths: [0, 0]) == two)
    }

    @Test func transformsMovePointsBeforeTheyAreAdded() {
        // Scale first, then translate: (1, 1) → (2, 3) → (12, 23).
        var t = CGAffineTransform(translationX: 10, y: 20).scaledBy(x: 2, y: 3)
        let rect = CGPath(rect: CGRect(x: 0, y: 0, width: 1, height: 1), transform: &t)
        #expect(rect.reported == [.move(10, 20), .line(12, 20), .line(12, 23), .line(10, 23), .close])

        let plain = CGPath(rect: CGRect(x: 0, y: 0, width: 1, height: 1), transform: nil)
        #expect(plain.copy(using: &t) == rect)
        #expect(plain.mutableCopy(using: &t) == rect)
        #expect(plain.copy(using: nil) == plain)

        let m = CGMutablePath()
        m.move(to: CGPoint(x: 1, y: 1), transform: t)
        m.addLine(to: CGPoint(x: 2, y: 0), transform: t)
        m.addCurve(to: .zero, control1: CGPoint(x: 1, y: 0), control2: CGPoint(x: 0, y: 1), transform: t)
        // The transform applies to what is added only: the earlier points stay.
        m.addLine(to: CGPoint(x: 5, y: 5))
        #expect(m.reported == [.move(12, 23), .line(14, 20), E(.addCurveToPoint, [CGPoint(x: 12, y: 20), CGPoint(x: 10, y: 23), CGPoint(x: 10, y: 20)]),
                               .line(5, 5)])

        let added = CGMutablePath()
        added.addPath(plain, transform: t)
        #expect(added == rect)
    }

    @Test func isRectRecognisesAxisAlignedRectanglesOnly() {
        var found = CGRect.zero
        #expect(CGPath(rect: CGRect(x: 40, y: 60, width: -30, height: -40), transform: nil).isRect(&found))
        #expect(found == CGRect(x: 10, y: 20, width: 30, height: 40))

        // An exact quarter turn keeps it a rectangle; a 30° turn does not.
        var quarter = CGAffineTransform(a: 0, b: 1, c: -1, d: 0, tx: 0, ty: 0)
        #expect(CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 20), transform: &quarter).isRect(&found))
        #expect(found == CGRect(x: -20, y: 0, width: 20, height: 10))
        var turn = CGAffineTransform(rotationAngle: .pi / 6)
        #expect(!CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 20), transform: &turn).isRect(nil))

        let explicit = CGMutablePath()
        explicit.addLines(between: [.zero, CGPoint(x: 5, y: 0), CGPoint(x: 5, y: 5), CGPoint(x: 0, y: 5), .zero])
        #expect(!explicit.isRect(nil))
        explicit.closeSubpath()
        #expect(explicit.isRect(nil))

        #expect(!CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 5, height: 5), transform: nil).isRect(nil))
        let triangle = CGMutablePath()
        triangle.addLines(between: [.zero, CGPoint(x: 5, y: 0), CGPoint(x: 5, y: 5)])
        triangle.closeSubpath()
        #expect(!triangle.isRect(nil))
    }

    @Test func roundedRectStartsAfterTheTopLeftCornerAndClampsItsCorners() {
        let path = CGPath(roundedRect: CGRect(x: 0, y: 0, width: 100, height: 50), cornerWidth: 10, cornerHeight: 5,
                          transform: nil)
        let e = path.reported
        #expect(e.count == 10 && e.first == .move(10, 0) && e[1] == .line(90, 0))
        #expect(PathCheck.ends(e) == [CGPoint(x: 10, y: 0), CGPoint(x: 90, y: 0), CGPoint(x: 100, y: 5),
                                      CGPoint(x: 100, y: 45), CGPoint(x: 90, y: 50), CGPoint(x: 10, y: 50),
                                      CGPoint(x: 0, y: 45), CGPoint(x: 0, y: 5), CGPoint(x: 10, y: 0)])
        #expect(PathCheck.signedArea(e) > 0)

        // Corners wider than half a side are clamped to it: a capsule's ends meet in the middle.
        let capsule = CGPath(roundedRect: CGRect(x: 0, y: 0, width: 100, height: 50), cornerWidth: 80, cornerHeight: 40,
                             transform: nil).reported
        #expect(capsule.first == .move(50, 0) && capsule[1] == .line(50, 0))
        #expect(PathCheck.ends(capsule)[2] == CGPoint(x: 100, y: 25))
        // No corner: the plain rectangle.
        #expect(CGPath(roundedRect: CGRect(x: 0, y: 0, width: 100, height: 50), cornerWidth: 0, cornerHeight: 5, transform: nil)
            == CGPath(rect: CGRect(x: 0, y: 0, width: 100, height: 50), transform: nil))
    }

    @Test func copiesAreEqualAndIndependent() {
        let m = CGMutablePath()
        m.addRect(CGRect(x: 0, y: 0, width: 10, height: 10))
        let frozen = m.copy()
        let other = m.mutableCopy()
        m.addLine(to: CGPoint(x: 3, y: 3))
        other?.closeSubpath()
        #expect(frozen == CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil))
        #expect(other == frozen)
        #expect(m != frozen)
        #expect(Set<CGPath>([m, CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)]).count == 2)
        #expect(Set<CGPath>([frozen, CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)].compactMap { $0 }).count == 1)
    }

    @Test func currentPointFollowsTheLastElementAndReturnsToTheStartAfterAClose() {
        let path = CGMutablePath()
        #expect(path.currentPoint == .zero && path.isEmpty)
        path.move(to: CGPoint(x: 1, y: 2))
        #expect(!path.isEmpty && path.currentPoint == CGPoint(x: 1, y: 2))
        path.addQuadCurve(to: CGPoint(x: 5, y: 6), control: CGPoint(x: 3, y: 4))
        #expect(path.currentPoint == CGPoint(x: 5, y: 6))
        path.closeSubpath()
        path.closeSubpath()
        #expect(path.currentPoint == CGPoint(x: 1, y: 2))
        #expect(path.reported.filter { $0.type == .closeSubpath }.count == 1)
    }

    @Test func linesAndCurvesNeedACurrentPoint() {
        let path = CGMutablePath()
        path.addLine(to: CGPoint(x: 1, y: 1))
        path.addQuadCurve(to: CGPoint(x: 1, y: 1), control: .zero)
        path.addCurve(to: CGPoint(x: 1, y: 1), control1: .zero, control2: .zero)
        path.closeSubpath()
        #expect(path.isEmpty)
        path.addRects([CGRect(x: 0, y: 0, width: 1, height: 1), CGRect(x: 2, y: 0, width: 1, height: 1)])
        #expect(path.reported.filter { $0.type == .moveToPoint }.count == 2 && path.reported.count == 10)
    }

    @Test func theCStyleApplierSeesEveryElementWithTheCallersInfo() {
        let path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        var points = 0
        withUnsafeMutablePointer(to: &points) { counter in
            path.apply(info: counter) { info, element in
                let n: Int = switch element.pointee.type {
                case .moveToPoint, .addLineToPoint: 1
                case .addQuadCurveToPoint: 2
                case .addCurveToPoint: 3
                case .closeSubpath: 0
                }
                info!.assumingMemoryBound(to: Int.self).pointee += n
            }
        }
        #expect(points == 1 + 4 * 3)
    }
}
