/// CAShapeLayer's own properties beyond CALayer's. Defaults are Core Animation's
/// (docs/design/quartz.md §Shape layers).
public struct ShapeStyle: Hashable, Sendable, Codable {
    public var path: Path?
    public var fillColor: Color? = .black
    public var fillRule = FillRule.nonZero
    public var strokeColor: Color?
    public var lineWidth = 1.0
    public var lineCap = LineCap.butt
    public var lineJoin = LineJoin.miter
    public var miterLimit = 10.0
    /// Dash and gap lengths in points; nil or empty draws a solid line.
    public var lineDashPattern: [Double]?
    public var lineDashPhase = 0.0
    public var strokeStart = 0.0
    public var strokeEnd = 1.0

    public init() {}
}
