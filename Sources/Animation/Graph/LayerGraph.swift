/// One control's layers as a value: every layer by id, and the tree they form under `root`. Copying
/// the graph copies the whole tree, so a scene's history, its renders off the lock and its replicas
/// never see later changes (docs/design/quartz.md §Layers as handles).
public struct LayerGraph: Hashable, Sendable, Codable {
    public private(set) var nodes: [LayerID: LayerNode] = [:]
    public private(set) var root: LayerID?
    private var nextID = 1

    public init() {}

    /// A new layer with no superlayer; the first one made becomes the root.
    public mutating func create(_ kind: LayerNode.Kind) -> LayerID {
        let id = LayerID(nextID)
        nextID += 1
        nodes[id] = LayerNode(kind: kind)
        if root == nil { root = id }
        return id
    }

    /// Makes `id` the layer the graph is drawn from (a control's `layer`, whichever it made first);
    /// false when there is no such layer or it has a superlayer or masks another.
    @discardableResult
    public mutating func setRoot(_ id: LayerID) -> Bool {
        guard let node = nodes[id], node.superlayer == nil, node.masks == nil else { return false }
        root = id
        return true
    }

    public subscript(id: LayerID) -> LayerNode? {
        nodes[id]
    }

    /// Changes one layer's model values. Its links (sublayers, superlayer, mask) are not settable
    /// outside this module: only the tree operations below change them, keeping both ends in step.
    @discardableResult
    public mutating func update<T>(_ id: LayerID, _ change: (inout LayerNode) -> T) -> T? {
        guard var node = nodes[id] else { return nil }
        let result = change(&node)
        nodes[id] = node
        return result
    }

    // MARK: The tree

    /// Layers from `id` up to the top of its tree, `id` first.
    public func ancestry(of id: LayerID) -> [LayerID] {
        var chain: [LayerID] = []
        var next: LayerID? = id
        while let current = next, nodes[current] != nil {
            chain.append(current)
            next = nodes[current]?.superlayer ?? nodes[current]?.masks
        }
        return chain
    }

    /// Inserts `child` into `parent`'s sublayers at `index` (clamped to the list), taking it from
    /// where it was. Refused, and false, when it would make a cycle or either layer is unknown: Core
    /// Animation's behaviour there is undefined (docs/design/quartz.md §Tree).
    @discardableResult
    public mutating func insert(_ child: LayerID, into parent: LayerID, at index: Int? = nil) -> Bool {
        guard child != parent, nodes[child] != nil, nodes[parent] != nil, !ancestry(of: parent).contains(child) else { return false }
        removeFromParent(child)
        let count = nodes[parent]?.sublayers.count ?? 0
        let at = min(max(index ?? count, 0), count)
        nodes[parent]?.sublayers.insert(child, at: at)
        nodes[child]?.superlayer = parent
        return true
    }

    /// Takes `child` out of its superlayer's sublayers, or off the layer it masks.
    public mutating func removeFromParent(_ child: LayerID) {
        if let parent = nodes[child]?.superlayer {
            nodes[parent]?.sublayers.removeAll { $0 == child }
            nodes[child]?.superlayer = nil
        }
        if let owner = nodes[child]?.masks {
            nodes[owner]?.mask = nil
            nodes[child]?.masks = nil
        }
    }

    /// Makes `mask` (or nothing) `id`'s mask. A mask has no superlayer: it is taken from where it
    /// was, as it is in Core Animation. Refused when it would make a cycle.
    @discardableResult
    public mutating func setMask(_ mask: LayerID?, of id: LayerID) -> Bool {
        guard nodes[id] != nil else { return false }
        if let mask {
            guard mask != id, nodes[mask] != nil, !ancestry(of: id).contains(mask) else { return false }
        }
        if let old = nodes[id]?.mask {
            nodes[old]?.masks = nil
            nodes[id]?.mask = nil
        }
        if let mask {
            removeFromParent(mask)
            nodes[mask]?.masks = id
            nodes[id]?.mask = mask
        }
        return true
    }

    // MARK: Coordinates

    /// From `id`'s own space to the top of its tree, flattened wherever a layer that is not a
    /// transform layer takes its sublayers into its plane (docs/design/quartz.md §Flattening).
    public func toTop(_ id: LayerID) -> Transform3D {
        var m = Transform3D.identity
        var current = id
        while let node = nodes[current] {
            if let parentID = node.superlayer, let parent = nodes[parentID] {
                let step = node.geometry.toSuperlayer(parent.geometry)
                m = m.concatenating(parent.kind == .transform ? step : step.flattened)
                current = parentID
            } else if let ownerID = node.masks {
                // A mask lies in its owner's own space, outside the owner's sublayerTransform.
                m = m.concatenating(node.geometry.toSuperlayerPlane.flattened)
                current = ownerID
            } else {
                break
            }
        }
        return m
    }

    /// A point in `from`'s space (the top of the tree when nil) in `to`'s (the same). Nil when the
    /// target's transform flattens its plane, or the point lands behind the viewer.
    public func convert(_ p: Point, from: LayerID?, to: LayerID?) -> Point? {
        let up = from.map(toTop) ?? .identity
        guard let down = (to.map(toTop) ?? .identity).flattened.inverted else { return nil }
        return up.flattened.concatenating(down).project(p)
    }
}
