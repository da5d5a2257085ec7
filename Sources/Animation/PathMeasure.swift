#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// Arc lengths along a path, for trimming by strokeStart/strokeEnd (fractions of the length).
/// Closing segments count, so a closed path's trim runs all the way round.
public struct PathMeasure: Sendable {
    /// A drawable piece: a line or cubic, with its start point made explicit.
    struct Segment: Sendable {
        var p0: Point, c1: Point, c2: Point, p3: Point
        var isLine: Bool
        /// The index of the subpath it belongs to; a trim starts a new subpath when this changes.
        var subpath: Int
        var length: Double
        /// The first segment of its subpath.
        var opensSubpath = false
        /// The last segment of a closed subpath (the closing line, or the segment before a
        /// zero-length close), so a wholly kept subpath can be closed again, with a join, not caps.
        var closesSubpath = false
        /// The implicit line that `close` draws.
        var isClosingLine = false

        func point(at t: Double) -> Point {
            if isLine { return p0.lerp(to: p3, t) }
            let mt = 1 - t
            let a = mt * mt * mt, b = 3 * mt * mt * t, c = 3 * mt * t * t, d = t * t * t
            return Point(a * p0.x + b * c1.x + c * c2.x + d * p3.x, a * p0.y + b * c1.y + c * c2.y + d * p3.y)
        }

        func speed(at t: Double) -> Double {
            if isLine { return p0.distance(to: p3) }
            let mt = 1 - t
            let dx = 3 * mt * mt * (c1.x - p0.x) + 6 * mt * t * (c2.x - c1.x) + 3 * t * t * (p3.x - c2.x)
            let dy = 3 * mt * mt * (c1.y - p0.y) + 6 * mt * t * (c2.y - c1.y) + 3 * t * t * (p3.y - c2.y)
            return hypot(dx, dy)
        }

        /// Arc length from parameter 0 to t.
        func length(to t: Double) -> Double {
            if isLine { return p0.distance(to: p3) * t }
            return Self.integrate(self, 0, t, depth: 0)
        }

        /// The parameter at which the arc length from the start equals `s`.
        func parameter(atLength s: Double) -> Double {
            if s <= 0 { return 0 }
            if s >= length { return 1 }
            if isLine { return s / length }
            var lo = 0.0, hi = 1.0, t = s / length
            for _ in 0..<50 {
                let err = length(to: t) - s
                if abs(err) < 1e-13 { return t }
                if err > 0 { hi = t } else { lo = t }
                let v = speed(at: t)
                var next = v > 1e-12 ? t - err / v : (lo + hi) / 2
                if next <= lo || next >= hi { next = (lo + hi) / 2 }
                t = next
            }
            return t
        }

        /// The piece between parameters t0 < t1, still a line or a cubic (de Casteljau).
        func slice(_ t0: Double, _ t1: Double) -> Segment {
            if isLine {
                let a = point(at: t0), b = point(at: t1)
                return Segment(p0: a, c1: a, c2: b, p3: b, isLine: true, subpath: subpath, length: a.distance(to: b))
            }
            let right = split(at: t0).1
            let u = t0 < 1 ? (t1 - t0) / (1 - t0) : 0
            var piece = right.split(at: u).0
            piece.length = piece.length(to: 1)
            return piece
        }

        private func split(at t: Double) -> (Segment, Segment) {
            let p01 = p0.lerp(to: c1, t), p12 = c1.lerp(to: c2, t), p23 = c2.lerp(to: p3, t)
            let a = p01.lerp(to: p12, t), b = p12.lerp(to: p23, t)
            let m = a.lerp(to: b, t)
            return (Segment(p0: p0, c1: p01, c2: a, p3: m, isLine: false, subpath: subpath, length: 0),
                    Segment(p0: m, c1: b, c2: p23, p3: p3, isLine: false, subpath: subpath, length: 0))
        }

        // 8-point Gauss–Legendre nodes and weights on [-1, 1].
        private static let nodes: [Double] = [-0.9602898564975363, -0.7966664774136267, -0.5255324099163290,
                                               -0.1834346424956498, 0.1834346424956498, 0.5255324099163290,
                                               0.7966664774136267, 0.9602898564975363]
        private static let weights: [Double] = [0.1012285362903763, 0.2223810344533745, 0.3137066458778873,
                                                 0.3626837833783620, 0.3626837833783620, 0.3137066458778873,
                                                 0.2223810344533745, 0.1012285362903763]

        private static func gauss(_ s: Segment, _ a: Double, _ b: Double) -> Double {
            let half = (b - a) / 2, mid = (a + b) / 2
            var sum = 0.0
            for i in 0..<8 { sum += weights[i] * s.speed(at: mid + half * nodes[i]) }
            return sum * half
        }

        /// Adaptive: split until the halves agree with the whole, so lengths are good to ~1e-12.
        private static func integrate(_ s: Segment, _ a: Double, _ b: Double, depth: Int) -> Double {
            let whole = gauss(s, a, b)
            let mid = (a + b) / 2
            let halves = gauss(s, a, mid) + gauss(s, mid, b)
            if depth >= 12 || abs(whole - halves) <= 1e-13 * max(1, abs(halves)) { return halves }
            return integrate(s, a, mid, depth: depth + 1) + integrate(s, mid, b, depth: depth + 1)
        }
    }

    let segments: [Segment]
    public let length: Double

    public init(_ path: Path) {
        var segs: [Segment] = []
        var current = Point.zero, start = Point.zero
        var subpath = -1
        for e in path.elements {
            switch e {
            case .move(let p):
                current = p; start = p; subpath += 1
            case .line(let p):
                if subpath < 0 { subpath = 0 }
                var s = Segment(p0: current, c1: current, c2: p, p3: p, isLine: true, subpath: subpath, length: 0)
                s.length = current.distance(to: p)
                segs.append(s)
                current = p
            case .cubic(let c1, let c2, let p):
                if subpath < 0 { subpath = 0 }
                var s = Segment(p0: current, c1: c1, c2: c2, p3: p, isLine: false, subpath: subpath, length: 0)
                s.length = s.length(to: 1)
                segs.append(s)
                current = p
            case .close:
                if current != start {
                    var line = Segment(p0: current, c1: current, c2: start, p3: start, isLine: true,
                                       subpath: subpath, length: current.distance(to: start))
                    line.isClosingLine = true
                    segs.append(line)
                }
                if let last = segs.indices.last, segs[last].subpath == subpath { segs[last].closesSubpath = true }
                current = start
                // Whatever follows a close without a move starts a new subpath at the same point.
                subpath += 1
            }
        }
        for i in segs.indices where i == 0 || segs[i - 1].subpath != segs[i].subpath {
            segs[i].opensSubpath = true
        }
        segments = segs
        length = segs.reduce(0) { $0 + $1.length }
    }

    /// The part of the path between arc lengths `from` < `to`, as a new open path.
    func extract(from: Double, to: Double) -> [PathElement] {
        guard to > from else { return [] }
        var out: [PathElement] = []
        var offset = 0.0
        var lastSubpath = -1
        var pen: Point?
        // True while the current run has kept its subpath whole from the subpath's first point.
        var whole = false
        for s in segments {
            let s0 = offset, s1 = offset + s.length
            offset = s1
            guard s1 > from, s0 < to, s.length > 0 else { continue }
            let t0 = s.parameter(atLength: max(from - s0, 0))
            let t1 = s.parameter(atLength: min(to - s0, s.length))
            let isWhole = t0 <= 0 && t1 >= 1
            let piece = isWhole ? s : s.slice(t0, t1)
            if s.subpath != lastSubpath || pen.map({ $0.distance(to: piece.p0) > 1e-9 }) ?? true {
                out.append(.move(piece.p0))
                lastSubpath = s.subpath
                whole = s.opensSubpath && t0 <= 0
            }
            whole = whole && isWhole
            if whole && s.closesSubpath {
                if !s.isClosingLine { out.append(piece.isLine ? .line(piece.p3) : .cubic(piece.c1, piece.c2, piece.p3)) }
                out.append(.close)
            } else {
                out.append(piece.isLine ? .line(piece.p3) : .cubic(piece.c1, piece.c2, piece.p3))
            }
            pen = piece.p3
        }
        return out
    }
}

extension Path {
    /// The arc length of the whole path, closing segments included.
    public var length: Double { PathMeasure(self).length }

    /// CAShapeLayer's stroke trim: the part between fractions `start` and `end` of the length.
    /// Both are clamped to [0, 1]; start ≥ end draws nothing; (0, 1) is the path itself, still closed.
    /// Curves stay curves: cut pieces are exact de Casteljau splits at the arc-length parameter.
    public func trimmed(from start: Double, to end: Double) -> Path {
        // NaN is treated as the default (0 and 1): a bad value never hides or breaks a stroke.
        let s = start.isNaN ? 0 : min(max(start, 0), 1)
        let e = end.isNaN ? 1 : min(max(end, 0), 1)
        if s <= 0 && e >= 1 { return self }
        guard e > s else { return Path() }
        let m = PathMeasure(self)
        return Path(m.extract(from: s * m.length, to: e * m.length))
    }

    /// Lottie's trim with an offset (in fractions of a turn): the window [start, end] shifted by
    /// `offset` wraps past the end of the path back to its start (lottie-android's rule). As there,
    /// start and end are taken in either order, and (1, 0) leaves the path unchanged.
    public func trimmed(from start: Double, to end: Double, offset: Double) -> Path {
        let m = PathMeasure(self)
        let total = m.length
        guard total > 0 else { return Path() }
        if start == 1 && end == 0 { return self }
        if abs(end - start - 1) < 1e-12 { return self }
        var a = total * min(start, end) + total * offset
        var b = total * max(start, end) + total * offset
        func floorMod(_ x: Double) -> Double { x - floor(x / total) * total }
        if a >= total && b >= total { a = floorMod(a); b = floorMod(b) }
        if a < 0 { a = floorMod(a) }
        if b < 0 { b = floorMod(b) }
        if a == b { return Path() }
        if a >= b { a -= total }
        var elements = m.extract(from: max(a, 0), to: min(b, total))
        if b > total {
            elements += m.extract(from: 0, to: b - total)
        } else if a < 0 {
            elements = m.extract(from: total + a, to: total) + elements
        }
        return Path(elements)
    }
}
