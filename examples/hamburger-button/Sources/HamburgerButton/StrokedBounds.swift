import LayercastKit

extension Path {
    /// The tight bounding box of the path itself (CGPathGetPathBoundingBox): every end point, and each
    /// cubic's extremes where its derivative vanishes, not its control points. nil for an empty path.
    var tightBounds: Rect? {
        var xs: [Double] = [], ys: [Double] = []
        var current: Point?
        var subpathStart: Point?
        for element in elements {
            switch element {
            case .move(let p):
                current = p
                subpathStart = p
            case .line(let p):
                if let c = current { xs.append(c.x); ys.append(c.y) }
                xs.append(p.x); ys.append(p.y)
                current = p
            case .cubic(let c1, let c2, let p):
                let p0 = current ?? c1
                xs.append(p0.x); ys.append(p0.y); xs.append(p.x); ys.append(p.y)
                for t in Self.extremeParameters(p0.x, c1.x, c2.x, p.x) { xs.append(Self.cubic(p0.x, c1.x, c2.x, p.x, t)) }
                for t in Self.extremeParameters(p0.y, c1.y, c2.y, p.y) { ys.append(Self.cubic(p0.y, c1.y, c2.y, p.y, t)) }
                current = p
            case .close:
                current = subpathStart
            }
        }
        guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max() else { return nil }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// The bounding box of the path stroked `lineWidth` wide with round caps: the tight bounds grown by
    /// half the width on every side. With round caps the stroke is the set of points within w/2 of the
    /// path, so this is exact where joins are smooth (as in all three hamburger paths, whose segments
    /// meet tangentially) or round; a sharp miter join could reach further and is not accounted for.
    func strokedBounds(lineWidth: Double) -> Rect? {
        guard let b = tightBounds else { return nil }
        let h = lineWidth / 2
        return Rect(x: b.minX - h, y: b.minY - h, width: b.width + lineWidth, height: b.height + lineWidth)
    }

    private static func cubic(_ a: Double, _ b: Double, _ c: Double, _ d: Double, _ t: Double) -> Double {
        let u = 1 - t
        return u * u * u * a + 3 * u * u * t * b + 3 * u * t * t * c + t * t * t * d
    }

    /// The parameters in (0, 1) where one coordinate of a cubic Bézier has a zero derivative: the roots
    /// of (3(−a + 3b − 3c + d)) t² + (6(a − 2b + c)) t + 3(b − a).
    private static func extremeParameters(_ a: Double, _ b: Double, _ c: Double, _ d: Double) -> [Double] {
        let qa = -a + 3 * b - 3 * c + d, qb = 2 * (a - 2 * b + c), qc = b - a
        var roots: [Double] = []
        if abs(qa) < 1e-12 {
            if abs(qb) > 1e-12 { roots.append(-qc / qb) }
        } else {
            let disc = qb * qb - 4 * qa * qc
            if disc >= 0 {
                let s = disc.squareRoot()
                roots.append((-qb + s) / (2 * qa))
                roots.append((-qb - s) / (2 * qa))
            }
        }
        return roots.filter { $0 > 0 && $0 < 1 }
    }
}
