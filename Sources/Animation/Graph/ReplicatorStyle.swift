/// CAReplicatorLayer's own properties. Defaults are Core Animation's: one instance (the sublayers
/// as they are), the identity transform, no delay, opaque white, no offsets
/// (docs/design/quartz.md §Replicators).
public struct ReplicatorStyle: Hashable, Sendable, Codable {
    public var instanceCount = 1
    /// Maps instance k − 1 to instance k, about the centre of the replicator's bounds.
    public var instanceTransform = Transform3D.identity
    /// Seconds between instances' animations (kept; animations come with transactions).
    public var instanceDelay = 0.0
    /// Multiplies the first instance; nil is opaque white.
    public var instanceColor: Color?
    public var instanceRedOffset = 0.0
    public var instanceGreenOffset = 0.0
    public var instanceBlueOffset = 0.0
    public var instanceAlphaOffset = 0.0
    public var preservesDepth = false

    public init() {}

    /// The instances drawn: none for a count below one.
    public var drawnCount: Int { max(instanceCount, 0) }

    /// Instance k's colour: the instance colour plus k offsets, each component clamped to 0…1.
    public func color(ofInstance k: Int) -> Color {
        let base = instanceColor ?? .white
        func component(_ v: Double, _ offset: Double) -> Double { min(max(v + Double(k) * offset, 0), 1) }
        return Color(red: component(base.red, instanceRedOffset), green: component(base.green, instanceGreenOffset),
                     blue: component(base.blue, instanceBlueOffset), alpha: component(base.alpha, instanceAlphaOffset))
    }

    /// What each instance adds after each sublayer's own placement, in the replicator's bounds
    /// space: the instance transform k times over, about `centre`, for k = 0 ..< drawnCount.
    public func placements(about centre: Point) -> [Transform3D] {
        let (into, back) = (Transform3D.translation(-centre.x, -centre.y, 0), Transform3D.translation(centre.x, centre.y, 0))
        var step = Transform3D.identity
        return (0..<drawnCount).map { k in
            if k > 0 { step = step.concatenating(instanceTransform) }
            return into.concatenating(step).concatenating(back)
        }
    }
}
