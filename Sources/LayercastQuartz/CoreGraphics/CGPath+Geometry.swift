import Foundation

extension CGPath {
    /// The smallest rectangle holding every point of every element, control points included;
    /// the null rectangle for an empty path.
    public var boundingBox: CGRect {
        CGPath.box(around: elements.flatMap(\.points))
    }

    /// The smallest rectangle holding the path as drawn: end points and the curves' extremes, not
    /// their control points; the null rectangle for an empty path.
    public var boundingBoxOfPath: CGRect {
        var points: [CGPoint] = []
        forEachSegment(closingSubpaths: false, moves: { points.append($0) }) { s in
            points.append(s.p3)
            for t in s.extremes(\.x) + s.extremes(\.y) { points.append(s.point(at: t)) }
        }
        return CGPath.box(around: points)
    }

    /// Whether filling the path would paint `point` (after `transform` is applied to it). Open
    /// subpaths count as closed, as filling closes them.
    public func contains(_ point: CGPoint, using rule: CGPathFillRule = .winding,
                         transform: CGAffineTransform = .identity) -> Bool {
        let p = point.applying(transform)
        var winding = 0
        forEachSegment(closingSubpaths: true) { winding += $0.winding(around: p) }
        switch rule {
        case .winding: return winding != 0
        case .evenOdd: return winding % 2 != 0
        }
    }

    /// Whether the path is one axis-aligned rectangle: a move, three lines turning by right angles,
    /// an optional line back to the start, and a close *(ours: Apple does not say what it accepts)*.
    /// Writes the rectangle, standardised, when `rect` is not nil.
    public func isRect(_ rect: UnsafeMutablePointer<CGRect>?) -> Bool {
        var e = elements
        guard e.count == 5 || e.count == 6, e.last == .close, case .move(let p0) = e[0] else { return false }
        e.removeLast()
        var corners = [p0]
        for element in e.dropFirst() {
            guard case .line(let p) = element else { return false }
            corners.append(p)
        }
        if corners.count == 5 {
            guard corners[4] == p0 else { return false }
            corners.removeLast()
        }
        // Edges alternate horizontal and vertical, either one first, and none is a point.
        let horizontalFirst = corners[0].y == corners[1].y
        for i in 0..<4 {
            let a = corners[i], b = corners[(i + 1) % 4]
            let horizontal = (i % 2 == 0) == horizontalFirst
            guard horizontal ? (a.y == b.y && a.x != b.x) : (a.x == b.x && a.y != b.y) else { return false }
        }
        rect?.pointee = CGPath.box(around: corners)
        return true
    }
}

extension CGPath {
    /// A drawn piece with its start made explicit; a line keeps its ends as its controls.
    struct Segment {
        var p0: CGPoint, c1: CGPoint, c2: CGPoint, p3: CGPoint
        var isLine: Bool

        func point(at t: CGFloat) -> CGPoint {
            if isLine { return CGPoint(x: p0.x + (p3.x - p0.x) * t, y: p0.y + (p3.y - p0.y) * t) }
            let mt = 1 - t
            let a = mt * mt * mt, b = 3 * mt * mt * t, c = 3 * mt * t * t, d = t * t * t
            return CGPoint(x: a * p0.x + b * c1.x + c * c2.x + d * p3.x,
                           y: a * p0.y + b * c1.y + c * c2.y + d * p3.y)
        }

        /// Parameters in (0, 1) where the coordinate turns back: roots of the derivative,
        /// (1−t)²·d0 + 2(1−t)t·d1 + t²·d2 = d0 + 2t(d1 − d0) + t²(d0 − 2d1 + d2).
        func extremes(_ axis: KeyPath<CGPoint, CGFloat>) -> [CGFloat] {
            if isLine { return [] }
            let d0 = c1[keyPath: axis] - p0[keyPath: axis]
            let d1 = c2[keyPath: axis] - c1[keyPath: axis]
            let d2 = p3[keyPath: axis] - c2[keyPath: axis]
            let a = d0 - 2 * d1 + d2, b = 2 * (d1 - d0), c = d0
            var roots: [CGFloat] = []
            let scale = max(abs(a), abs(b), abs(c))
            guard scale > 0 else { return [] }
            if abs(a) <= 1e-12 * scale {
                if b != 0 { roots = [-c / b] }
            } else {
                let disc = b * b - 4 * a * c
                if disc >= 0 {
                    let s = disc.squareRoot()
                    roots = [(-b - s) / (2 * a), (-b + s) / (2 * a)]
                }
            }
            return roots.filter { $0 > 0 && $0 < 1 }.sorted()
        }

        /// The signed count of crossings of the ray from `p` toward +x: +1 where the segment goes
        /// down (y grows), −1 where it goes up. Each piece between y-extremes is monotone and
        /// counts y in [low, high), so a shared end is counted once and a tangent peak not at all.
        func winding(around p: CGPoint) -> Int {
            let ts = [0] + extremes(\.y) + [1]
            var w = 0
            for (ta, tb) in zip(ts, ts.dropFirst()) {
                let ya = point(at: ta).y, yb = point(at: tb).y
                guard ya != yb, min(ya, yb) <= p.y, p.y < max(ya, yb) else { continue }
                // Bisection on the monotone piece: y(lo) is on ya's side of p.y.
                var lo = ta, hi = tb
                for _ in 0..<64 {
                    let mid = (lo + hi) / 2
                    if (point(at: mid).y < p.y) == (ya < p.y) { lo = mid } else { hi = mid }
                    if hi - lo <= .ulpOfOne { break }
                }
                if point(at: (lo + hi) / 2).x > p.x { w += yb > ya ? 1 : -1 }
            }
            return w
        }
    }

    /// Calls `body` for every drawn piece, quads raised to cubics. With `closingSubpaths`, each
    /// subpath also gets its closing line back to its start, whether it was closed or not.
    func forEachSegment(closingSubpaths: Bool, moves: (CGPoint) -> Void = { _ in }, _ body: (Segment) -> Void) {
        var start = CGPoint.zero, current = CGPoint.zero
        var open = false
        func closeLine() {
            if open && closingSubpaths && current != start {
                body(Segment(p0: current, c1: current, c2: start, p3: start, isLine: true))
            }
            open = false
        }
        for e in elements {
            switch e {
            case .move(let p):
                closeLine()
                moves(p)
                start = p; current = p
            case .line(let p):
                body(Segment(p0: current, c1: current, c2: p, p3: p, isLine: true))
                current = p; open = true
            case .quad(let q, let p):
                let (c1, c2) = CGPath.elevate(from: current, control: q, to: p)
                body(Segment(p0: current, c1: c1, c2: c2, p3: p, isLine: false))
                current = p; open = true
            case .cubic(let c1, let c2, let p):
                body(Segment(p0: current, c1: c1, c2: c2, p3: p, isLine: false))
                current = p; open = true
            case .close:
                closeLine()
                current = start
            }
        }
        closeLine()
    }

    static func box(around points: [CGPoint]) -> CGRect {
        guard let first = points.first else { return .null }
        var (minX, minY, maxX, maxY) = (first.x, first.y, first.x, first.y)
        for p in points.dropFirst() {
            minX = min(minX, p.x); maxX = max(maxX, p.x)
            minY = min(minY, p.y); maxY = max(maxY, p.y)
        }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
