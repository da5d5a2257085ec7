/// CALayer's geometry as a value: where a layer's own space (its `bounds`) sits in its superlayer's
/// space. Defaults are Core Animation's (docs/design/quartz.md §Geometry).
public struct LayerGeometry: Hashable, Sendable, Codable {
    /// The layer's own space: its origin shifts where sublayers appear, not where the layer sits.
    public var bounds = Rect(x: 0, y: 0, width: 0, height: 0)
    /// Where the anchor lands in the superlayer.
    public var position = Point.zero
    /// The anchor in unit coordinates of `bounds`; (0.5, 0.5) is the centre. Values outside 0...1 are kept.
    public var anchorPoint = Point(0.5, 0.5)
    public var anchorPointZ = 0.0
    public var zPosition = 0.0
    /// Applied about the anchor.
    public var transform = Transform3D.identity
    /// Applied to every sublayer, about this layer's anchor.
    public var sublayerTransform = Transform3D.identity

    public init() {}

    /// The anchor in the layer's own space: bounds.origin + anchorPoint ⊙ bounds.size.
    public var anchor: Point {
        Point(bounds.minX + anchorPoint.x * bounds.width, bounds.minY + anchorPoint.y * bounds.height)
    }

    /// From the layer's own space to its superlayer's, before the superlayer's sublayerTransform:
    /// T(−anchor, −anchorPointZ) · transform · T(position, zPosition).
    public var toSuperlayerPlane: Transform3D {
        let a = anchor
        return Transform3D.translation(-a.x, -a.y, -anchorPointZ)
            .concatenating(transform)
            .concatenating(.translation(position.x, position.y, zPosition))
    }

    /// What this layer applies to each of its sublayers: sublayerTransform about the anchor
    /// (identity when there is none, so most layers pay nothing).
    public var sublayerTransformAboutAnchor: Transform3D {
        guard !sublayerTransform.isIdentity else { return .identity }
        let a = anchor
        return Transform3D.translation(-a.x, -a.y, 0)
            .concatenating(sublayerTransform)
            .concatenating(.translation(a.x, a.y, 0))
    }

    /// From this layer's own space to the space of a superlayer with geometry `parent`.
    public func toSuperlayer(_ parent: LayerGeometry) -> Transform3D {
        toSuperlayerPlane.concatenating(parent.sublayerTransformAboutAnchor)
    }

    /// The bounds' four corners in the superlayer's plane (z = 0 after the perspective divide),
    /// or nil when one falls behind the viewer.
    public var corners: [Point]? {
        let m = toSuperlayerPlane
        let b = bounds
        let points = [Point(b.minX, b.minY), Point(b.maxX, b.minY), Point(b.maxX, b.maxY), Point(b.minX, b.maxY)]
        let mapped = points.compactMap { m.project($0) }
        return mapped.count == 4 ? mapped : nil
    }

    /// The smallest upright rectangle around the bounds as they land in the superlayer (CALayer's
    /// frame); an empty rectangle at the position when a corner falls behind the viewer.
    public var frame: Rect {
        get {
            corners.map(Rect.init(around:)) ?? Rect(x: position.x, y: position.y, width: 0, height: 0)
        }
        set {
            let f = newValue.standardized
            // Under a transform that only scales and moves (no turn, no depth), the frame can be met
            // exactly: the bounds shrink or grow by the scale so that the frame reads back. Core
            // Animation leaves the other cases undefined; there the frame is set as if the transform
            // were the identity (docs/design/quartz.md §Frame).
            var (sx, sy) = (1.0, 1.0)
            if let t = transform.affine, t.b == 0, t.c == 0, t.a != 0, t.d != 0 {
                (sx, sy) = (abs(t.a), abs(t.d))
            }
            bounds.size = Size(f.width / sx, f.height / sy)
            // The anchor's place in the frame: where it sits between the frame's edges is the same
            // fraction as in the bounds, mirrored when the scale flips an axis.
            let (ux, uy) = (transform.m11 < 0 ? 1 - anchorPoint.x : anchorPoint.x,
                            transform.m22 < 0 ? 1 - anchorPoint.y : anchorPoint.y)
            let shift = transform.affine.map { Point($0.tx, $0.ty) } ?? .zero
            position = Point(f.minX + ux * f.width - shift.x, f.minY + uy * f.height - shift.y)
        }
    }
}

extension Rect {
    /// The same rectangle with a non-negative width and height.
    public var standardized: Rect {
        Rect(x: min(minX, maxX), y: min(minY, maxY), width: abs(width), height: abs(height))
    }
}
