import Animation

/// Core Animation's 4 × 4 transform, row vectors (p′ = p · M), a translation in `m41 m42 m43`
/// (docs/design/quartz.md §Transforms). The arithmetic is the engine's `Transform3D`.
public struct CATransform3D: Hashable, Sendable {
    public var m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat
    public var m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat
    public var m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat
    public var m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat

    /// All zeros, as the C struct's default initialiser leaves it (not the identity).
    public init() {
        self.init(Transform3D(rows: Array(repeating: 0, count: 16)))
    }

    public init(m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat,
                m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat,
                m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat,
                m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat) {
        (self.m11, self.m12, self.m13, self.m14) = (m11, m12, m13, m14)
        (self.m21, self.m22, self.m23, self.m24) = (m21, m22, m23, m24)
        (self.m31, self.m32, self.m33, self.m34) = (m31, m32, m33, m34)
        (self.m41, self.m42, self.m43, self.m44) = (m41, m42, m43, m44)
    }
}

extension CATransform3D {
    init(_ t: Transform3D) {
        self.init(m11: t.m11, m12: t.m12, m13: t.m13, m14: t.m14, m21: t.m21, m22: t.m22, m23: t.m23, m24: t.m24,
                  m31: t.m31, m32: t.m32, m33: t.m33, m34: t.m34, m41: t.m41, m42: t.m42, m43: t.m43, m44: t.m44)
    }

    var engine: Transform3D {
        Transform3D(rows: [m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44].map { Double($0) })
    }
}

public let CATransform3DIdentity = CATransform3D(Transform3D.identity)

public func CATransform3DIsIdentity(_ t: CATransform3D) -> Bool {
    t.engine.isIdentity
}

public func CATransform3DEqualToTransform(_ a: CATransform3D, _ b: CATransform3D) -> Bool {
    a == b
}

public func CATransform3DMakeTranslation(_ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    CATransform3D(.translation(Double(tx), Double(ty), Double(tz)))
}

public func CATransform3DMakeScale(_ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    CATransform3D(.scale(Double(sx), Double(sy), Double(sz)))
}

/// A turn about (x, y, z); a zero axis gives the identity.
public func CATransform3DMakeRotation(_ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> CATransform3D {
    CATransform3D(.rotation(Double(angle), Double(x), Double(y), Double(z)))
}

/// The translation first, then `t`.
public func CATransform3DTranslate(_ t: CATransform3D, _ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    CATransform3DConcat(CATransform3DMakeTranslation(tx, ty, tz), t)
}

/// The scale first, then `t`.
public func CATransform3DScale(_ t: CATransform3D, _ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    CATransform3DConcat(CATransform3DMakeScale(sx, sy, sz), t)
}

/// The turn first, then `t`. Apple leaves a zero axis undefined; here it turns nothing and `t` is
/// returned (docs/design/quartz.md §Transforms).
public func CATransform3DRotate(_ t: CATransform3D, _ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> CATransform3D {
    CATransform3DConcat(CATransform3DMakeRotation(angle, x, y, z), t)
}

/// `a` first, then `b`: the product a · b.
public func CATransform3DConcat(_ a: CATransform3D, _ b: CATransform3D) -> CATransform3D {
    CATransform3D(a.engine.concatenating(b.engine))
}

/// The inverse, or `t` itself when it has none.
public func CATransform3DInvert(_ t: CATransform3D) -> CATransform3D {
    t.engine.inverted.map(CATransform3D.init) ?? t
}

public func CATransform3DMakeAffineTransform(_ m: CGAffineTransform) -> CATransform3D {
    CATransform3D(Transform3D(m.engine))
}

public func CATransform3DIsAffine(_ t: CATransform3D) -> Bool {
    t.engine.isAffine
}

/// The planar part, or the identity when the transform is not affine.
public func CATransform3DGetAffineTransform(_ t: CATransform3D) -> CGAffineTransform {
    t.engine.affine.map(CGAffineTransform.init) ?? .identity
}
