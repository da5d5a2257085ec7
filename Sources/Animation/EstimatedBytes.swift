/// About how many bytes a copy of a layer tree holds of its own. The history prices each copy of
/// the scene it keeps by this (`SceneHistory` in Sources/Controls/Scene): a copy shares an array
/// with the live scene only until the live scene changes it, and a storm of commands changes the
/// same arrays (records, animations, a meter's segments) every time, so each copy holds its own
/// buffers of them. What the arrays' elements point to (an animation's values, boxed in the
/// indirect `LayerAnimation`; a path's elements) stays shared between copies, and is not counted.
extension ShapeLayer {
    /// This layer and every layer below it.
    public var estimatedBytes: Int {
        MemoryLayout<ShapeLayer>.stride
            + animations.count * MemoryLayout<AttachedAnimation>.stride
            + records.count * MemoryLayout<AnimationRecord>.stride
            + sublayers.reduce(0) { $0 + $1.estimatedBytes }
    }
}
