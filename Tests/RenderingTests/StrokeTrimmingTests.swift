import Animation
import Foundation
import Testing
@testable import Rendering

@Suite struct StrokeTrimmingTests {
    func trim(_ path: Path, _ start: Double, _ end: Double) -> Path {
        strokePath(for: ShapeContent(path: path, strokeStart: start, strokeEnd: end))
    }

    /// Same element kinds, points within 1e-9.
    func same(_ a: Path, _ b: Path) -> Bool {
        a.elements.count == b.elements.count && zip(a.elements, b.elements).allSatisfy { x, y in
            x.kind == y.kind && (x.endPoint == nil || close(x.endPoint, y.endPoint ?? Point(.nan, .nan), tolerance: 1e-9))
        }
    }

    func close(_ a: Point?, _ b: Point, tolerance: Double = 1e-6) -> Bool {
        guard let a else { return false }
        return a.distance(to: b) <= tolerance
    }

    @Test func emptyWhenStartReachesEnd() {
        let line = Path([.move(Point(0, 0)), .line(Point(100, 0))])
        #expect(trim(line, 0.5, 0.5).isEmpty)
        #expect(trim(line, 0.7, 0.2).isEmpty)
        #expect(trim(line, 1.5, 2).isEmpty)
    }

    @Test func fullRangeKeepsTheClosedPath() {
        let circle = Scenes.circle(center: Point(50, 50), radius: 30)
        #expect(trim(circle, 0, 1) == circle)
        #expect(trim(circle, -1, 3) == circle)
        #expect(trim(circle, .nan, .infinity) == circle)
    }

    @Test func trimsALineLinearly() {
        let line = Path([.move(Point(0, 0)), .line(Point(100, 0))])
        #expect(same(trim(line, 0.25, 0.5), Path([.move(Point(25, 0)), .line(Point(50, 0))])))
    }

    @Test func spansSeveralSegments() {
        let corner = Path([.move(Point(0, 0)), .line(Point(100, 0)), .line(Point(100, 100))])
        #expect(same(trim(corner, 0.25, 0.75), Path([.move(Point(50, 0)), .line(Point(100, 0)), .line(Point(100, 50))])))
    }

    @Test func includesTheClosingSegment() {
        let square = Scenes.rect(0, 0, 100, 100)
        let tail = trim(square, 0.75, 1)
        #expect(tail.elements.count == 2)
        #expect(close(tail.elements.first?.endPoint, Point(0, 100)))
        #expect(close(tail.elements.last?.endPoint, Point(0, 0)))
        // A partial trim is open: no close element.
        #expect(!tail.elements.contains(.close))
    }

    @Test func measuresCubicsByArcLength() {
        let c = Point(50, 50)
        let circle = Scenes.circle(center: c, radius: 30)
        // Four kappa arcs: within 1e-3 of 2π·r.
        #expect(abs(circle.length - 2 * .pi * 30) / (2 * .pi * 30) < 1e-3)

        // By symmetry the half-length point of a quarter arc is its t = 0.5 point at 45°.
        let eighth = trim(circle, 0, 0.125)
        #expect(close(eighth.elements.last?.endPoint, Scenes.point(c, 30, .pi / 4), tolerance: 0.01))

        let second = trim(circle, 0.25, 0.5)
        #expect(close(second.elements.first?.endPoint, Point(50, 80)))
        #expect(close(second.elements.last?.endPoint, Point(20, 50)))
        #expect(second.elements.count == 2)
        // The handles of the untouched quarter survive exactly.
        #expect(second.elements[1] == Scenes.quarterArc(center: c, radius: 30, quadrant: 1))
    }

    @Test func cutsAnUnevenCubicByArcLength() {
        let cubic = Path([.move(Point(0, 0)), .cubic(Point(5, 80), Point(10, 80), Point(200, 0))])
        let total = cubic.length
        for fraction in [0.1, 0.33, 0.5, 0.9] {
            let head = trim(cubic, 0, fraction)
            #expect(abs(head.length - fraction * total) < 1e-6 * total, "fraction \(fraction)")
            let tail = trim(cubic, fraction, 1)
            #expect(close(head.elements.last?.endPoint, tail.elements.first?.endPoint ?? Point(.nan, .nan), tolerance: 1e-9))
        }
    }

    @Test func aWhollyKeptClosedSubpathStaysClosed() {
        var squares = Scenes.rect(0, 0, 100, 100)
        squares.elements += Scenes.rect(200, 0, 100, 100).elements
        let first = trim(squares, 0, 0.5)
        #expect(first.elements.map(\.kind) == [.move, .line, .line, .line, .close])
        let second = trim(squares, 0.5, 1)
        #expect(second.elements.map(\.kind) == [.move, .line, .line, .line, .close])
        #expect(close(second.elements.first?.endPoint, Point(200, 0)))
    }

    @Test func subpathsAreTrimmedAcrossTheirSummedLength() {
        var two = Path([.move(Point(0, 0)), .line(Point(100, 0))])
        two.elements += [.move(Point(0, 50)), .line(Point(100, 50))]
        let trimmed = trim(two, 0.25, 0.75)
        #expect(same(trimmed, Path([.move(Point(50, 0)), .line(Point(100, 0)), .move(Point(0, 50)), .line(Point(50, 50))])))
    }
}

@Suite struct PathBoundsTests {
    @Test func boundsFollowTheCurveNotItsHandles() throws {
        let arch = Path([.move(Point(0, 0)), .cubic(Point(0, 100), Point(100, 100), Point(100, 0))])
        let box = try #require(tightBounds(of: arch))
        #expect(box.minX == 0 && box.maxX == 100 && box.minY == 0)
        #expect(abs(box.maxY - 75) < 1e-9)

        let circle = try #require(tightBounds(of: Scenes.circle(center: Point(50, 50), radius: 30)))
        #expect(abs(circle.minX - 20) < 1e-9 && abs(circle.maxY - 80) < 1e-9)
        #expect(tightBounds(of: Path()) == nil)
    }
}
