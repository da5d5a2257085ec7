/// What one path element does, as `CGPath.applyWithBlock(_:)` reports it. Quads are reported as
/// quads, though the engine draws them as cubics (docs/design/quartz.md §Paths).
public enum CGPathElementType: Int32, Sendable {
    /// Starts a subpath; one point.
    case moveToPoint = 0
    /// A straight line from the current point; one point.
    case addLineToPoint = 1
    /// A quadratic Bézier; the control point, then the end point.
    case addQuadCurveToPoint = 2
    /// A cubic Bézier; two control points, then the end point.
    case addCurveToPoint = 3
    /// Closes the current subpath; no points.
    case closeSubpath = 4
}

/// One element handed to an applier: its type and its points (as many as the type says), valid only
/// during the call, as Core Graphics lends them.
public struct CGPathElement {
    /// What the element does.
    public var type: CGPathElementType
    /// The element's points, in the order `CGPathElementType` gives.
    public var points: UnsafeMutablePointer<CGPoint>

    /// An element over points the caller owns.
    public init(type: CGPathElementType, points: UnsafeMutablePointer<CGPoint>) {
        self.type = type
        self.points = points
    }
}

/// The C-style applier `CGPath.apply(info:function:)` calls once per element, with the caller's `info`.
/// Apple's is `@convention(c)`; here `CGPathElement` is a Swift struct, which C cannot name, so it
/// is a Swift function type, and a port's capture-free closure fits it just the same.
public typealias CGPathApplierFunction = (UnsafeMutableRawPointer?, UnsafePointer<CGPathElement>) -> Void

/// The closure `CGPath.applyWithBlock(_:)` calls once per element.
public typealias CGPathApplyBlock = (UnsafePointer<CGPathElement>) -> Void

/// Which points a filled path covers: a nonzero winding number, or an odd number of crossings.
public enum CGPathFillRule: Int, Sendable {
    /// Inside where the path winds around the point a nonzero number of times.
    case winding = 0
    /// Inside where a ray from the point crosses the path an odd number of times.
    case evenOdd = 1
}
