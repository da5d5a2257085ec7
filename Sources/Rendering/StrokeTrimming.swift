import Animation
import Foundation

/// The part of `shape.path` that gets stroked: `strokeStart…strokeEnd` of its total arc length,
/// as CAShapeLayer defines it. The single switch point for moving to the engine's
/// `Path.trimmed(from:to:)` once it lands in Animation.
func strokePath(for shape: ShapeContent) -> Path {
    StrokeTrimming.trimmed(shape.path, from: shape.strokeStart, to: shape.strokeEnd)
}

/// Arc-length trimming that keeps curves as curves: cubics are measured with composite
/// Gauss–Legendre quadrature and cut with de Casteljau, so a trimmed ring is as smooth as the
/// untrimmed one (flattening would turn it into a polygon at large radii).
enum StrokeTrimming {
    static func trimmed(_ path: Path, from rawStart: Double, to rawEnd: Double) -> Path {
        // Non-finite fractions come from broken animations; fall back to CAShapeLayer's defaults
        // rather than drawing garbage.
        let start = rawStart.isFinite ? min(max(rawStart, 0), 1) : 0
        let end = rawEnd.isFinite ? min(max(rawEnd, 0), 1) : 1
        if start >= end { return Path() }
        // The untrimmed path keeps its closes, so a full ring gets joins instead of two caps.
        if start == 0 && end == 1 { return path }

        let segments = Segment.list(of: path)
        let total = segments.reduce(0) { $0 + $1.length }
        guard total > 0 else { return Path() }
        return extract(segments, from: start * total, to: end * total)
    }

    private static func extract(_ segments: [Segment], from a: Double, to b: Double) -> Path {
        // Summed lengths carry rounding error; without slack a trim ending exactly on a segment
        // boundary would grow a zero-length tail piece (and a stray cap).
        let slack = (b - a) * 1e-9
        var out = Path()
        var offset = 0.0
        // Whether the last emitted piece ends exactly where the next segment starts.
        var continuing = false
        var pieceStartsSubpath = false

        for (index, segment) in segments.enumerated() {
            let segStart = offset
            let segEnd = offset + segment.length
            offset = segEnd
            let isFirstOfSubpath = index == 0 || segments[index - 1].subpath != segment.subpath
            if isFirstOfSubpath { continuing = false }

            guard segEnd > a + slack, segStart < b - slack else {
                continuing = false
                continue
            }
            let t0 = segStart >= a - slack ? 0 : segment.parameter(atLength: a - segStart)
            let t1 = segEnd <= b + slack ? 1 : segment.parameter(atLength: b - segStart)
            let piece = segment.slice(t0, t1)

            if !continuing {
                out.move(to: piece.p0)
                pieceStartsSubpath = isFirstOfSubpath && t0 == 0
            }
            if segment.isClosing && t1 == 1 && pieceStartsSubpath {
                // The whole closed subpath survived the trim: keep it closed so its seam is a join.
                out.close()
            } else if segment.isLine {
                out.line(to: piece.p3)
            } else {
                out.curve(to: piece.p3, control1: piece.p1, control2: piece.p2)
            }
            continuing = t1 == 1
            if segEnd >= b - slack { break }
        }
        return out
    }
}

/// One drawable piece of a path: a line (stored as a degenerate cubic) or a cubic.
struct Segment {
    var p0: Point, p1: Point, p2: Point, p3: Point
    var isLine: Bool
    /// The implicit line back to the subpath start that `close` draws.
    var isClosing: Bool
    var subpath: Int
    var length: Double
    /// Cumulative lengths at t = k / intervals, for cubics; lets `parameter(atLength:)` start
    /// Newton's method inside the right interval.
    private var table: [Double]

    static let intervals = 8

    init(line from: Point, to: Point, closing: Bool = false, subpath: Int) {
        (p0, p1, p2, p3) = (from, from.lerp(to: to, 1.0 / 3), from.lerp(to: to, 2.0 / 3), to)
        isLine = true
        isClosing = closing
        self.subpath = subpath
        length = from.distance(to: to)
        table = []
    }

    init(cubic p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, subpath: Int) {
        (self.p0, self.p1, self.p2, self.p3) = (p0, p1, p2, p3)
        isLine = false
        isClosing = false
        self.subpath = subpath
        var cumulative = [0.0]
        let n = Segment.intervals
        for k in 0..<n {
            let lo = Double(k) / Double(n), hi = Double(k + 1) / Double(n)
            cumulative.append(cumulative[k] + Segment.gaussLength(p0, p1, p2, p3, lo, hi))
        }
        table = cumulative
        length = cumulative[n]
    }

    /// Flattens a path into segments. Moves only set the pen; closes add the closing line
    /// (even when it has zero length, so that a closed subpath stays recognisable).
    static func list(of path: Path) -> [Segment] {
        var result: [Segment] = []
        var current: Point?
        var subpathStart: Point?
        var subpath = 0
        for element in path.elements {
            switch element {
            case .move(let p):
                if current != nil { subpath += 1 }
                current = p
                subpathStart = p
            case .line(let p):
                if let c = current {
                    result.append(Segment(line: c, to: p, subpath: subpath))
                } else {
                    subpathStart = p
                }
                current = p
            case .cubic(let c1, let c2, let p):
                if let c = current {
                    result.append(Segment(cubic: c, c1, c2, p, subpath: subpath))
                } else {
                    subpathStart = p
                }
                current = p
            case .close:
                if let c = current, let s = subpathStart {
                    result.append(Segment(line: c, to: s, closing: true, subpath: subpath))
                    // Cairo (and CGPath) continue from the subpath start after a close.
                    current = s
                    subpath += 1
                }
            }
        }
        return result.filter { $0.isFinite }
    }

    private var isFinite: Bool {
        [p0, p1, p2, p3].allSatisfy { $0.x.isFinite && $0.y.isFinite }
    }

    /// The parameter t at which the arc length from t = 0 equals `s`.
    func parameter(atLength s: Double) -> Double {
        guard length > 0 else { return 0 }
        if s <= 0 { return 0 }
        if s >= length { return 1 }
        if isLine { return s / length }

        let n = Segment.intervals
        var k = 0
        while k < n - 1 && table[k + 1] < s { k += 1 }
        var lo = Double(k) / Double(n), hi = Double(k + 1) / Double(n)
        let base = table[k], startOfInterval = lo
        // Newton on L(t) − s with L′ = |B′(t)|, falling back to bisection when a step leaves
        // the bracket (near cusps the speed can be almost zero).
        var t = lo + (hi - lo) * (s - base) / max(table[k + 1] - base, .leastNormalMagnitude)
        for _ in 0..<32 {
            let f = base + Segment.gaussLength(p0, p1, p2, p3, startOfInterval, t) - s
            if abs(f) < 1e-9 * max(length, 1) { break }
            if f > 0 { hi = t } else { lo = t }
            let speed = Segment.speed(p0, p1, p2, p3, t)
            var next = speed > 1e-12 ? t - f / speed : .nan
            if !(next > lo && next < hi) { next = (lo + hi) / 2 }
            t = next
        }
        return t
    }

    /// The part of the segment between parameters t0 ≤ t1, as a new segment-shaped value.
    func slice(_ t0: Double, _ t1: Double) -> (p0: Point, p1: Point, p2: Point, p3: Point) {
        if t0 == 0 && t1 == 1 { return (p0, p1, p2, p3) }
        if isLine {
            let a = p0.lerp(to: p3, t0), b = p0.lerp(to: p3, t1)
            return (a, a.lerp(to: b, 1.0 / 3), a.lerp(to: b, 2.0 / 3), b)
        }
        let head = Segment.split(p0, p1, p2, p3, at: t1).left
        guard t1 > 0 else { return (head.0, head.0, head.0, head.0) }
        let tail = Segment.split(head.0, head.1, head.2, head.3, at: t0 / t1).right
        return (tail.0, tail.1, tail.2, tail.3)
    }

    typealias Cubic = (Point, Point, Point, Point)

    /// de Casteljau subdivision at t.
    static func split(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point,
                      at t: Double) -> (left: Cubic, right: Cubic) {
        let a = p0.lerp(to: p1, t), b = p1.lerp(to: p2, t), c = p2.lerp(to: p3, t)
        let d = a.lerp(to: b, t), e = b.lerp(to: c, t)
        let m = d.lerp(to: e, t)
        return ((p0, a, d, m), (m, e, c, p3))
    }

    static func speed(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, _ t: Double) -> Double {
        let u = 1 - t
        let dx = 3 * u * u * (p1.x - p0.x) + 6 * u * t * (p2.x - p1.x) + 3 * t * t * (p3.x - p2.x)
        let dy = 3 * u * u * (p1.y - p0.y) + 6 * u * t * (p2.y - p1.y) + 3 * t * t * (p3.y - p2.y)
        return (dx * dx + dy * dy).squareRoot()
    }

    // 5-point Gauss–Legendre nodes and weights on [−1, 1]; exact for the polynomial part and
    // accurate to ~1e-7 on the short intervals a cubic is cut into.
    private static let nodes: [Double] = [0, -0.5384693101056831, 0.5384693101056831,
                                          -0.9061798459386640, 0.9061798459386640]
    private static let weights: [Double] = [0.5688888888888889, 0.4786286704993665, 0.4786286704993665,
                                            0.2369268850561891, 0.2369268850561891]

    static func gaussLength(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point,
                            _ lo: Double, _ hi: Double) -> Double {
        let half = (hi - lo) / 2, mid = (hi + lo) / 2
        var sum = 0.0
        for i in 0..<5 {
            sum += weights[i] * speed(p0, p1, p2, p3, mid + half * nodes[i])
        }
        return sum * half
    }
}
