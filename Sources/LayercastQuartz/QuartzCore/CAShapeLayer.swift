import Animation

/// A layer that draws a path, filled then stroked, between its background and its first sublayer
/// (docs/design/quartz.md §Shape layers). Defaults are Core Animation's: a black fill, no stroke,
/// width 1, butt caps, miter joins, limit 10, the whole path stroked.
open class CAShapeLayer: CALayer {
    override class var nodeKind: LayerNode.Kind { .shape }

    /// Copied on set; a quad curve reads back as the cubic it equals.
    public var path: CGPath? {
        get { read("path") { $0.shape.path.map { CGPath(elements: CGPath.elements(of: $0)) } } }
        set { write("path") { $0.shape.path = newValue?.engine } }
    }

    public var fillColor: CGColor? {
        get { read("fillColor") { $0.shape.fillColor.map(CGColor.init) } }
        set { write("fillColor") { $0.shape.fillColor = newValue?.engine } }
    }

    public var fillRule: CAShapeLayerFillRule {
        get { read("fillRule") { $0.shape.fillRule == .evenOdd ? .evenOdd : .nonZero } }
        set { write("fillRule") { $0.shape.fillRule = newValue == .evenOdd ? .evenOdd : .nonZero } }
    }

    public var strokeColor: CGColor? {
        get { read("strokeColor") { $0.shape.strokeColor.map(CGColor.init) } }
        set { write("strokeColor") { $0.shape.strokeColor = newValue?.engine } }
    }

    public var lineWidth: CGFloat {
        get { read("lineWidth") { $0.shape.lineWidth } }
        set { write("lineWidth") { $0.shape.lineWidth = Double(newValue) } }
    }

    public var lineCap: CAShapeLayerLineCap {
        get { read("lineCap") { CAShapeLayerLineCap(rawValue: $0.shape.lineCap.rawValue) } }
        set { write("lineCap", named: newValue.rawValue, as: LineCap.self) { $0.shape.lineCap = $1 } }
    }

    public var lineJoin: CAShapeLayerLineJoin {
        get { read("lineJoin") { CAShapeLayerLineJoin(rawValue: $0.shape.lineJoin.rawValue) } }
        set { write("lineJoin", named: newValue.rawValue, as: LineJoin.self) { $0.shape.lineJoin = $1 } }
    }

    public var miterLimit: CGFloat {
        get { read("miterLimit") { $0.shape.miterLimit } }
        set { write("miterLimit") { $0.shape.miterLimit = Double(newValue) } }
    }

    /// Dash and gap lengths in points, repeated along the stroke; nil draws a solid line.
    public var lineDashPattern: [NSNumber]? {
        get { read("lineDashPattern") { $0.shape.lineDashPattern.map { $0.map { NSNumber(value: $0) } } } }
        set { write("lineDashPattern") { $0.shape.lineDashPattern = newValue?.map(\.doubleValue) } }
    }

    public var lineDashPhase: CGFloat {
        get { read("lineDashPhase") { $0.shape.lineDashPhase } }
        set { write("lineDashPhase") { $0.shape.lineDashPhase = Double(newValue) } }
    }

    /// Fractions of the path's length where the stroke starts and ends.
    public var strokeStart: CGFloat {
        get { read("strokeStart") { $0.shape.strokeStart } }
        set { write("strokeStart") { $0.shape.strokeStart = Double(newValue) } }
    }

    public var strokeEnd: CGFloat {
        get { read("strokeEnd") { $0.shape.strokeEnd } }
        set { write("strokeEnd") { $0.shape.strokeEnd = Double(newValue) } }
    }
}

/// A layer that keeps its sublayers in 3D instead of flattening them into its plane; it draws no
/// box or contents of its own (docs/design/quartz.md §Flattening).
open class CATransformLayer: CALayer {
    override class var nodeKind: LayerNode.Kind { .transform }
}

public struct CAShapeLayerFillRule: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let nonZero = CAShapeLayerFillRule(rawValue: "non-zero")
    public static let evenOdd = CAShapeLayerFillRule(rawValue: "even-odd")
}

public struct CAShapeLayerLineCap: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let butt = CAShapeLayerLineCap(rawValue: "butt")
    public static let round = CAShapeLayerLineCap(rawValue: "round")
    public static let square = CAShapeLayerLineCap(rawValue: "square")
}

public struct CAShapeLayerLineJoin: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let miter = CAShapeLayerLineJoin(rawValue: "miter")
    public static let round = CAShapeLayerLineJoin(rawValue: "round")
    public static let bevel = CAShapeLayerLineJoin(rawValue: "bevel")
}
