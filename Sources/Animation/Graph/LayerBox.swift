/// CALayer's box: what it draws around its contents and how it clips and casts a shadow. Defaults
/// are Core Animation's (docs/design/quartz.md §Box).
public struct LayerBox: Hashable, Sendable, Codable {
    public var backgroundColor: Color?
    public var cornerRadius = 0.0
    public var maskedCorners = Corners.all
    public var cornerCurve = CornerCurve.circular
    /// Drawn inside the bounds, above the contents and sublayers.
    public var borderWidth = 0.0
    public var borderColor: Color? = .black
    /// Clips contents, sublayers and the layer's own shadow to the rounded bounds.
    public var masksToBounds = false
    public var shadowColor: Color? = .black
    /// 0, so no shadow until it is set.
    public var shadowOpacity = 0.0
    /// (0, −3) points: on iOS's y-down screen the default shadow sits above the layer.
    public var shadowOffset = Size(0, -3)
    public var shadowRadius = 3.0
    /// The shadow's outline (non-zero winding); nil casts it from the layer's composited alpha.
    public var shadowPath: Path?

    public init() {}

    /// CACornerMask's bits: MinXMinY 1, MaxXMinY 2, MinXMaxY 4, MaxXMaxY 8. On iOS, MinY is the top.
    public struct Corners: OptionSet, Hashable, Sendable, Codable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let minXMinY = Corners(rawValue: 1)
        public static let maxXMinY = Corners(rawValue: 2)
        public static let minXMaxY = Corners(rawValue: 4)
        public static let maxXMaxY = Corners(rawValue: 8)
        public static let all: Corners = [.minXMinY, .maxXMinY, .minXMaxY, .maxXMaxY]
    }

    public enum CornerCurve: String, Hashable, Sendable, Codable { case circular, continuous }

    /// True when the box draws or clips nothing, so a renderer can skip it.
    public var isPlain: Bool {
        backgroundColor == nil && (borderWidth <= 0 || borderColor == nil) && !masksToBounds && !castsShadow
    }

    public var castsShadow: Bool {
        shadowOpacity > 0 && (shadowColor?.alpha ?? 0) > 0
    }
}
