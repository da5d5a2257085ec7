import Foundation
@testable import Animation

/// Shared helpers for the AnimationTests suites: tolerances, and an independent arc-length integrator
/// (composite Simpson on the cubic's speed) so that path lengths are checked against code that
/// shares nothing with PathMeasure.
func near(_ a: Double, _ b: Double, _ tolerance: Double) -> Bool { abs(a - b) <= tolerance }

func near(_ a: Point, _ b: Point, _ tolerance: Double) -> Bool { a.distance(to: b) <= tolerance }

extension ShapeLayer {
    /// The presented value of a Double property at `t`.
    func double(_ property: LayerProperty, at t: Double) -> Double {
        presentationValue(property, at: t).doubleValue!
    }

    /// Every stop up to `time`, in the order `nextStop` hands them out.
    mutating func drainStops(upTo time: Double) -> [AnimationStop] {
        var out: [AnimationStop] = []
        while let s = nextStop(upTo: time) { out.append(s) }
        return out
    }
}

/// Independent reference geometry: a drawable piece as four points (lines as degenerate cubics).
struct RefSegment {
    var p0: Point, c1: Point, c2: Point, p3: Point

    func point(_ t: Double) -> Point {
        let mt = 1 - t
        let a = mt * mt * mt, b = 3 * mt * mt * t, c = 3 * mt * t * t, d = t * t * t
        return Point(a * p0.x + b * c1.x + c * c2.x + d * p3.x, a * p0.y + b * c1.y + c * c2.y + d * p3.y)
    }

    func speed(_ t: Double) -> Double {
        let mt = 1 - t
        let dx = 3 * mt * mt * (c1.x - p0.x) + 6 * mt * t * (c2.x - c1.x) + 3 * t * t * (p3.x - c2.x)
        let dy = 3 * mt * mt * (c1.y - p0.y) + 6 * mt * t * (c2.y - c1.y) + 3 * t * t * (p3.y - c2.y)
        return (dx * dx + dy * dy).squareRoot()
    }

    /// Composite Simpson with `n` (even) intervals on [0, t].
    func length(to t: Double = 1, intervals n: Int = 4000) -> Double {
        let h = t / Double(n)
        var s = speed(0) + speed(t)
        for i in 1..<n { s += (i % 2 == 1 ? 4 : 2) * speed(Double(i) * h) }
        return s * h / 3
    }

    /// The parameter where the length from 0 reaches `s`, by bisection on `length(to:)`.
    func parameter(atLength s: Double) -> Double {
        var lo = 0.0, hi = 1.0
        for _ in 0..<60 {
            let mid = (lo + hi) / 2
            if length(to: mid, intervals: 400) < s { lo = mid } else { hi = mid }
        }
        return (lo + hi) / 2
    }
}

/// The drawable pieces of a path, closing lines included, decoded without PathMeasure.
func refSegments(_ path: Path) -> [RefSegment] {
    var out: [RefSegment] = []
    var current = Point.zero, start = Point.zero
    for e in path.elements {
        switch e {
        case .move(let p): current = p; start = p
        case .line(let p):
            out.append(RefSegment(p0: current, c1: current.lerp(to: p, 1.0 / 3), c2: current.lerp(to: p, 2.0 / 3), p3: p))
            current = p
        case .cubic(let c1, let c2, let p):
            out.append(RefSegment(p0: current, c1: c1, c2: c2, p3: p))
            current = p
        case .close:
            if current != start {
                out.append(RefSegment(p0: current, c1: current.lerp(to: start, 1.0 / 3),
                                      c2: current.lerp(to: start, 2.0 / 3), p3: start))
            }
            current = start
        }
    }
    return out
}

func refLength(_ path: Path) -> Double { refSegments(path).reduce(0) { $0 + $1.length() } }

/// The point at arc length `s` from the start of `path`, found independently of PathMeasure.
func refPoint(_ path: Path, atLength s: Double) -> Point {
    var remaining = s
    let segs = refSegments(path)
    for (i, seg) in segs.enumerated() {
        let l = seg.length()
        if remaining <= l || i == segs.count - 1 { return seg.point(seg.parameter(atLength: remaining)) }
        remaining -= l
    }
    return .zero
}

/// The end points of the drawing elements of a path and the starts of its subpaths.
func firstPoint(_ path: Path) -> Point? { path.elements.first?.endPoint }
func lastPoint(_ path: Path) -> Point? { path.elements.last(where: { $0.endPoint != nil })?.endPoint }
func moveCount(_ path: Path) -> Int { path.elements.filter { $0.kind == .move }.count }

/// Same element kinds and every point within `tolerance`.
func near(_ a: Path, _ b: Path, _ tolerance: Double) -> Bool {
    guard a.elements.count == b.elements.count else { return false }
    for (x, y) in zip(a.elements, b.elements) {
        switch (x, y) {
        case (.move(let p), .move(let q)), (.line(let p), .line(let q)):
            if !near(p, q, tolerance) { return false }
        case (.cubic(let p1, let p2, let p3), .cubic(let q1, let q2, let q3)):
            if !(near(p1, q1, tolerance) && near(p2, q2, tolerance) && near(p3, q3, tolerance)) { return false }
        case (.close, .close): continue
        default: return false
        }
    }
    return true
}
