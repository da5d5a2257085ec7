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
    /// Clips this layer and its sublayers to the filled path, in this layer's coordinates. It clips
    /// the `shadow` too, and what casts it.
    public var mask: Path?
    /// Drawn after `content`, in order, each above the previous.
    public var sublayers: [LayerSnapshot]
    /// Cast beneath `content` and the sublayers, inside `mask`'s clip; nil casts none.
    public var shadow: Shadow?
    /// Layers drawn in this layer's coordinates whose alpha multiplies this layer, its shadow
    /// included (Core Animation's `mask` of any content); nil for none, and empty shows nothing.
    public var alphaMask: [LayerSnapshot]?
    /// A perspective map applied to this layer's coordinates before `transform`, so that a parent
    /// that moves or scales the layer by composing onto `transform` still does so after the
    /// perspective; nil for none. Cairo draws affine maps only, so the renderer draws such a layer
    /// flat offscreen and maps it.
    public var projection: Projection?

    /// Multiplies every pixel of the layer and its sublayers, component by component, alpha
    /// included (a replicator's instance colour); nil leaves them as they are.
    public var tint: Color?

    public init(name: String = "", transform: AffineTransform = .identity, opacity: Double = 1,
                content: Content = .none, mask: Path? = nil, sublayers: [LayerSnapshot] = [],
                shadow: Shadow? = nil, alphaMask: [LayerSnapshot]? = nil, projection: Projection? = nil) {
        self.name = name
        self.transform = transform
        self.opacity = opacity
        self.content = content
        self.mask = mask
        self.sublayers = sublayers
        self.shadow = shadow
        self.alphaMask = alphaMask
        self.projection = projection
    }

    public enum Content: Sendable, Equatable, Codable {
        case none
        case shape(ShapeContent)
        case image(ImageContent)
        case text(TextContent)
        /// A gradient layer's fill of its bounds.
        case gradient(GradientContent)
        /// A text layer's string laid out in its bounds.
        case textBlock(TextBlockContent)
    }

    /// CALayer's shadow (docs/design/quartz.md §Shadows): the layer's composited alpha, or `path`
    /// filled non-zero, blurred, moved by `offset` and tinted `color`.
    public struct Shadow: Sendable, Equatable, Codable {
        /// `shadowColor` with `shadowOpacity` multiplied into its alpha.
        public var color: Color
        /// In this layer's coordinates, y down.
        public var offset: Size
        /// The Gaussian's σ in this layer's units.
        public var radius: Double
        /// In this layer's coordinates; nil casts from what the layer draws.
        public var path: Path?

        public init(color: Color, offset: Size = Size(0, -3), radius: Double = 3, path: Path? = nil) {
            self.color = color
            self.offset = offset
            self.radius = radius
            self.path = path
        }
    }
}

/// A perspective map of the plane (a homography) in CATransform3D's row-vector convention:
/// (x, y, 1) · M = (x′, y′, w′), and the point lands at (x′/w′, y′/w′). A point whose w′ ≤ 0 is
/// behind the viewer and has no place (docs/design/quartz.md §3D).
public struct Projection: Hashable, Sendable, Codable {
    public var m11: Double, m12: Double, m13: Double
    public var m21: Double, m22: Double, m23: Double
    public var m31: Double, m32: Double, m33: Double

    public init(m11: Double, m12: Double, m13: Double, m21: Double, m22: Double, m23: Double,
                m31: Double, m32: Double, m33: Double) {
        (self.m11, self.m12, self.m13) = (m11, m12, m13)
        (self.m21, self.m22, self.m23) = (m21, m22, m23)
        (self.m31, self.m32, self.m33) = (m31, m32, m33)
    }

    /// What a 4 × 4 transform does to the plane z = 0 once z is dropped after the divide (its rows
    /// and columns 1, 2 and 4), as a layer that flattens takes its sublayers in.
    public init(_ t: Transform3D) {
        self.init(m11: t.m11, m12: t.m12, m13: t.m14, m21: t.m21, m22: t.m22, m23: t.m24, m31: t.m41, m32: t.m42, m33: t.m44)
    }

    public init(_ t: AffineTransform) {
        self.init(m11: t.a, m12: t.b, m13: 0, m21: t.c, m22: t.d, m23: 0, m31: t.tx, m32: t.ty, m33: 1)
    }

    public static let identity = Projection(.identity as AffineTransform)

    /// `self` first, then `next`: the product self · next.
    public func concatenating(_ next: Projection) -> Projection {
        let n = next
        return Projection(
            m11: m11 * n.m11 + m12 * n.m21 + m13 * n.m31, m12: m11 * n.m12 + m12 * n.m22 + m13 * n.m32,
            m13: m11 * n.m13 + m12 * n.m23 + m13 * n.m33,
            m21: m21 * n.m11 + m22 * n.m21 + m23 * n.m31, m22: m21 * n.m12 + m22 * n.m22 + m23 * n.m32,
            m23: m21 * n.m13 + m22 * n.m23 + m23 * n.m33,
            m31: m31 * n.m11 + m32 * n.m21 + m33 * n.m31, m32: m31 * n.m12 + m32 * n.m22 + m33 * n.m32,
            m33: m31 * n.m13 + m32 * n.m23 + m33 * n.m33)
    }

    /// (x, y, 1) · M before the divide.
    public func homogeneous(_ p: Point) -> (x: Double, y: Double, w: Double) {
        (p.x * m11 + p.y * m21 + m31, p.x * m12 + p.y * m22 + m32, p.x * m13 + p.y * m23 + m33)
    }

    /// Where `p` lands, or nil when it lands behind the viewer (w′ ≤ 0).
    public func project(_ p: Point) -> Point? {
        let h = homogeneous(p)
        guard h.w > 0 else { return nil }
        return Point(h.x / h.w, h.y / h.w)
    }

    public var determinant: Double {
        m11 * (m22 * m33 - m23 * m32) - m12 * (m21 * m33 - m23 * m31) + m13 * (m21 * m32 - m22 * m31)
    }

    /// The exact inverse (the adjugate over the determinant, not any multiple of it, so that the
    /// sign of w′ keeps its meaning), or nil when the map is singular or not finite.
    public var inverted: Projection? {
        let det = determinant
        guard det != 0, det.isFinite else { return nil }
        let k = 1 / det
        return Projection(
            m11: (m22 * m33 - m23 * m32) * k, m12: (m13 * m32 - m12 * m33) * k, m13: (m12 * m23 - m13 * m22) * k,
            m21: (m23 * m31 - m21 * m33) * k, m22: (m11 * m33 - m13 * m31) * k, m23: (m13 * m21 - m11 * m23) * k,
            m31: (m21 * m32 - m22 * m31) * k, m32: (m12 * m31 - m11 * m32) * k, m33: (m11 * m22 - m12 * m21) * k)
    }

    /// The affine map, when the last column is (0, 0, 1).
    public var affine: AffineTransform? {
        m13 == 0 && m23 == 0 && m33 == 1 ? AffineTransform(a: m11, b: m12, c: m21, d: m22, tx: m31, ty: m32) : nil
    }
}

public enum LineCap: String, Sendable, Codable, CaseIterable { case butt, round, square }
public enum LineJoin: String, Sendable, Codable, CaseIterable { case miter, round, bevel }
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
