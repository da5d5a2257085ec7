import Foundation
import Testing
@testable import Animation

/// Path builders (cairo-arc.c's construction, docs/design/engine.md §Arcs and Cairo), lengths against an
/// independent Simpson integration, trims (docs/design/engine.md §Shape layers, §Trimming, lottie-android's
/// wrap rule) and interpolation (§Shape layers).
@Suite struct PathTests {
    static let kappa = 0.5522847498307933

    static func cubics(_ p: Path) -> [(Point, Point, Point)] {
        p.elements.compactMap { if case .cubic(let a, let b, let c) = $0 { (a, b, c) } else { nil } }
    }

    // MARK: Builders

    @Test func quarterCircleHandleIsKappa() throws {
        let p = Path.arc(center: .zero, radius: 1, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        #expect(near(4.0 / 3.0 * tan(.pi / 8), Self.kappa, 1e-15))
        #expect(near(Self.kappa, 0.5522847498, 1e-10))
        #expect(p.elements.count == 2)
        #expect(p.elements[0] == .move(Point(1, 0)))
        let (c1, c2, end) = try #require(Self.cubics(p).first)
        #expect(near(c1, Point(1, Self.kappa), 1e-15))
        #expect(near(c2, Point(Self.kappa, 1), 1e-15))
        #expect(near(end, Point(0, 1), 1e-15))
    }

    @Test(arguments: [(1.0, 0.0, true), (7.5, -Double.pi / 2, true), (140.0, Double.pi, false), (1000.0, 0.3, false)])
    func circleIsFourTangentCubicsOnTheCircle(radius: Double, start: Double, clockwise: Bool) {
        let centre = Point(3, -2)
        let p = Path.circle(center: centre, radius: radius, startAngle: start, clockwise: clockwise)
        let cubics = Self.cubics(p)
        #expect(cubics.count == 4)
        #expect(p.elements.first == .move(Point(centre.x + radius * cos(start), centre.y + radius * sin(start))))
        let dir = clockwise ? 1.0 : -1.0
        let h = 4.0 / 3.0 * tan(Double.pi / 8) * radius
        var p0 = p.elements[0].endPoint!
        for (i, (c1, c2, p3)) in cubics.enumerated() {
            let a1 = start + dir * Double(i + 1) * .pi / 2
            #expect(near(p3, Point(centre.x + radius * cos(a1), centre.y + radius * sin(a1)), 1e-12 * max(1, radius)))
            #expect(near(p3.distance(to: centre), radius, 1e-12 * max(1, radius)))
            // Handles of length h, tangent to the circle, pointing along the direction of travel.
            #expect(near(c1.distance(to: p0), h, 1e-12 * radius))
            #expect(near(c2.distance(to: p3), h, 1e-12 * radius))
            let r0 = p0 - centre, t0 = c1 - p0
            #expect(near(r0.x * t0.x + r0.y * t0.y, 0, 1e-9 * radius * radius))
            let r3 = p3 - centre, t3 = p3 - c2
            #expect(near(r3.x * t3.x + r3.y * t3.y, 0, 1e-9 * radius * radius))
            // Cross product sign: clockwise on screen (y down) = positive z for r × t.
            #expect((r0.x * t0.y - r0.y * t0.x) * dir > 0)
            p0 = p3
        }
    }

    @Test func sparkCircleRunsCounterClockwiseFromNineOClock() {
        let p = Path.arc(center: Point(284, 160), radius: 140, startAngle: .pi, endAngle: -.pi, clockwise: false)
        let ends = p.elements.compactMap(\.endPoint)
        let expected = [Point(144, 160), Point(284, 300), Point(424, 160), Point(284, 20), Point(144, 160)]
        #expect(ends.count == 5)
        for (e, x) in zip(ends, expected) { #expect(near(e, x, 1e-12 * 300)) }
    }

    @Test func arcsSplitIntoPiecesOfAtMostNinetyDegrees() {
        let p = Path.arc(center: .zero, radius: 2, startAngle: 0, endAngle: 200 * .pi / 180, clockwise: true)
        let cubics = Self.cubics(p)
        #expect(cubics.count == 3)
        let theta = 200.0 / 3 * .pi / 180
        let h = 4.0 / 3.0 * tan(theta / 4) * 2
        #expect(near(cubics[0].0.distance(to: Point(2, 0)), h, 1e-14))
        #expect(near(cubics[2].2, Point(2 * cos(200 * .pi / 180), 2 * sin(200 * .pi / 180)), 1e-14))
        // Exactly 90° stays one piece; a hair more takes two.
        #expect(Self.cubics(.arc(center: .zero, radius: 1, startAngle: 0, endAngle: .pi / 2, clockwise: true)).count == 1)
        #expect(Self.cubics(.arc(center: .zero, radius: 1, startAngle: 0, endAngle: .pi / 2 + 1e-6, clockwise: true)).count == 2)
    }

    @Test func counterClockwiseFullTurnWithCoincidentAnglesDrawsNothing() {
        // A pitfall (docs/design/engine.md §Shape layers): −π/2 → 3π/2 counter-clockwise is an empty arc.
        let p = Path.arc(center: .zero, radius: 5, startAngle: -.pi / 2, endAngle: 1.5 * .pi, clockwise: false)
        #expect(p.elements.count == 1)
        #expect(p.length == 0)
    }

    // MARK: Lengths

    @Test(arguments: [1.0, 7.5, 20, 140, 366])
    func circleLengthAgainstIndependentIntegration(radius: Double) {
        let p = Path.circle(center: Point(1, 1), radius: radius, startAngle: 0.25)
        let reference = refLength(p)
        #expect(near(p.length, reference, 1e-6), "\(p.length) vs \(reference)")
        let exact = 2 * Double.pi * radius
        #expect(abs(p.length - exact) / exact < 2.8e-4)
        #expect(p.length > exact, "cubic arcs bulge slightly outside the circle")
    }

    @Test func straightPolygonLengthIsExact() {
        var triangle = Path()
        triangle.move(to: Point(0, 0))
        triangle.line(to: Point(3, 0))
        triangle.line(to: Point(3, 4))
        #expect(triangle.length == 7)
        triangle.close()
        #expect(triangle.length == 12, "the closing segment counts")
    }

    // MARK: Trims

    static let ring = Path.circle(center: Point(50, 50), radius: 10)

    @Test func trimEndPointsAtQuarterAndHalf() throws {
        let q = Self.ring.trimmed(from: 0, to: 0.25)
        #expect(near(try #require(firstPoint(q)), Point(60, 50), 1e-12))
        #expect(near(try #require(lastPoint(q)), Point(50, 60), 1e-6))
        let h = Self.ring.trimmed(from: 0.25, to: 0.5)
        #expect(near(try #require(firstPoint(h)), Point(50, 60), 1e-6))
        #expect(near(try #require(lastPoint(h)), Point(40, 50), 1e-6))
    }

    @Test(arguments: [0.1, 0.3, 0.55, 0.9])
    func trimEndPointsMatchAnIndependentArcLengthSearch(fraction: Double) throws {
        let total = refLength(Self.ring)
        let expected = refPoint(Self.ring, atLength: fraction * total)
        let t = Self.ring.trimmed(from: 0, to: fraction)
        #expect(near(try #require(lastPoint(t)), expected, 1e-6))
        let s = Self.ring.trimmed(from: fraction, to: 1)
        #expect(near(try #require(firstPoint(s)), expected, 1e-6))
    }

    /// A closed path of lines and arcs: a 10-point square with corners of radius 2.
    static let roundedSquare: Path = {
        var p = Path()
        for (i, c) in [Point(2, 2), Point(8, 2), Point(8, 8), Point(2, 8)].enumerated() {
            p.addArc(center: c, radius: 2, startAngle: Double(i + 2) * .pi / 2, endAngle: Double(i + 3) * .pi / 2, clockwise: true)
        }
        p.close()
        return p
    }()

    @Test(arguments: [(0.1, 0.35), (0.25, 0.9), (0, 0.6), (0.37, 0.371), (0.5, 1)])
    func trimmedLengthIsTheFractionOfTheWhole(s: Double, e: Double) {
        for path in [Self.ring, Self.roundedSquare, Path.circle(center: .zero, radius: 140, startAngle: .pi, clockwise: false)] {
            let l = path.length
            #expect(near(l, refLength(path), 1e-6))
            #expect(near(path.trimmed(from: s, to: e).length, (e - s) * l, 1e-6), "[\(s), \(e)]")
            #expect(near(refLength(path.trimmed(from: s, to: e)), (e - s) * l, 1e-6))
        }
    }

    @Test func startAtOrPastEndIsEmptyAndTheFullRangeIsTheOriginal() {
        #expect(Self.ring.trimmed(from: 0.5, to: 0.5).isEmpty)
        #expect(Self.ring.trimmed(from: 0.7, to: 0.2).isEmpty)
        #expect(Self.roundedSquare.trimmed(from: 0, to: 1) == Self.roundedSquare, "still closed")
        #expect(Self.roundedSquare.trimmed(from: -0.5, to: 2) == Self.roundedSquare, "clamped to [0, 1]")
    }

    @Test func closedPathTrimsIncludeTheClosingSegment() {
        let square = Path([.move(Point(0, 0)), .line(Point(10, 0)), .line(Point(10, 10)), .line(Point(0, 10)), .close])
        #expect(square.length == 40)
        #expect(near(square.trimmed(from: 0.8, to: 1), Path([.move(Point(0, 8)), .line(Point(0, 0))]), 1e-12))
        #expect(near(square.trimmed(from: 0.7, to: 0.9), Path([.move(Point(2, 10)), .line(Point(0, 10)), .line(Point(0, 4))]), 1e-12))
        #expect(near(square.trimmed(from: 0.9, to: 1, offset: 0.05),
                     Path([.move(Point(0, 2)), .line(Point(0, 0)), .move(Point(0, 0)), .line(Point(2, 0))]), 1e-12))
    }

    /// Out-of-range and non-finite fractions clamp; a trim runs across segments, and across subpaths
    /// by their summed length; a closed subpath kept whole stays closed.
    @Test func trimsClampAndRunAcrossSegmentsAndSubpaths() {
        let line = Path([.move(.zero), .line(Point(100, 0))])
        #expect(line.trimmed(from: 1.5, to: 2).isEmpty)
        #expect(Self.ring.trimmed(from: .nan, to: .infinity) == Self.ring)
        #expect(near(line.trimmed(from: 0.25, to: 0.5), Path([.move(Point(25, 0)), .line(Point(50, 0))]), 1e-9))
        let corner = Path([.move(.zero), .line(Point(100, 0)), .line(Point(100, 100))])
        #expect(near(corner.trimmed(from: 0.25, to: 0.75),
                     Path([.move(Point(50, 0)), .line(Point(100, 0)), .line(Point(100, 50))]), 1e-9))
        let two = Path(line.elements + [.move(Point(0, 50)), .line(Point(100, 50))])
        #expect(near(two.trimmed(from: 0.25, to: 0.75),
                     Path([.move(Point(50, 0)), .line(Point(100, 0)), .move(Point(0, 50)), .line(Point(50, 50))]), 1e-9))
        let square = Path([.move(.zero), .line(Point(100, 0)), .line(Point(100, 100)), .line(Point(0, 100)), .close])
        let squares = Path(square.elements + square.applying(.translation(200, 0)).elements)
        #expect(squares.trimmed(from: 0, to: 0.5).elements.map(\.kind) == [.move, .line, .line, .line, .close])
        let second = squares.trimmed(from: 0.5, to: 1)
        #expect(second.elements.map(\.kind) == [.move, .line, .line, .line, .close] && firstPoint(second) == Point(200, 0))
    }

    /// Cut pieces are found by arc length on an uneven cubic; a piece kept whole keeps its handles.
    @Test func cutsCurvesByArcLengthAndKeepsWholePiecesExactly() throws {
        let cubic = Path([.move(.zero), .cubic(Point(5, 80), Point(10, 80), Point(200, 0))])
        for fraction in [0.1, 0.33, 0.5, 0.9] {
            let head = cubic.trimmed(from: 0, to: fraction), tail = cubic.trimmed(from: fraction, to: 1)
            #expect(near(head.length, fraction * cubic.length, 1e-6 * cubic.length), "fraction \(fraction)")
            #expect(near(try #require(lastPoint(head)), try #require(firstPoint(tail)), 1e-9))
        }
        let quarter = Self.ring.trimmed(from: 0.25, to: 0.5)
        #expect(quarter.elements.count == 2 && quarter.elements[1] == Self.ring.elements[2])
    }

    @Test func offsetWrapsRoundAsLottieAndroidDoes() throws {
        let l = Self.ring.length
        // start 0.3, end 0.7, offset 0.5: the window [0.8, 1.2] wraps into [0.8, 1] + [0, 0.2].
        let w = Self.ring.trimmed(from: 0.3, to: 0.7, offset: 0.5)
        #expect(moveCount(w) == 2)
        #expect(near(w.length, 0.4 * l, 1e-6))
        #expect(near(try #require(firstPoint(w)), refPoint(Self.ring, atLength: 0.8 * refLength(Self.ring)), 1e-6))
        #expect(near(try #require(lastPoint(w)), refPoint(Self.ring, atLength: 0.2 * refLength(Self.ring)), 1e-6))
        let second = Path(Array(w.elements.drop { $0.kind != .move }.dropFirst().drop { $0.kind != .move }))
        #expect(near(try #require(firstPoint(second)), Point(60, 50), 1e-12), "the second piece starts at the path start")

        // Negative offset: [−0.1, 0.1] → [0.9, 1] + [0, 0.1], the piece before the start first.
        let n = Self.ring.trimmed(from: 0.1, to: 0.3, offset: -0.2)
        #expect(moveCount(n) == 2)
        #expect(near(n.length, 0.2 * l, 1e-6))
        #expect(near(try #require(lastPoint(n)), refPoint(Self.ring, atLength: 0.1 * refLength(Self.ring)), 1e-6))

        // Both past the end: shifted back by one length, one piece.
        let b = Self.ring.trimmed(from: 0.5, to: 0.9, offset: 0.6)
        #expect(moveCount(b) == 1)
        #expect(near(b.length, 0.4 * l, 1e-6))
        #expect(near(try #require(firstPoint(b)), refPoint(Self.ring, atLength: 0.1 * refLength(Self.ring)), 1e-6))

        // A full window is the path itself; an empty one is empty.
        #expect(Self.roundedSquare.trimmed(from: 0.2, to: 1.2, offset: 0.3) == Self.roundedSquare)
        #expect(Self.ring.trimmed(from: 0.4, to: 0.4, offset: 0.25).isEmpty)
        // Same as the plain trim without offset.
        #expect(near(Self.ring.trimmed(from: 0.1, to: 0.35, offset: 0).length, 0.25 * l, 1e-9))
    }

    @Test func reversedStartAndEndAreSwappedAsLottieAndroidDoes() {
        // lottie-android takes newStart = min(start, end), newEnd = max(start, end) before the offset.
        let l = Self.ring.length
        let r = Self.ring.trimmed(from: 0.7, to: 0.3, offset: 0)
        #expect(moveCount(r) == 1)
        #expect(near(r.length, 0.4 * l, 1e-6))
        let rw = Self.ring.trimmed(from: 0.7, to: 0.3, offset: 0.5)
        #expect(moveCount(rw) == 2)
        #expect(near(rw.length, 0.4 * l, 1e-6))
        // start 1, end 0 leaves the path unchanged.
        #expect(Self.roundedSquare.trimmed(from: 1, to: 0, offset: 0.3) == Self.roundedSquare)
    }

    // MARK: Interpolation

    static let a = Path([.move(Point(0, 0)), .line(Point(10, 0)), .cubic(Point(10, 4), Point(6, 8), Point(2, 8)), .close])
    static let b = Path([.move(Point(4, 2)), .line(Point(20, 2)), .cubic(Point(12, 6), Point(8, 10), Point(0, 12)), .close])

    @Test func interpolationBetweenEqualStructures() throws {
        #expect(try Path.interpolate(from: Self.a, to: Self.b, 0) == Self.a)
        let mid = try Path.interpolate(from: Self.a, to: Self.b, 0.5)
        #expect(mid == Path([.move(Point(2, 1)), .line(Point(15, 1)), .cubic(Point(11, 5), Point(7, 9), Point(1, 10)), .close]))
        let one = try Path.interpolate(from: Self.a, to: Self.b, 1)
        for (x, y) in zip(one.elements, Self.b.elements) {
            #expect(x.kind == y.kind)
            if let p = x.endPoint, let q = y.endPoint { #expect(near(p, q, 1e-12)) }
        }
        #expect(Self.a.isMorphCompatible(with: Self.b))
    }

    @Test func lineFacingACubicIsPromotedAndStaysStraight() throws {
        let line = Path([.move(Point(0, 0)), .line(Point(9, 0)), .line(Point(9, 9))])
        let curve = Path([.move(Point(0, 0)), .cubic(Point(0, 3), Point(9, 3), Point(9, 0)), .line(Point(9, 9))])
        let start = try Path.interpolate(from: line, to: curve, 0)
        #expect(near(start, Path([.move(Point(0, 0)), .cubic(Point(3, 0), Point(6, 0), Point(9, 0)), .line(Point(9, 9))]), 1e-12))
        if case .cubic(let c1, let c2, _) = start.elements[1] { #expect(c1.y == 0 && c2.y == 0, "exactly straight") }
        #expect(near(start.length, 18, 1e-12))
        let back = try Path.interpolate(from: curve, to: line, 1)
        guard case .cubic(let c1, let c2, let p) = back.elements[1] else { Issue.record("not a cubic"); return }
        #expect(near(c1, Point(3, 0), 1e-12) && near(c2, Point(6, 0), 1e-12) && near(p, Point(9, 0), 1e-12))
        let mid = try Path.interpolate(from: line, to: curve, 0.5)
        #expect(near(mid, Path([.move(.zero), .cubic(Point(1.5, 1.5), Point(7.5, 1.5), Point(9, 0)), .line(Point(9, 9))]), 1e-12))
    }

    @Test func promotionAfterACloseStartsFromTheSubpathStart() throws {
        let a = Path([.move(Point(0, 0)), .line(Point(6, 0)), .close, .line(Point(0, 6))])
        let b = Path([.move(Point(0, 0)), .line(Point(6, 0)), .close, .cubic(Point(1, 1), Point(2, 2), Point(0, 6))])
        let p = try Path.interpolate(from: a, to: b, 0)
        #expect(near(p, Path([.move(.zero), .line(Point(6, 0)), .close, .cubic(Point(0, 2), Point(0, 4), Point(0, 6))]), 1e-12))
    }

    @Test func structureMismatchThrows() {
        let two = Path([.move(.zero), .line(Point(1, 0))])
        #expect(throws: AnimationError.pathStructureMismatch(index: 2, nil, .line)) {
            try Path.interpolate(from: two, to: Path([.move(.zero), .line(Point(1, 0)), .line(Point(1, 1))]), 0.5)
        }
        #expect(throws: AnimationError.pathStructureMismatch(index: 1, .line, .close)) {
            try Path.interpolate(from: two, to: Path([.move(.zero), .close]), 0.5)
        }
        #expect(throws: AnimationError.pathStructureMismatch(index: 0, .move, .line)) {
            try Path.interpolate(from: two, to: Path([.line(.zero), .line(Point(1, 0))]), 0.5)
        }
        #expect(!two.isMorphCompatible(with: Path([.move(.zero), .close])))
    }

    @Test func shapeLayerRejectsAPathAnimationBetweenMismatchedPaths() throws {
        var layer = ShapeLayer()
        layer.path = Self.a
        #expect(throws: AnimationError.pathStructureMismatch(index: 3, .close, .line)) {
            try layer.add(BasicAnimation(.path, to: .path(Path([.move(.zero), .line(Point(1, 0)), .line(Point(2, 2)), .line(Point(3, 3))])),
                                         duration: 1), forKey: "morph", at: 0)
        }
        #expect(layer.animationKeys.isEmpty)
        try layer.add(BasicAnimation(.path, to: .path(Self.b), duration: 2), forKey: "morph", at: 0)
        #expect(layer.presentation(at: 1).path == (try Path.interpolate(from: Self.a, to: Self.b, 0.5)))
    }
}
