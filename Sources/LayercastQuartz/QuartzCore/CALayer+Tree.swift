import Animation

/// The layer tree: sublayers in drawing order (back to front), a superlayer, and a mask, which
/// has no superlayer (docs/design/quartz.md §Tree).
extension CALayer {
    public var superlayer: CALayer? {
        let session = session(for: "superlayer")
        return handle(session.model.graph[layerID]?.superlayer, in: session)
    }

    /// Nil when there are none, as Core Animation answers. Setting it replaces them all.
    public var sublayers: [CALayer]? {
        get {
            let session = session(for: "sublayers")
            let ids = session.model.graph[layerID]?.sublayers ?? []
            return ids.isEmpty ? nil : ids.compactMap { handle($0, in: session) }
        }
        set {
            let session = session(for: "sublayers")
            for id in session.model.graph[layerID]?.sublayers ?? [] { session.model.graph.removeFromParent(id) }
            for layer in newValue ?? [] { place(layer, at: nil, in: session) }
        }
    }

    public func addSublayer(_ layer: CALayer) {
        place(layer, at: nil, in: session(for: "addSublayer"))
    }

    public func insertSublayer(_ layer: CALayer, at index: UInt32) {
        place(layer, at: Int(index), in: session(for: "insertSublayer(_:at:)"))
    }

    /// Just above `sibling`, or on top when `sibling` is nil or not a sublayer.
    public func insertSublayer(_ layer: CALayer, above sibling: CALayer?) {
        let session = session(for: "insertSublayer(_:above:)")
        let index = sibling.flatMap { s in session.model.graph[layerID]?.sublayers.firstIndex(of: s.layerID) }
        place(layer, at: index.map { $0 + 1 }, in: session, after: layer.layerID)
    }

    /// Just below `sibling`, or at the bottom when `sibling` is nil or not a sublayer.
    public func insertSublayer(_ layer: CALayer, below sibling: CALayer?) {
        let session = session(for: "insertSublayer(_:below:)")
        let index = sibling.flatMap { s in session.model.graph[layerID]?.sublayers.firstIndex(of: s.layerID) }
        place(layer, at: index ?? 0, in: session, after: layer.layerID)
    }

    /// Puts `new` where `old` is; nothing happens when `old` is not a sublayer.
    public func replaceSublayer(_ old: CALayer, with new: CALayer) {
        let session = session(for: "replaceSublayer(_:with:)")
        guard let index = session.model.graph[layerID]?.sublayers.firstIndex(of: old.layerID) else {
            session.warn("replaceSublayer(_:with:): '\(session.label(old))' is not a sublayer of '\(session.label(self))'; nothing was replaced")
            return
        }
        session.model.graph.removeFromParent(old.layerID)
        place(new, at: index, in: session)
    }

    public func removeFromSuperlayer() {
        session(for: "removeFromSuperlayer").model.graph.removeFromParent(layerID)
    }

    /// A layer whose alpha selects what of this layer shows. Setting one takes it from wherever it was.
    public var mask: CALayer? {
        get {
            let session = session(for: "mask")
            return handle(session.model.graph[layerID]?.mask, in: session)
        }
        set {
            let session = session(for: "mask")
            if !session.model.graph.setMask(newValue?.layerID, of: layerID) {
                session.warn("mask: '\(newValue.map(session.label) ?? "nil")' cannot mask '\(session.label(self))' (it contains it); ignored")
            }
        }
    }

    /// Inserts `layer`, taking it from where it was; when moving it within this layer's own list,
    /// the index counts the list without it, as Core Animation's does.
    private func place(_ layer: CALayer, at index: Int?, in session: LayerSession, after moving: LayerID? = nil) {
        precondition(layer.handles === handles, "addSublayer: the layer belongs to another control")
        var at = index
        if let i = index, let moving, let current = session.model.graph[layerID]?.sublayers.firstIndex(of: moving), current < i {
            at = i - 1
        }
        if !session.model.graph.insert(layer.layerID, into: layerID, at: at) {
            session.warn("addSublayer: '\(session.label(layer))' contains '\(session.label(self))', so it cannot be its sublayer; ignored")
        }
    }
}
