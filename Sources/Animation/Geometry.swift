#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// A point in a layer's coordinate space (y grows downwards, as in UIKit and Cairo).
public struct Point: Hashable, Sendable, Codable {
    public var x: Double
    public var y: Double

    public init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = Point(0, 0)

    public static func + (a: Point, b: Point) -> Point { Point(a.x + b.x, a.y + b.y) }
    public static func - (a: Point, b: Point) -> Point { Point(a.x - b.x, a.y - b.y) }
    public static func * (a: Point, k: Double) -> Point { Point(a.x * k, a.y * k) }

    public func distance(to other: Point) -> Double { hypot(other.x - x, other.y - y) }

    /// Linear blend: `self` at 0, `other` at 1.
    public func lerp(to other: Point, _ t: Double) -> Point {
        Point(x + (other.x - x) * t, y + (other.y - y) * t)
    }
}

public struct Size: Hashable, Sendable, Codable {
    public var width: Double
    public var height: Double

    public init(_ width: Double, _ height: Double) {
        self.width = width
        self.height = height
    }
}

public struct Rect: Hashable, Sendable, Codable {
    public var origin: Point
    public var size: Size

    public init(x: Double, y: Double, width: Double, height: Double) {
        origin = Point(x, y)
        size = Size(width, height)
    }

    public var minX: Double { origin.x }
    public var minY: Double { origin.y }
    public var maxX: Double { origin.x + size.width }
    public var maxY: Double { origin.y + size.height }
    public var width: Double { size.width }
    public var height: Double { size.height }
    public var center: Point { Point(origin.x + size.width / 2, origin.y + size.height / 2) }

    /// The smallest upright rectangle holding `points`; an empty one at the origin when there are none.
    public init(around points: [Point]) {
        let xs = points.map(\.x), ys = points.map(\.y)
        let (minX, minY) = (xs.min() ?? 0, ys.min() ?? 0)
        self.init(x: minX, y: minY, width: (xs.max() ?? 0) - minX, height: (ys.max() ?? 0) - minY)
    }
}

/// An affine transform with CGAffineTransform's layout: x' = a·x + c·y + tx, y' = b·x + d·y + ty.
public struct AffineTransform: Hashable, Sendable, Codable {
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
    }

    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    public static func translation(_ x: Double, _ y: Double) -> AffineTransform {
        AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
    }

    public static func scale(_ sx: Double, _ sy: Double) -> AffineTransform {
        AffineTransform(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// A positive angle turns clockwise on screen, because y grows downwards.
    public static func rotation(_ angle: Double) -> AffineTransform {
        let (s, k) = (sin(angle), cos(angle))
        return AffineTransform(a: k, b: s, c: -s, d: k, tx: 0, ty: 0)
    }

    /// `first` is applied to a point before `self`: (self ∘ first)(p) = self(first(p)).
    public func concatenating(_ first: AffineTransform) -> AffineTransform {
        AffineTransform(
            a: a * first.a + c * first.b,
            b: b * first.a + d * first.b,
            c: a * first.c + c * first.d,
            d: b * first.c + d * first.d,
            tx: a * first.tx + c * first.ty + tx,
            ty: b * first.tx + d * first.ty + ty)
    }

    public func apply(_ p: Point) -> Point {
        Point(a * p.x + c * p.y + tx, b * p.x + d * p.y + ty)
    }

    public var isIdentity: Bool { self == .identity }

    /// The transform that undoes this one; nil when it flattens the plane (determinant 0) or holds
    /// a non-finite value.
    public var inverted: AffineTransform? {
        let det = a * d - b * c
        guard det != 0, det.isFinite, [tx, ty].allSatisfy(\.isFinite) else { return nil }
        return AffineTransform(a: d / det, b: -b / det, c: -c / det, d: a / det,
                               tx: (c * ty - d * tx) / det, ty: (b * tx - a * ty) / det)
    }
}
