import Animation

/// Where a layer sits: bounds, position, a unit anchor point (the centre by default), depth and
/// transforms, and the frame derived from them (docs/design/quartz.md §Geometry, §Frame).
extension CALayer {
    public var bounds: CGRect {
        get { read("bounds") { CGRect($0.geometry.bounds) } }
        set { write("bounds") { $0.geometry.bounds = newValue.engine } }
    }

    public var position: CGPoint {
        get { read("position") { CGPoint($0.geometry.position) } }
        set { write("position") { $0.geometry.position = newValue.engine } }
    }

    public var anchorPoint: CGPoint {
        get { read("anchorPoint") { CGPoint($0.geometry.anchorPoint) } }
        set { write("anchorPoint") { $0.geometry.anchorPoint = newValue.engine } }
    }

    public var anchorPointZ: CGFloat {
        get { read("anchorPointZ") { $0.geometry.anchorPointZ } }
        set { write("anchorPointZ") { $0.geometry.anchorPointZ = Double(newValue) } }
    }

    public var zPosition: CGFloat {
        get { read("zPosition") { $0.geometry.zPosition } }
        set { write("zPosition") { $0.geometry.zPosition = Double(newValue) } }
    }

    public var frame: CGRect {
        get { read("frame") { CGRect($0.geometry.frame) } }
        set { write("frame") { $0.geometry.frame = newValue.engine } }
    }

    public var transform: CATransform3D {
        get { read("transform") { CATransform3D($0.geometry.transform) } }
        set { write("transform") { $0.geometry.transform = newValue.engine } }
    }

    public var sublayerTransform: CATransform3D {
        get { read("sublayerTransform") { CATransform3D($0.geometry.sublayerTransform) } }
        set { write("sublayerTransform") { $0.geometry.sublayerTransform = newValue.engine } }
    }

    /// The planar part of `transform`, or the identity when it is not planar.
    public func affineTransform() -> CGAffineTransform {
        CATransform3DGetAffineTransform(transform)
    }

    /// Replaces the whole transform.
    public func setAffineTransform(_ m: CGAffineTransform) {
        transform = CATransform3DMakeAffineTransform(m)
    }

    public var isDoubleSided: Bool {
        get { read("isDoubleSided") { $0.isDoubleSided } }
        set { write("isDoubleSided") { $0.isDoubleSided = newValue } }
    }

    // MARK: Converting between layers

    /// `p`, given in `layer`'s space (the top of the tree when nil), in this layer's space.
    public func convert(_ p: CGPoint, from layer: CALayer?) -> CGPoint {
        let session = session(for: "convert(_:from:)")
        return session.model.graph.convert(p.engine, from: layer?.layerID, to: layerID).map(CGPoint.init) ?? p
    }

    /// `p`, given in this layer's space, in `layer`'s space (the top of the tree when nil).
    public func convert(_ p: CGPoint, to layer: CALayer?) -> CGPoint {
        let session = session(for: "convert(_:to:)")
        return session.model.graph.convert(p.engine, from: layerID, to: layer?.layerID).map(CGPoint.init) ?? p
    }

    /// The box around `r`'s corners, given in `layer`'s space, in this layer's space.
    public func convert(_ r: CGRect, from layer: CALayer?) -> CGRect {
        Self.box(around: Self.corners(of: r).map { convert($0, from: layer) })
    }

    /// The box around `r`'s corners, given in this layer's space, in `layer`'s space.
    public func convert(_ r: CGRect, to layer: CALayer?) -> CGRect {
        Self.box(around: Self.corners(of: r).map { convert($0, to: layer) })
    }

    private static func corners(of r: CGRect) -> [CGPoint] {
        [CGPoint(x: r.minX, y: r.minY), CGPoint(x: r.maxX, y: r.minY), CGPoint(x: r.maxX, y: r.maxY), CGPoint(x: r.minX, y: r.maxY)]
    }

    private static func box(around points: [CGPoint]) -> CGRect {
        CGRect(Rect(around: points.map(\.engine)))
    }

    // MARK: Layout

    /// Marks the layer so that `layoutSublayers` runs before the session ends (or at
    /// `layoutIfNeeded`).
    public func setNeedsLayout() {
        write("setNeedsLayout") { $0.needsLayout = true }
    }

    public func needsLayout() -> Bool {
        read("needsLayout") { $0.needsLayout }
    }

    /// Lays out this layer, then its sublayers, wherever one is marked.
    public func layoutIfNeeded() {
        let session = session(for: "layoutIfNeeded")
        if session.model.graph[layerID]?.needsLayout == true {
            session.model.graph.update(layerID) { $0.needsLayout = false }
            layoutSublayers()
        }
        for id in session.model.graph[layerID]?.sublayers ?? [] {
            handle(id, in: session)?.layoutIfNeeded()
        }
    }
}
