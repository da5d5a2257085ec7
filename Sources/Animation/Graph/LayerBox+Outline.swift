#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

extension LayerBox {
    /// The rounded bounds that the background fills, `masksToBounds` clips to and the border
    /// follows: `radius` on the masked corners. Circular corners are capped at half the shorter
    /// side, so a large radius makes a capsule; continuous ones as `Path.continuousRoundedRect`
    /// caps them (docs/design/quartz.md §Box). Clockwise on screen from the top-left corner.
    public func outline(of rect: Rect, radius: Double? = nil) -> Path {
        if cornerCurve == .continuous {
            return Path.continuousRoundedRect(rect.standardized, corners: maskedCorners, radius: radius ?? cornerRadius)
        }
        let r = max(0, min(radius ?? cornerRadius, rect.width / 2, rect.height / 2))
        guard r > 0, r.isFinite, !maskedCorners.isEmpty else { return .rect(rect) }
        func corner(_ c: Corners) -> Double { maskedCorners.contains(c) ? r : 0 }
        let (tl, tr, br, bl) = (corner(.minXMinY), corner(.maxXMinY), corner(.maxXMaxY), corner(.minXMaxY))
        var p = Path()
        p.move(to: Point(rect.minX + tl, rect.minY))
        p.line(to: Point(rect.maxX - tr, rect.minY))
        if tr > 0 { p.addArc(center: Point(rect.maxX - tr, rect.minY + tr), radius: tr, startAngle: -.pi / 2, endAngle: 0, clockwise: true) }
        p.line(to: Point(rect.maxX, rect.maxY - br))
        if br > 0 { p.addArc(center: Point(rect.maxX - br, rect.maxY - br), radius: br, startAngle: 0, endAngle: .pi / 2, clockwise: true) }
        p.line(to: Point(rect.minX + bl, rect.maxY))
        if bl > 0 { p.addArc(center: Point(rect.minX + bl, rect.maxY - bl), radius: bl, startAngle: .pi / 2, endAngle: .pi, clockwise: true) }
        p.line(to: Point(rect.minX, rect.minY + tl))
        if tl > 0 { p.addArc(center: Point(rect.minX + tl, rect.minY + tl), radius: tl, startAngle: .pi, endAngle: 1.5 * .pi, clockwise: true) }
        p.close()
        return p
    }

    /// The border as a ring to fill even-odd: the outline, and inside it the outline inset by the
    /// border's width with the radius less that width.
    public func borderRing(of rect: Rect) -> Path? {
        let w = borderWidth
        guard w > 0, w.isFinite, let color = borderColor, color.alpha > 0 else { return nil }
        var ring = outline(of: rect)
        let inner = Rect(x: rect.minX + w, y: rect.minY + w, width: rect.width - 2 * w, height: rect.height - 2 * w)
        if inner.width > 0, inner.height > 0 {
            ring.elements += outline(of: inner, radius: max(cornerRadius - w, 0)).elements
        }
        return ring
    }
}
