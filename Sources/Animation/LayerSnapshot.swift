/// What a layer shows at one instant: the render tree a renderer draws, with every animation already
/// applied. A pure value, so it can be drawn on any thread while the live model moves on.
public struct LayerSnapshot: Sendable, Equatable {
    /// A name for debug overlays and `/state`.
    public var name: String
    /// Maps this layer's coordinates into its parent's.
    public var transform: AffineTransform
    /// Multiplies this layer and its sublayers, composited as a group.
    public var opacity: Double
    public var content: Content
    /// Clips this layer and its sublayers to the filled path, in this layer's coordinates.
    public var mask: Path?
    /// Drawn after `content`, in order, each above the previous.
    public var sublayers: [LayerSnapshot]

    public init(name: String = "", transform: AffineTransform = .identity, opacity: Double = 1,
                content: Content = .none, mask: Path? = nil, sublayers: [LayerSnapshot] = []) {
        self.name = name
        self.transform = transform
        self.opacity = opacity
        self.content = content
        self.mask = mask
        self.sublayers = sublayers
    }

    public enum Content: Sendable, Equatable, Codable {
        case none
        case shape(ShapeContent)
        case image(ImageContent)
        case text(TextContent)
    }
}

public enum LineCap: String, Sendable, Codable { case butt, round, square }
public enum LineJoin: String, Sendable, Codable { case miter, round, bevel }
public enum FillRule: String, Sendable, Codable { case nonZero, evenOdd }

/// CAShapeLayer's drawing properties. The renderer fills the whole path and strokes the part of it
/// between `strokeStart` and `strokeEnd` (fractions of its arc length).
public struct ShapeContent: Sendable, Equatable, Codable {
    public var path: Path
    public var fillColor: Color?
    public var fillRule: FillRule
    public var strokeColor: Color?
    public var lineWidth: Double
    public var lineCap: LineCap
    public var lineJoin: LineJoin
    public var miterLimit: Double
    public var strokeStart: Double
    public var strokeEnd: Double
    /// Laid along the trimmed stroke; nil draws it solid. Optional so that older snapshots, which
    /// have none, still decode.
    public var dash: Dash?

    /// CAShapeLayer's `lineDashPattern` and `lineDashPhase`, in points.
    public struct Dash: Sendable, Equatable, Codable {
        public var pattern: [Double]
        public var phase: Double

        public init(pattern: [Double], phase: Double = 0) {
            self.pattern = pattern
            self.phase = phase
        }

        /// Core Graphics draws a solid line for a pattern it cannot use: an empty one, a negative
        /// or non-finite length, or lengths that add up to nothing.
        public var isDrawable: Bool {
            !pattern.isEmpty && pattern.allSatisfy { $0.isFinite && $0 >= 0 } && pattern.reduce(0, +) > 0 && phase.isFinite
        }
    }

    /// Defaults are CAShapeLayer's: opaque black fill, no stroke, width 1, butt caps, miter joins.
    public init(path: Path, fillColor: Color? = .black, fillRule: FillRule = .nonZero,
                strokeColor: Color? = nil, lineWidth: Double = 1, lineCap: LineCap = .butt,
                lineJoin: LineJoin = .miter, miterLimit: Double = 10,
                strokeStart: Double = 0, strokeEnd: Double = 1, dash: Dash? = nil) {
        self.dash = dash
        self.path = path
        self.fillColor = fillColor
        self.fillRule = fillRule
        self.strokeColor = strokeColor
        self.lineWidth = lineWidth
        self.lineCap = lineCap
        self.lineJoin = lineJoin
        self.miterLimit = miterLimit
        self.strokeStart = strokeStart
        self.strokeEnd = strokeEnd
    }
}

/// A bitmap scaled to fill `rect`, through `effect` (blurred, saturated, tinted; none by default).
public struct ImageContent: Sendable, Equatable, Codable {
    public var bitmap: Bitmap
    public var rect: Rect
    public var effect: ImageEffect

    public init(bitmap: Bitmap, rect: Rect, effect: ImageEffect = .none) {
        self.bitmap = bitmap
        self.rect = rect
        self.effect = effect
    }

    public static func == (a: ImageContent, b: ImageContent) -> Bool {
        a.bitmap.id == b.bitmap.id && a.rect == b.rect && a.effect == b.effect
    }
}

/// A single line of text centred on `center`.
public struct TextContent: Sendable, Equatable, Codable {
    public var text: String
    public var center: Point
    public var fontFamily: String
    public var fontSize: Double
    public var color: Color
    public var bold: Bool

    public init(text: String, center: Point, fontFamily: String = "DejaVu Sans", fontSize: Double,
                color: Color, bold: Bool = false) {
        self.text = text
        self.center = center
        self.fontFamily = fontFamily
        self.fontSize = fontSize
        self.color = color
        self.bold = bold
    }
}
