import Animation
import Foundation

/// A path that grows: Core Graphics' builders, each taking a transform applied to what it adds
/// (not to what is already there). Angles are measured from +x toward +y, in y-down layer space
/// (docs/design/quartz.md §Paths). Sendable as `CGPath` is: every change takes the elements' lock.
public final class CGMutablePath: CGPath, @unchecked Sendable {
    /// An empty path.
    public init() {
        super.init(elements: [])
    }

    init(copying elements: [Element]) {
        super.init(elements: elements)
    }

    /// Starts a new subpath at `point`.
    public func move(to point: CGPoint, transform: CGAffineTransform = .identity) {
        mutate { $0.append(.move(point.applying(transform))) }
    }

    /// A line from the current point. With no current point (an empty path) nothing is added, as
    /// Core Graphics only logs there.
    public func addLine(to point: CGPoint, transform: CGAffineTransform = .identity) {
        appendSegment(.line(point.applying(transform)))
    }

    /// A move to the first point, then lines through the rest, as Core Graphics' `addLines` does.
    public func addLines(between points: [CGPoint], transform: CGAffineTransform = .identity) {
        guard let first = points.first else { return }
        mutate { elements in
            elements.append(.move(first.applying(transform)))
            elements.append(contentsOf: points.dropFirst().map { .line($0.applying(transform)) })
        }
    }

    /// A quadratic Bézier from the current point, kept as a quad (raised to a cubic only for the engine).
    public func addQuadCurve(to end: CGPoint, control: CGPoint, transform: CGAffineTransform = .identity) {
        appendSegment(.quad(control: control.applying(transform), end: end.applying(transform)))
    }

    /// A cubic Bézier from the current point.
    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint, transform: CGAffineTransform = .identity) {
        appendSegment(.cubic(control1: control1.applying(transform), control2: control2.applying(transform),
                             end: end.applying(transform)))
    }

    /// A closed rectangular subpath, as `CGPath(rect:transform:)` builds it.
    public func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) {
        append(CGPath.rectElements(rect), transform)
    }

    /// One closed rectangular subpath per rectangle, in order.
    public func addRects(_ rects: [CGRect], transform: CGAffineTransform = .identity) {
        append(rects.flatMap(CGPath.rectElements), transform)
    }

    /// A closed ellipse inscribed in `rect`, as `CGPath(ellipseIn:transform:)` builds it.
    public func addEllipse(in rect: CGRect, transform: CGAffineTransform = .identity) {
        append(CGPath.ellipseElements(rect), transform)
    }

    /// A closed rounded rectangle, as `CGPath(roundedRect:cornerWidth:cornerHeight:transform:)` builds it.
    public func addRoundedRect(in rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
                               transform: CGAffineTransform = .identity) {
        append(CGPath.roundedRectElements(rect, cornerWidth: cornerWidth, cornerHeight: cornerHeight), transform)
    }

    /// A circular arc. `clockwise` is Core Graphics' y-up meaning: true sweeps *decreasing* angles,
    /// counter-clockwise on iOS's y-down screen and the opposite of UIBezierPath's `clockwise`
    /// (docs/design/quartz.md §Paths). Starts with a move on an empty path or after a close,
    /// otherwise with a line from the current point.
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool,
                       transform: CGAffineTransform = .identity) {
        appendArc(CGPath.arcElements(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle,
                                     growing: !clockwise), transform)
    }

    /// A circular arc from `startAngle` through `delta` radians: a positive delta grows the angle
    /// (clockwise on a y-down screen). Joins the path as `addArc` does.
    public func addRelativeArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, delta: CGFloat,
                               transform: CGAffineTransform = .identity) {
        appendArc(CGPath.arcElements(center: center, radius: radius, startAngle: startAngle,
                                     endAngle: startAngle + delta, growing: delta >= 0), transform)
    }

    /// The arc of `radius` tangent to the line from the current point to `tangent1End` and to the line
    /// from there to `tangent2End`: a line to the first tangent point, then the short arc to the
    /// second. When the three points are in line or the radius is not positive, a line to
    /// `tangent1End`. Nothing without a current point, as Core Graphics only logs there.
    public func addArc(tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat,
                       transform: CGAffineTransform = .identity) {
        guard let current = CGPath.currentPoint(of: elements) else { return }
        // The current point is already in path space; the tangents are not yet transformed.
        let inverse = transform.engine.inverted
        let p0 = inverse.map { CGPoint($0.apply(current.engine)) }
        let u = p0.map { CGPoint(x: $0.x - tangent1End.x, y: $0.y - tangent1End.y) } ?? .zero
        let v = CGPoint(x: tangent2End.x - tangent1End.x, y: tangent2End.y - tangent1End.y)
        let cross = u.x * v.y - u.y * v.x
        let lengths = hypot(u.x, u.y) * hypot(v.x, v.y)
        guard let p0, radius > 0, lengths > 0, abs(cross) > 1e-12 * lengths else {
            addLine(to: tangent1End, transform: transform)
            return
        }
        let corner = RoundedCorner(previous: p0.engine, vertex: tangent1End.engine, next: tangent2End.engine,
                                   radius: Double(radius))
        appendArc(CGPath.arcElements(center: CGPoint(corner.center), radius: radius,
                                     startAngle: CGFloat(corner.startAngle), endAngle: CGFloat(corner.endAngle),
                                     growing: corner.endAngle > corner.startAngle), transform)
    }

    /// Appends `path`'s elements, transformed, as they are: its first move starts a new subpath.
    public func addPath(_ path: CGPath, transform: CGAffineTransform = .identity) {
        // Read first: `path` may be this very path, and its lock is not re-entrant.
        let added = CGPath.applying(transform, to: path.elements)
        mutate { $0.append(contentsOf: added) }
    }

    /// Closes the current subpath with a line back to its start; nothing on an empty path or
    /// right after another close.
    public func closeSubpath() {
        mutate { elements in
            guard let last = elements.last, last != .close else { return }
            elements.append(.close)
        }
    }
}

extension CGMutablePath {
    /// Lines and curves need a current point; without one Core Graphics drops them.
    private func appendSegment(_ e: Element) {
        mutate { elements in
            guard !elements.isEmpty else { return }
            elements.append(e)
        }
    }

    private func append(_ added: [Element], _ transform: CGAffineTransform) {
        let added = CGPath.applying(transform, to: added)
        mutate { $0.append(contentsOf: added) }
    }

    /// Joins an arc (a leading move, then cubics): with a move on an empty path or after a close,
    /// otherwise with a line from the current point, left out when that point is already the start.
    func appendArc(_ arc: [Element], _ transform: CGAffineTransform) {
        let arc = CGPath.applying(transform, to: arc)
        guard case .move(let start)? = arc.first else { return }
        mutate { elements in
            if let last = elements.last, last != .close, let current = CGPath.currentPoint(of: elements) {
                if hypot(current.x - start.x, current.y - start.y) > 1e-9 { elements.append(.line(start)) }
            } else {
                elements.append(.move(start))
            }
            elements.append(contentsOf: arc.dropFirst())
        }
    }
}
