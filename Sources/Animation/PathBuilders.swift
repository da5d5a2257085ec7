#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

extension Path {
    /// Appends a circular arc as cubics of at most 90° each, with handle length
    /// h = 4/3·tan(θ/4)·r (cairo-arc.c's construction). `clockwise` means growing angles, which is
    /// clockwise on screen in y-down coordinates, as UIBezierPath means it. Starts a new subpath
    /// with a move when the path is empty, otherwise joins with a line, as Core Graphics does.
    public mutating func addArc(center: Point, radius: Double, startAngle: Double, endAngle: Double,
                                clockwise: Bool) {
        var sweep = endAngle - startAngle
        if clockwise {
            while sweep < 0 { sweep += 2 * .pi }
        } else {
            while sweep > 0 { sweep -= 2 * .pi }
        }
        let start = Point(center.x + radius * cos(startAngle), center.y + radius * sin(startAngle))
        if let last = elements.last, last != .close {
            if last.endPoint.map({ $0.distance(to: start) > 1e-12 }) ?? true { line(to: start) }
        } else {
            move(to: start)
        }
        guard abs(sweep) > 0 else { return }
        let pieces = max(1, Int((abs(sweep) / (.pi / 2) - 1e-9).rounded(.up)))
        let theta = sweep / Double(pieces)
        let h = 4.0 / 3.0 * tan(theta / 4) * radius
        var a0 = startAngle
        for _ in 0..<pieces {
            let a1 = a0 + theta
            let p0 = Point(center.x + radius * cos(a0), center.y + radius * sin(a0))
            let p1 = Point(center.x + radius * cos(a1), center.y + radius * sin(a1))
            let c1 = Point(p0.x - h * sin(a0), p0.y + h * cos(a0))
            let c2 = Point(p1.x + h * sin(a1), p1.y - h * cos(a1))
            elements.append(.cubic(c1, c2, p1))
            a0 = a1
        }
    }

    /// UIBezierPath(arcCenter:radius:startAngle:endAngle:clockwise:): an open arc.
    public static func arc(center: Point, radius: Double, startAngle: Double, endAngle: Double,
                           clockwise: Bool) -> Path {
        var p = Path()
        p.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
        return p
    }

    /// A full circle as one open arc starting at `startAngle`, so that strokeStart 0 sits there.
    public static func circle(center: Point, radius: Double, startAngle: Double = 0, clockwise: Bool = true) -> Path {
        arc(center: center, radius: radius, startAngle: startAngle,
            endAngle: startAngle + (clockwise ? 2 : -2) * .pi, clockwise: clockwise)
    }

    /// A closed ellipse inscribed in `rect`, clockwise from 3 o'clock, like CGPath's addEllipse(in:).
    public static func ellipse(in rect: Rect) -> Path {
        let r = min(rect.width, rect.height) / 2
        let scale = AffineTransform.translation(rect.center.x, rect.center.y)
            .concatenating(.scale(rect.width / 2 / r, rect.height / 2 / r))
        var p = circle(center: .zero, radius: r).applying(scale)
        p.close()
        return p
    }

    /// A rectangle, clockwise on screen from its top-left corner.
    public static func rect(_ rect: Rect) -> Path {
        var p = Path()
        p.move(to: Point(rect.minX, rect.minY))
        p.line(to: Point(rect.maxX, rect.minY))
        p.line(to: Point(rect.maxX, rect.maxY))
        p.line(to: Point(rect.minX, rect.maxY))
        p.close()
        return p
    }
}

/// The arc that rounds one corner of a polygon: tangent to both edges, inside the polygon.
public struct RoundedCorner: Sendable {
    public let center: Point
    /// Angle from the centre to the tangent point on the incoming edge.
    public let startAngle: Double
    /// Angle from the centre to the tangent point on the outgoing edge.
    public let endAngle: Double

    public init(previous: Point, vertex: Point, next: Point, radius: Double) {
        let u = Self.unit(previous - vertex), w = Self.unit(next - vertex)
        let half = acos(max(-1, min(1, u.x * w.x + u.y * w.y))) / 2
        let bisector = Self.unit(u + w)
        let distance = radius / sin(half)
        center = vertex + bisector * distance
        let tangentIn = vertex + u * (radius / tan(half))
        let tangentOut = vertex + w * (radius / tan(half))
        startAngle = atan2(tangentIn.y - center.y, tangentIn.x - center.x)
        var end = atan2(tangentOut.y - center.y, tangentOut.x - center.x)
        // Keep the short way round (the corner's turn is less than 180°) in either direction.
        while end - startAngle > .pi { end -= 2 * .pi }
        while end - startAngle < -.pi { end += 2 * .pi }
        endAngle = end
    }

    static func unit(_ p: Point) -> Point {
        let l = hypot(p.x, p.y)
        return l > 0 ? Point(p.x / l, p.y / l) : .zero
    }
}
