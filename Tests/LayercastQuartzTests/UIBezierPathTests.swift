import Testing
@testable import LayercastQuartz

/// UIBezierPath over CGPath: continuous corners, UIKit's arc direction, reversal, settings
/// (docs/design/quartz.md §Paths).
@Suite struct UIBezierPathTests {
    typealias E = ReportedPathElement

    static func p(_ x: CGFloat, _ y: CGFloat) -> CGPoint { CGPoint(x: x, y: y) }

    @Test func continuousCornerMatchesThePublishedOutlineAtRadius10() {
        // 100 × 60 with r = 10: every number is the per-corner outline (docs/design/quartz.md §Paths)
        // × 10, measured back from the top-right vertex (100, 0) along the top edge (s) and down the
        // right edge (t).
        let e = UIBezierPath(roundedRect: CGRect(x: 0, y: 0, width: 100, height: 60), cornerRadius: 10).cgPath.reported
        let topRight: [E] = [
            .move(15.2866, 0),
            .line(100 - 15.2866, 0),
            E(.addCurveToPoint, [Self.p(100 - 10.8849, 0), Self.p(100 - 8.6841, 0), Self.p(100 - 6.6993, 0.6550)]),
            .line(100 - 6.3149, 0.7491),
            E(.addCurveToPoint, [Self.p(100 - 3.7282, 1.6906), Self.p(100 - 1.6906, 3.7282), Self.p(100 - 0.7491, 6.3149)]),
            .line(100 - 0.6550, 6.6993),
            E(.addCurveToPoint, [Self.p(100, 8.6841), Self.p(100, 10.8849), Self.p(100, 15.2866)]),
            .line(100, 60 - 15.2866),
        ]
        #expect(PathCheck.near(Array(e.prefix(8)), topRight, 1e-9))
        // Four corners of five steps, each led in by a line, then the close.
        #expect(e.count == 1 + 4 * 6 + 1 && e.last == .close)
        // The other corners are the same outline turned: the bottom-left one starts 15.2866 from its
        // vertex (0, 60) along the bottom edge, the top-left one 15.2866 below (0, 0), and it ends
        // where the path started.
        #expect(PathCheck.near(e[13].points[0], Self.p(15.2866, 60)))
        #expect(PathCheck.near(e[14].points[0], Self.p(10.8849, 60)) && PathCheck.near(e[14].points[2], Self.p(6.6993, 60 - 0.6550)))
        #expect(PathCheck.near(e[19].points[0], Self.p(0, 15.2866)))
        #expect(PathCheck.near(e[24].points[2], Self.p(15.2866, 0)))
        #expect(PathCheck.signedArea(e) > 0)
    }

    @Test func continuousRadiusIsCappedWhereTwoCornersMeet() {
        let rect = CGRect(x: 0, y: 0, width: 100, height: 60)
        let capped = UIBezierPath(roundedRect: rect, cornerRadius: 100).cgPath
        let e = capped.reported
        // r = 60 / (2 · 1.52866): each corner reaches 30 along both edges, so the right side's
        // line is a point.
        #expect(PathCheck.near(e[0].points[0], Self.p(30, 0)) && PathCheck.near(e[1].points[0], Self.p(70, 0)))
        #expect(PathCheck.near(e[6].points[2], Self.p(100, 30)) && PathCheck.near(e[7].points[0], Self.p(100, 30)))
        #expect(capped == UIBezierPath(roundedRect: rect, cornerRadius: 60 / (2 * 1.52866)).cgPath)
        // No radius: the plain rectangle.
        #expect(UIBezierPath(roundedRect: rect, cornerRadius: 0).cgPath == UIBezierPath(rect: rect).cgPath)
    }

    @Test func byRoundingCornersRoundsOnlyTheChosenCornersWithTheWidthAsRadius() {
        let rect = CGRect(x: 0, y: 0, width: 100, height: 60)
        let top = UIBezierPath(roundedRect: rect, byRoundingCorners: [.topLeft, .topRight], cornerRadii: CGSize(width: 10, height: 30))
        let e = top.cgPath.reported
        #expect(e.count == 1 + 6 + 1 + 1 + 6 + 1)
        #expect(PathCheck.near(e[6].points[2], Self.p(100, 15.2866)))
        // The bottom corners are sharp: straight to each vertex, then up to the top-left corner.
        #expect(e[7] == .line(100, 60) && e[8] == .line(0, 60))
        #expect(PathCheck.near(e[9].points[0], Self.p(0, 15.2866)) && e.last == .close)
        // The height is not used: the same outline as a square radius of 10.
        #expect(top.cgPath == UIBezierPath(roundedRect: rect, byRoundingCorners: [.topLeft, .topRight],
                                           cornerRadii: CGSize(width: 10, height: 10)).cgPath)
        // Every corner through the option set is the same as the plain rounded rectangle.
        #expect(UIBezierPath(roundedRect: rect, byRoundingCorners: .allCorners, cornerRadii: CGSize(width: 10, height: 0)).cgPath
            == UIBezierPath(roundedRect: rect, cornerRadius: 10).cgPath)
        #expect(UIBezierPath(roundedRect: rect, byRoundingCorners: [], cornerRadii: CGSize(width: 10, height: 10)).cgPath
            == UIBezierPath(rect: rect).cgPath)
    }

    @Test func bezierClockwiseIsTheOppositeOfCGPathClockwise() {
        let center = Self.p(50, 50)
        let ui = UIBezierPath(arcCenter: center, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: true).cgPath
        // One quarter, 3 o'clock down to 6 o'clock: clockwise on the y-down screen.
        let ends = PathCheck.ends(ui.reported)
        #expect(ends.count == 2 && PathCheck.near(ends[0], Self.p(60, 50)) && PathCheck.near(ends[1], Self.p(50, 60)))

        let cg = CGMutablePath()
        cg.addArc(center: center, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        #expect(ui == cg)
        let cgClockwise = CGMutablePath()
        cgClockwise.addArc(center: center, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        #expect(cgClockwise.reported.count == 4)

        // Appending arcs: a line joins them, as on a CGPath.
        let two = UIBezierPath()
        two.move(to: center)
        two.addArc(withCenter: center, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        two.close()
        #expect(two.cgPath.reported.map(\.type) == [.moveToPoint, .addLineToPoint, .addCurveToPoint, .closeSubpath])
    }

    @Test func ovalStartsAtThreeOClockAndRunsClockwiseOnScreen() {
        let rect = CGRect(x: 0, y: 0, width: 40, height: 40)
        let oval = UIBezierPath(ovalIn: rect).cgPath
        #expect(oval == CGPath(ellipseIn: rect, transform: nil))
        #expect(PathCheck.ends(oval.reported).prefix(2) == [Self.p(40, 20), Self.p(20, 40)])
        #expect(UIBezierPath(rect: rect).cgPath == CGPath(rect: rect, transform: nil))
    }

    @Test func reversingTracesTheShapeBackwards() {
        let open = UIBezierPath()
        open.move(to: .zero)
        open.addLine(to: Self.p(10, 0))
        open.addCurve(to: Self.p(20, 10), controlPoint1: Self.p(12, 0), controlPoint2: Self.p(20, 5))
        open.addQuadCurve(to: Self.p(30, 10), controlPoint: Self.p(25, 20))
        let back = open.reversing()
        #expect(back.cgPath.reported == [.move(30, 10), E(.addQuadCurveToPoint, [Self.p(25, 20), Self.p(20, 10)]),
                                         E(.addCurveToPoint, [Self.p(20, 5), Self.p(12, 0), Self.p(10, 0)]), .line(0, 0)])
        #expect(back.reversing().cgPath == open.cgPath)

        // A closed rectangle keeps its start and runs the other way: counter-clockwise on screen.
        let rect = UIBezierPath(rect: CGRect(x: 0, y: 0, width: 10, height: 20)).reversing().cgPath.reported
        #expect(rect == [.move(0, 0), .line(0, 20), .line(10, 20), .line(10, 0), .close])
        #expect(PathCheck.signedArea(rect) < 0)
        let oval = UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 40, height: 40)).reversing().cgPath.reported
        #expect(PathCheck.ends(oval).prefix(2) == [Self.p(40, 20), Self.p(20, 0)] && oval.last == .close)

        // Subpaths come back last first.
        let two = UIBezierPath()
        two.move(to: .zero)
        two.addLine(to: Self.p(1, 0))
        two.move(to: Self.p(5, 5))
        two.addLine(to: Self.p(6, 5))
        #expect(two.reversing().cgPath.reported == [.move(6, 5), .line(5, 5), .move(1, 0), .line(0, 0)])
    }

    @Test func containsFollowsTheEvenOddSetting() {
        let ring = UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 100, height: 100))
        ring.append(UIBezierPath(ovalIn: CGRect(x: 25, y: 25, width: 50, height: 50)))
        #expect(ring.contains(Self.p(50, 50)))
        ring.usesEvenOddFillRule = true
        #expect(!ring.contains(Self.p(50, 50)) && ring.contains(Self.p(10, 50)))
    }

    @Test func lineDashReadsBackWhatWasSet() {
        let path = UIBezierPath()
        path.setLineDash([4, 2, 1], count: 3, phase: 1.5)
        var count = 0
        var phase: CGFloat = 0
        path.getLineDash(nil, count: &count, phase: &phase)
        #expect(count == 3 && phase == 1.5)
        var pattern = [CGFloat](repeating: 0, count: count)
        path.getLineDash(&pattern, count: nil, phase: nil)
        #expect(pattern == [4, 2, 1])
        path.setLineDash(nil, count: 0, phase: 0)
        path.getLineDash(nil, count: &count, phase: &phase)
        #expect(count == 0 && phase == 0)
    }

    @Test func settingsStartAtUIKitsDefaults() {
        let path = UIBezierPath()
        #expect(path.lineWidth == 1 && path.miterLimit == 10 && path.flatness == 0.6)
        #expect(path.lineCapStyle == .butt && path.lineJoinStyle == .miter && !path.usesEvenOddFillRule)
        #expect(path.isEmpty && path.bounds.isNull && path.currentPoint == .zero)
    }

    @Test func cgPathIsASnapshotAndSettingItCopies() {
        let path = UIBezierPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10))
        let before = path.cgPath
        path.addLine(to: Self.p(3, 3))
        #expect(before == CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil))
        #expect(path.cgPath != before)

        let source = CGMutablePath()
        let adopted = UIBezierPath(cgPath: source)
        source.addRect(CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(adopted.isEmpty)
        adopted.cgPath = source
        #expect(adopted.cgPath == source)
    }

    @Test func applyAppendAndBoundsWorkOnTheElements() {
        let path = UIBezierPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10))
        path.apply(CGAffineTransform(translationX: 5, y: 0))
        #expect(path.cgPath.reported.first == .move(5, 0) && path.currentPoint == Self.p(5, 0))
        path.append(UIBezierPath(rect: CGRect(x: 0, y: 0, width: 1, height: 1)))
        #expect(path.cgPath.reported.count == 10)
        path.removeAllPoints()
        #expect(path.isEmpty)

        path.move(to: .zero)
        path.addQuadCurve(to: Self.p(100, 0), controlPoint: Self.p(50, 100))
        #expect(path.bounds == CGRect(x: 0, y: 0, width: 100, height: 100))
        #expect(path.currentPoint == Self.p(100, 0))
    }

    @Test func copyKeepsElementsAndSettingsButNotTheirIdentity() throws {
        let path = UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 4, height: 4))
        path.lineWidth = 3
        path.lineCapStyle = .round
        path.usesEvenOddFillRule = true
        path.setLineDash([2, 1], count: 2, phase: 0.5)
        let copy = try #require(path.copy() as? UIBezierPath)
        #expect(copy !== path && copy.cgPath == path.cgPath)
        #expect(copy.lineWidth == 3 && copy.lineCapStyle == .round && copy.usesEvenOddFillRule)
        var count = 0
        copy.getLineDash(nil, count: &count, phase: nil)
        #expect(count == 2)
        copy.close()
        copy.addLine(to: .zero)
        #expect(copy.cgPath != path.cgPath)
    }

    @Test func rectCornersUseUIKitsBits() {
        #expect(UIRectCorner.topLeft.rawValue == 1 && UIRectCorner.topRight.rawValue == 2)
        #expect(UIRectCorner.bottomLeft.rawValue == 4 && UIRectCorner.bottomRight.rawValue == 8)
        #expect(UIRectCorner.allCorners.isSuperset(of: [.topLeft, .topRight, .bottomLeft, .bottomRight]))
    }
}
