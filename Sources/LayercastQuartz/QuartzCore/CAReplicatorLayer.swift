import Animation

/// A layer that draws its sublayers `instanceCount` times, each instance moved by the instance
/// transform once more than the last, about the centre of its bounds, and tinted by the instance
/// colour plus the offsets (docs/design/quartz.md §Replicators).
open class CAReplicatorLayer: CALayer {
    override class var nodeKind: LayerNode.Kind { .replicator }

    /// Instances drawn, the original included; below one draws none.
    public var instanceCount: Int {
        get { read("instanceCount") { $0.replicator.instanceCount } }
        set { write("instanceCount") { $0.replicator.instanceCount = newValue } }
    }

    public var instanceTransform: CATransform3D {
        get { read("instanceTransform") { CATransform3D($0.replicator.instanceTransform) } }
        set { write("instanceTransform") { $0.replicator.instanceTransform = newValue.engine } }
    }

    /// Seconds between the instances' animations. Kept, and read back; it takes effect with
    /// animations (docs/design/quartz.md §Replicators).
    public var instanceDelay: CFTimeInterval {
        get { read("instanceDelay") { $0.replicator.instanceDelay } }
        set { write("instanceDelay") { $0.replicator.instanceDelay = newValue } }
    }

    /// Multiplies the first instance; nil is opaque white.
    public var instanceColor: CGColor? {
        get { read("instanceColor") { $0.replicator.instanceColor.map(CGColor.init) } }
        set { write("instanceColor") { $0.replicator.instanceColor = newValue?.engine } }
    }

    /// Added to the colour of instance k − 1 to give instance k's.
    public var instanceRedOffset: Float {
        get { read("instanceRedOffset") { Float($0.replicator.instanceRedOffset) } }
        set { write("instanceRedOffset") { $0.replicator.instanceRedOffset = Double(newValue) } }
    }

    public var instanceGreenOffset: Float {
        get { read("instanceGreenOffset") { Float($0.replicator.instanceGreenOffset) } }
        set { write("instanceGreenOffset") { $0.replicator.instanceGreenOffset = Double(newValue) } }
    }

    public var instanceBlueOffset: Float {
        get { read("instanceBlueOffset") { Float($0.replicator.instanceBlueOffset) } }
        set { write("instanceBlueOffset") { $0.replicator.instanceBlueOffset = Double(newValue) } }
    }

    public var instanceAlphaOffset: Float {
        get { read("instanceAlphaOffset") { Float($0.replicator.instanceAlphaOffset) } }
        set { write("instanceAlphaOffset") { $0.replicator.instanceAlphaOffset = Double(newValue) } }
    }

    /// Kept and read back; instances are flattened into the replicator's plane either way for now.
    public var preservesDepth: Bool {
        get { read("preservesDepth") { $0.replicator.preservesDepth } }
        set { write("preservesDepth") { $0.replicator.preservesDepth = newValue } }
    }
}
