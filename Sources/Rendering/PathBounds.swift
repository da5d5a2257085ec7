import Animation

/// The tight bounding box of the drawn curve (CGPath's `boundingBoxOfPath`), not of the
/// control points: handles can reach far outside a shape. Nil for a path without points.
func tightBounds(of path: Path) -> Rect? {
    var xs: [Double] = []
    var ys: [Double] = []
    var current: Point?
    var subpathStart: Point?
    for element in path.elements {
        switch element {
        case .move(let p):
            (current, subpathStart) = (p, p)
            xs.append(p.x); ys.append(p.y)
        case .line(let p):
            current = p
            xs.append(p.x); ys.append(p.y)
        case .cubic(let c1, let c2, let p):
            let p0 = current ?? c1
            xs.append(p.x); ys.append(p.y)
            for t in extremaParameters(p0.x, c1.x, c2.x, p.x) + extremaParameters(p0.y, c1.y, c2.y, p.y) {
                let q = cubicPoint(p0, c1, c2, p, at: t)
                xs.append(q.x); ys.append(q.y)
            }
            current = p
        case .close:
            current = subpathStart
        }
    }
    guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max(),
          [minX, maxX, minY, maxY].allSatisfy(\.isFinite) else { return nil }
    return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
}

/// Parameters in (0, 1) where one coordinate of a cubic has a zero derivative.
private func extremaParameters(_ p0: Double, _ p1: Double, _ p2: Double, _ p3: Double) -> [Double] {
    // B′(t)/3 = a·t² + b·t + c
    let a = -p0 + 3 * p1 - 3 * p2 + p3
    let b = 2 * (p0 - 2 * p1 + p2)
    let c = p1 - p0
    var roots: [Double] = []
    if abs(a) < 1e-12 {
        if abs(b) > 1e-12 { roots.append(-c / b) }
    } else {
        let disc = b * b - 4 * a * c
        if disc >= 0 {
            let s = disc.squareRoot()
            roots += [(-b + s) / (2 * a), (-b - s) / (2 * a)]
        }
    }
    return roots.filter { $0 > 0 && $0 < 1 }
}

private func cubicPoint(_ p0: Point, _ c1: Point, _ c2: Point, _ p3: Point, at t: Double) -> Point {
    let mt = 1 - t
    let a = mt * mt * mt, b = 3 * mt * mt * t, c = 3 * mt * t * t, d = t * t * t
    return Point(a * p0.x + b * c1.x + c * c2.x + d * p3.x, a * p0.y + b * c1.y + c * c2.y + d * p3.y)
}
