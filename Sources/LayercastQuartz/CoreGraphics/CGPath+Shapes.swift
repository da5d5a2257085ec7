import Animation

// The elements of Core Graphics' ready-made shapes, before any transform. Rectangles, ellipses and
// rounded rectangles all run the way angles grow: clockwise on iOS's y-down screen, which Apple's
// y-up wording calls counter-clockwise for rectangles (docs/design/quartz.md §Paths).

extension CGPath {
    /// The handle of a cubic quarter circle of radius 1: 4/3·tan(π/8), the engine's 90° arc piece.
    static let kappa: CGFloat = 4.0 / 3.0 * tan(.pi / 8)

    /// move (minX, minY), lines to (maxX, minY), (maxX, maxY), (minX, maxY), close. The null
    /// rectangle adds nothing.
    static func rectElements(_ rect: CGRect) -> [Element] {
        guard !rect.isNull else { return [] }
        let r = rect.standardized
        return [.move(CGPoint(x: r.minX, y: r.minY)), .line(CGPoint(x: r.maxX, y: r.minY)),
                .line(CGPoint(x: r.maxX, y: r.maxY)), .line(CGPoint(x: r.minX, y: r.maxY)), .close]
    }

    /// Four quarter-ellipse cubics from (maxX, midY) through (midX, maxY), (minX, midY), (midX, minY).
    static func ellipseElements(_ rect: CGRect) -> [Element] {
        guard !rect.isNull else { return [] }
        let r = rect.standardized
        let (cx, cy, rx, ry) = (r.midX, r.midY, r.width / 2, r.height / 2)
        let (kx, ky) = (rx * kappa, ry * kappa)
        func p(_ x: CGFloat, _ y: CGFloat) -> CGPoint { CGPoint(x: cx + x, y: cy + y) }
        return [
            .move(p(rx, 0)),
            .cubic(control1: p(rx, ky), control2: p(kx, ry), end: p(0, ry)),
            .cubic(control1: p(-kx, ry), control2: p(-rx, ky), end: p(-rx, 0)),
            .cubic(control1: p(-rx, -ky), control2: p(-kx, -ry), end: p(0, -ry)),
            .cubic(control1: p(kx, -ry), control2: p(rx, -ky), end: p(rx, 0)),
            .close,
        ]
    }

    /// Starts after the top-left corner at (minX + w, minY) and runs as the rectangle does, each
    /// corner a quarter ellipse of w × h. Corner sizes are clamped to 0…half the side *(ours: Apple
    /// traps instead)*; a zero size gives the plain rectangle.
    static func roundedRectElements(_ rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat) -> [Element] {
        guard !rect.isNull else { return [] }
        let r = rect.standardized
        let w = min(max(cornerWidth, 0), r.width / 2), h = min(max(cornerHeight, 0), r.height / 2)
        guard w > 0, h > 0 else { return rectElements(r) }
        let (kx, ky) = (w * kappa, h * kappa)
        let (x0, y0, x1, y1) = (r.minX, r.minY, r.maxX, r.maxY)
        func p(_ x: CGFloat, _ y: CGFloat) -> CGPoint { CGPoint(x: x, y: y) }
        return [
            .move(p(x0 + w, y0)),
            .line(p(x1 - w, y0)),
            .cubic(control1: p(x1 - w + kx, y0), control2: p(x1, y0 + h - ky), end: p(x1, y0 + h)),
            .line(p(x1, y1 - h)),
            .cubic(control1: p(x1, y1 - h + ky), control2: p(x1 - w + kx, y1), end: p(x1 - w, y1)),
            .line(p(x0 + w, y1)),
            .cubic(control1: p(x0 + w - kx, y1), control2: p(x0, y1 - h + ky), end: p(x0, y1 - h)),
            .line(p(x0, y0 + h)),
            .cubic(control1: p(x0, y0 + h - ky), control2: p(x0 + w - kx, y0), end: p(x0 + w, y0)),
            .close,
        ]
    }

    /// A circular arc as the engine builds it (cubics of at most 90°): the first element is a move
    /// to the arc's start, which the caller turns into a move or a line. `growing` is the engine's
    /// `clockwise`: angles that grow, clockwise on a y-down screen.
    static func arcElements(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat,
                            growing: Bool) -> [Element] {
        elements(of: .arc(center: center.engine, radius: Double(radius), startAngle: Double(startAngle),
                          endAngle: Double(endAngle), clockwise: growing))
    }
}
