/// A value an animation can carry. One enum rather than generics, so that a layer can hold
/// animations of every property in one list, in the order they were added.
public enum AnimatableValue: Hashable, Sendable, Codable {
    case double(Double)
    case point(Point)
    case color(Color)
    case path(Path)
    case transform(AffineTransform)

    public var kind: Kind {
        switch self {
        case .double: .double
        case .point: .point
        case .color: .color
        case .path: .path
        case .transform: .transform
        }
    }

    public enum Kind: String, Sendable { case double, point, color, path, transform }

    public var doubleValue: Double? { if case .double(let v) = self { v } else { nil } }

    /// Linear blend; paths blend element-wise and throw when their structures differ.
    public func interpolated(to other: AnimatableValue, _ t: Double) throws -> AnimatableValue {
        switch (self, other) {
        case (.double(let a), .double(let b)): return .double(a + (b - a) * t)
        case (.point(let a), .point(let b)): return .point(a.lerp(to: b, t))
        case (.color(let a), .color(let b)): return .color(a.lerp(to: b, t))
        case (.path(let a), .path(let b)): return .path(try Path.interpolate(from: a, to: b, t))
        case (.transform(let a), .transform(let b)):
            return .transform(AffineTransform(
                a: a.a + (b.a - a.a) * t, b: a.b + (b.b - a.b) * t,
                c: a.c + (b.c - a.c) * t, d: a.d + (b.d - a.d) * t,
                tx: a.tx + (b.tx - a.tx) * t, ty: a.ty + (b.ty - a.ty) * t))
        default: throw AnimationError.valueKindMismatch(self.kind, other.kind)
        }
    }

    /// Type-dependent addition, for `by` values and additive animations: transforms concatenate.
    public func adding(_ other: AnimatableValue) throws -> AnimatableValue {
        switch (self, other) {
        case (.double(let a), .double(let b)): return .double(a + b)
        case (.point(let a), .point(let b)): return .point(a + b)
        case (.color(let a), .color(let b)):
            return .color(Color(red: a.red + b.red, green: a.green + b.green, blue: a.blue + b.blue,
                                 alpha: a.alpha + b.alpha))
        case (.transform(let a), .transform(let b)): return .transform(b.concatenating(a))
        case (.path(let a), .path(let b)):
            return .path(try Path.combine(a, b) { $0 + $1 })
        default: throw AnimationError.valueKindMismatch(self.kind, other.kind)
        }
    }

    /// The inverse of `adding`, for `by` + `to` animations.
    public func subtracting(_ other: AnimatableValue) throws -> AnimatableValue {
        switch (self, other) {
        case (.double(let a), .double(let b)): return .double(a - b)
        case (.point(let a), .point(let b)): return .point(a - b)
        case (.color(let a), .color(let b)):
            return .color(Color(red: a.red - b.red, green: a.green - b.green, blue: a.blue - b.blue,
                                 alpha: a.alpha - b.alpha))
        case (.path(let a), .path(let b)):
            return .path(try Path.combine(a, b) { $0 - $1 })
        default: throw AnimationError.valueKindMismatch(self.kind, other.kind)
        }
    }
}

public enum AnimationError: Error, Equatable, CustomStringConvertible {
    case valueKindMismatch(AnimatableValue.Kind, AnimatableValue.Kind)
    case pathStructureMismatch(index: Int, PathElement.Kind?, PathElement.Kind?)
    case wrongValueKind(property: String, expected: AnimatableValue.Kind, got: AnimatableValue.Kind)
    case notEnoughKeyframes
    case keyTimesMismatch

    public var description: String {
        switch self {
        case .valueKindMismatch(let a, let b): "cannot combine a \(a) value with a \(b) value"
        case .pathStructureMismatch(let i, let a, let b):
            "paths differ in structure at element \(i): \(a.map(\.rawValue) ?? "end") vs \(b.map(\.rawValue) ?? "end")"
        case .wrongValueKind(let p, let e, let g): "\(p) takes \(e) values, not \(g)"
        case .notEnoughKeyframes: "a keyframe animation needs at least one value"
        case .keyTimesMismatch: "keyTimes must match the values and rise from 0 to 1"
        }
    }
}
