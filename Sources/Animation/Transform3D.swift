#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// A 4 × 4 transform with CATransform3D's layout and convention: points are row vectors,
/// p′ = p · M, so `m41 m42 m43` hold a translation and `a.concatenating(b)` applies `a` first
/// (docs/design/quartz.md §Transforms).
public struct Transform3D: Hashable, Sendable, Codable {
    public var m11: Double, m12: Double, m13: Double, m14: Double
    public var m21: Double, m22: Double, m23: Double, m24: Double
    public var m31: Double, m32: Double, m33: Double, m34: Double
    public var m41: Double, m42: Double, m43: Double, m44: Double

    public init(m11: Double, m12: Double, m13: Double, m14: Double,
                m21: Double, m22: Double, m23: Double, m24: Double,
                m31: Double, m32: Double, m33: Double, m34: Double,
                m41: Double, m42: Double, m43: Double, m44: Double) {
        (self.m11, self.m12, self.m13, self.m14) = (m11, m12, m13, m14)
        (self.m21, self.m22, self.m23, self.m24) = (m21, m22, m23, m24)
        (self.m31, self.m32, self.m33, self.m34) = (m31, m32, m33, m34)
        (self.m41, self.m42, self.m43, self.m44) = (m41, m42, m43, m44)
    }

    /// The sixteen entries row by row.
    public init(rows m: [Double]) {
        precondition(m.count == 16, "a 4 × 4 transform has 16 entries")
        self.init(m11: m[0], m12: m[1], m13: m[2], m14: m[3], m21: m[4], m22: m[5], m23: m[6], m24: m[7],
                  m31: m[8], m32: m[9], m33: m[10], m34: m[11], m41: m[12], m42: m[13], m43: m[14], m44: m[15])
    }

    public var rows: [Double] {
        [m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44]
    }

    public static let identity = Transform3D(m11: 1, m12: 0, m13: 0, m14: 0, m21: 0, m22: 1, m23: 0, m24: 0,
                                             m31: 0, m32: 0, m33: 1, m34: 0, m41: 0, m42: 0, m43: 0, m44: 1)

    public static func translation(_ x: Double, _ y: Double, _ z: Double) -> Transform3D {
        var t = identity
        (t.m41, t.m42, t.m43) = (x, y, z)
        return t
    }

    public static func scale(_ x: Double, _ y: Double, _ z: Double) -> Transform3D {
        var t = identity
        (t.m11, t.m22, t.m33) = (x, y, z)
        return t
    }

    /// A turn of `angle` radians about the axis (x, y, z), right-handed in row-vector form: about z,
    /// a positive angle takes +x toward +y, clockwise on a y-down screen. A zero axis gives the
    /// identity, as CATransform3DMakeRotation does.
    public static func rotation(_ angle: Double, _ x: Double, _ y: Double, _ z: Double) -> Transform3D {
        let length = (x * x + y * y + z * z).squareRoot()
        guard length > 0, length.isFinite else { return identity }
        let (u, v, w) = (x / length, y / length, z / length)
        let (s, c) = (sin(angle), cos(angle))
        let k = 1 - c
        // Rodrigues' rotation matrix, transposed for row vectors.
        return Transform3D(
            m11: c + u * u * k, m12: u * v * k + w * s, m13: u * w * k - v * s, m14: 0,
            m21: u * v * k - w * s, m22: c + v * v * k, m23: v * w * k + u * s, m24: 0,
            m31: u * w * k + v * s, m32: v * w * k - u * s, m33: c + w * w * k, m34: 0,
            m41: 0, m42: 0, m43: 0, m44: 1)
    }

    /// `self` first, then `next`: the matrix product self · next.
    public func concatenating(_ next: Transform3D) -> Transform3D {
        let a = rows, b = next.rows
        var r = [Double](repeating: 0, count: 16)
        for i in 0..<4 {
            for j in 0..<4 {
                r[i * 4 + j] = a[i * 4] * b[j] + a[i * 4 + 1] * b[4 + j] + a[i * 4 + 2] * b[8 + j] + a[i * 4 + 3] * b[12 + j]
            }
        }
        return Transform3D(rows: r)
    }

    /// The inverse, or nil when the matrix is singular or holds a non-finite value
    /// (CATransform3DInvert then returns its argument; the face decides that, not the engine).
    public var inverted: Transform3D? {
        let m = rows
        guard m.allSatisfy(\.isFinite) else { return nil }
        // Cofactors by 2 × 2 minors of the top and bottom row pairs.
        let s0 = m[0] * m[5] - m[4] * m[1], s1 = m[0] * m[6] - m[4] * m[2], s2 = m[0] * m[7] - m[4] * m[3]
        let s3 = m[1] * m[6] - m[5] * m[2], s4 = m[1] * m[7] - m[5] * m[3], s5 = m[2] * m[7] - m[6] * m[3]
        let c5 = m[10] * m[15] - m[14] * m[11], c4 = m[9] * m[15] - m[13] * m[11], c3 = m[9] * m[14] - m[13] * m[10]
        let c2 = m[8] * m[15] - m[12] * m[11], c1 = m[8] * m[14] - m[12] * m[10], c0 = m[8] * m[13] - m[12] * m[9]
        let det = s0 * c5 - s1 * c4 + s2 * c3 + s3 * c2 - s4 * c1 + s5 * c0
        guard det != 0, det.isFinite else { return nil }
        let k = 1 / det
        let r: [Double] = [
            (m[5] * c5 - m[6] * c4 + m[7] * c3) * k, (-m[1] * c5 + m[2] * c4 - m[3] * c3) * k,
            (m[13] * s5 - m[14] * s4 + m[15] * s3) * k, (-m[9] * s5 + m[10] * s4 - m[11] * s3) * k,
            (-m[4] * c5 + m[6] * c2 - m[7] * c1) * k, (m[0] * c5 - m[2] * c2 + m[3] * c1) * k,
            (-m[12] * s5 + m[14] * s2 - m[15] * s1) * k, (m[8] * s5 - m[10] * s2 + m[11] * s1) * k,
            (m[4] * c4 - m[5] * c2 + m[7] * c0) * k, (-m[0] * c4 + m[1] * c2 - m[3] * c0) * k,
            (m[12] * s4 - m[13] * s2 + m[15] * s0) * k, (-m[8] * s4 + m[9] * s2 - m[11] * s0) * k,
            (-m[4] * c3 + m[5] * c1 - m[6] * c0) * k, (m[0] * c3 - m[1] * c1 + m[2] * c0) * k,
            (-m[12] * s3 + m[13] * s1 - m[14] * s0) * k, (m[8] * s3 - m[9] * s1 + m[10] * s0) * k,
        ]
        return Transform3D(rows: r)
    }

    public var isIdentity: Bool { self == .identity }

    /// True when the transform only moves points within the plane z = 0 (no z scale or
    /// translation, no turn out of the plane, no perspective): CATransform3DIsAffine.
    public var isAffine: Bool {
        m13 == 0 && m14 == 0 && m23 == 0 && m24 == 0 && m31 == 0 && m32 == 0
            && m33 == 1 && m34 == 0 && m43 == 0 && m44 == 1
    }

    /// The 2D part (m11 m12 m21 m22 m41 m42), or nil when the transform is not affine.
    public var affine: AffineTransform? {
        isAffine ? AffineTransform(a: m11, b: m12, c: m21, d: m22, tx: m41, ty: m42) : nil
    }

    public init(_ t: AffineTransform) {
        self.init(m11: t.a, m12: t.b, m13: 0, m14: 0, m21: t.c, m22: t.d, m23: 0, m24: 0,
                  m31: 0, m32: 0, m33: 1, m34: 0, m41: t.tx, m42: t.ty, m43: 0, m44: 1)
    }

    /// The point (x, y, z, 1) · M before the divide: (x′, y′, z′, w′).
    public func homogeneous(_ x: Double, _ y: Double, _ z: Double = 0) -> (x: Double, y: Double, z: Double, w: Double) {
        (x * m11 + y * m21 + z * m31 + m41,
         x * m12 + y * m22 + z * m32 + m42,
         x * m13 + y * m23 + z * m33 + m43,
         x * m14 + y * m24 + z * m34 + m44)
    }

    /// Where the plane point `p` (z = 0) lands on the plane z = 0 after the perspective divide, or
    /// nil when it lands behind the viewer (w ≤ 0), where it has no place on screen.
    public func project(_ p: Point) -> Point? {
        let h = homogeneous(p.x, p.y)
        guard h.w > 0 else { return nil }
        return Point(h.x / h.w, h.y / h.w)
    }

    /// The transform flattened into the plane z = 0, as a layer that is not a transform layer
    /// flattens its sublayers: input z is 0 and output z is dropped, so the third row and column
    /// become those of the identity (docs/design/quartz.md §Flattening).
    public var flattened: Transform3D {
        var t = self
        (t.m13, t.m23, t.m43) = (0, 0, 0)
        (t.m31, t.m32, t.m33, t.m34) = (0, 0, 1, 0)
        return t
    }
}
