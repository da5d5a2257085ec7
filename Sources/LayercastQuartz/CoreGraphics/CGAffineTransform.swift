import Animation

/// Core Graphics' affine transform: x′ = a·x + c·y + tx, y′ = b·x + d·y + ty. Operations named
/// "…By" and `rotated` apply the new step first, in the transformed space, as Core Graphics does;
/// `concatenating(t)` applies `self` first, then `t` (docs/design/quartz.md §Transforms).
public struct CGAffineTransform: Hashable, Sendable {
    public var a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat

    /// All zeros, as the C struct's default initialiser leaves it.
    public init() {
        (a, b, c, d, tx, ty) = (0, 0, 0, 0, 0, 0)
    }

    public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
        (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
    }

    public static let identity = CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    public init(translationX tx: CGFloat, y ty: CGFloat) {
        self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty)
    }

    public init(scaleX sx: CGFloat, y sy: CGFloat) {
        self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// A positive angle takes +x toward +y: clockwise on iOS's y-down screen.
    public init(rotationAngle angle: CGFloat) {
        self.init(Animation.AffineTransform.rotation(Double(angle)))
    }

    public var isIdentity: Bool { self == .identity }

    public func translatedBy(x: CGFloat, y: CGFloat) -> CGAffineTransform {
        CGAffineTransform(translationX: x, y: y).concatenating(self)
    }

    public func scaledBy(x: CGFloat, y: CGFloat) -> CGAffineTransform {
        CGAffineTransform(scaleX: x, y: y).concatenating(self)
    }

    public func rotated(by angle: CGFloat) -> CGAffineTransform {
        CGAffineTransform(rotationAngle: angle).concatenating(self)
    }

    /// `self` first, then `t`.
    public func concatenating(_ t: CGAffineTransform) -> CGAffineTransform {
        CGAffineTransform(t.engine.concatenating(engine))
    }

    /// The inverse, or `self` unchanged when there is none, as Core Graphics answers.
    public func inverted() -> CGAffineTransform {
        engine.inverted.map(CGAffineTransform.init) ?? self
    }
}

extension CGAffineTransform {
    init(_ t: Animation.AffineTransform) {
        self.init(a: t.a, b: t.b, c: t.c, d: t.d, tx: t.tx, ty: t.ty)
    }

    var engine: Animation.AffineTransform {
        Animation.AffineTransform(a: Double(a), b: Double(b), c: Double(c), d: Double(d), tx: Double(tx), ty: Double(ty))
    }
}

extension CGPoint {
    public func applying(_ t: CGAffineTransform) -> CGPoint {
        CGPoint(t.engine.apply(engine))
    }
}

extension CGSize {
    /// The size as a vector: the transform without its translation.
    public func applying(_ t: CGAffineTransform) -> CGSize {
        CGSize(width: t.a * width + t.c * height, height: t.b * width + t.d * height)
    }
}

extension CGRect {
    /// The smallest upright rectangle holding the transformed corners; the null rectangle stays null.
    public func applying(_ t: CGAffineTransform) -> CGRect {
        guard !isNull else { return self }
        let r = standardized
        let corners = [CGPoint(x: r.minX, y: r.minY), CGPoint(x: r.maxX, y: r.minY),
                       CGPoint(x: r.maxX, y: r.maxY), CGPoint(x: r.minX, y: r.maxY)]
        return CGRect(Animation.Rect(around: corners.map { t.engine.apply($0.engine) }))
    }
}
