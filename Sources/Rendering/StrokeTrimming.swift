import Animation

/// The part of a shape's path its stroke covers: CAShapeLayer's strokeStart/strokeEnd trim,
/// done by the engine so the renderer and `/state` agree on where a stroke ends.
func strokePath(for shape: ShapeContent) -> Path {
    shape.path.trimmed(from: shape.strokeStart, to: shape.strokeEnd)
}
