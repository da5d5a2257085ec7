/// How a stroke ends at the open ends of a subpath.
public enum CGLineCap: Int32, Sendable {
    /// Square, flush with the end point (Core Graphics' default).
    case butt = 0
    /// A half disc of the line's width around the end point.
    case round = 1
    /// Square, extended half the line's width past the end point.
    case square = 2
}

/// How a stroke turns a corner between two segments.
public enum CGLineJoin: Int32, Sendable {
    /// Sharp, unless the miter limit turns it into a bevel (Core Graphics' default).
    case miter = 0
    /// A disc of the line's width around the corner.
    case round = 1
    /// The outer corner cut straight across.
    case bevel = 2
}
