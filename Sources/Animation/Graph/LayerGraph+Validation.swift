/// The check a command's layer code meets when its session ends: Core Animation's setters take
/// anything, so a value that cannot be drawn (NaN, infinite) is found here, and the host refuses the
/// command whole (docs/design/quartz.md §Bad values).
extension LayerGraph {
    /// The first layer (by id) holding a value that is not finite, and the property's name.
    public func firstNonFiniteValue() -> (layer: LayerID, property: String)? {
        for id in nodes.keys.sorted() {
            if let node = nodes[id], let property = node.firstNonFiniteProperty { return (id, property) }
        }
        return nil
    }

    /// The most layers one frame of a control's graph may draw, each replicator instance's copies
    /// counted: what a frame costs is bounded when the command commits, before anything is drawn.
    public static let maxDrawnLayers = 10_000

    /// How many layers a frame draws from the root, counting each replicator's sublayers once per
    /// instance and stopping once past `maxDrawnLayers`.
    public func drawnLayerCount() -> Int {
        guard let root else { return 0 }
        var count = 0
        func visit(_ id: LayerID, times: Int) {
            guard count <= Self.maxDrawnLayers, let node = nodes[id], times > 0 else { return }
            count += times
            if let mask = node.mask { visit(mask, times: times) }
            // A product past the budget is capped just above it, so it cannot overflow.
            let children = node.kind == .replicator ? min(times * min(node.replicator.drawnCount, Self.maxDrawnLayers + 1),
                                                          Self.maxDrawnLayers + 1) : times
            for child in node.sublayers { visit(child, times: children) }
        }
        visit(root, times: 1)
        return count
    }

    /// The replicator to blame when the graph draws more than `maxDrawnLayers`: the one drawing the
    /// most instances; nil when the graph is within the budget.
    public func replicatorOverBudget() -> LayerID? {
        guard drawnLayerCount() > Self.maxDrawnLayers else { return nil }
        return nodes.filter { $0.value.kind == .replicator }
            .max { ($0.value.replicator.drawnCount, $1.key) < ($1.value.replicator.drawnCount, $0.key) }?.key
    }

    /// The longest string a text layer may hold, in characters: its layout's cost is bounded when the
    /// command commits.
    public static let maxTextLength = 10_000

    /// The first text layer (by id) whose string is longer than `maxTextLength`.
    public func firstOverlongText() -> LayerID? {
        nodes.keys.sorted().first { (nodes[$0]?.text.string?.count ?? 0) > Self.maxTextLength }
    }

    /// The name people know a layer by: its `name`, or its steps from the root as the timeline names
    /// them ("root.sublayers[2]", "root.ring.mask"); "#id" starts the steps of a layer outside the tree.
    public func label(of id: LayerID) -> String {
        if let name = nodes[id]?.name, !name.isEmpty { return name }
        var steps: [String] = []
        var current = id
        while let node = nodes[current], let up = node.superlayer ?? node.masks {
            steps.append(step(to: current))
            current = up
        }
        let top = current == root ? "root" : "\(current)"
        return ([top] + steps.reversed()).joined(separator: ".")
    }
}

extension LayerNode {
    var firstNonFiniteProperty: String? {
        let g = geometry
        let numbers: [(String, [Double])] = [
            ("bounds", [g.bounds.minX, g.bounds.minY, g.bounds.width, g.bounds.height]),
            ("position", [g.position.x, g.position.y]), ("anchorPoint", [g.anchorPoint.x, g.anchorPoint.y]),
            ("anchorPointZ", [g.anchorPointZ]), ("zPosition", [g.zPosition]),
            ("transform", g.transform.rows), ("sublayerTransform", g.sublayerTransform.rows),
            ("opacity", [opacity]), ("cornerRadius", [box.cornerRadius]), ("borderWidth", [box.borderWidth]),
            ("shadowOpacity", [box.shadowOpacity]), ("shadowOffset", [box.shadowOffset.width, box.shadowOffset.height]),
            ("shadowRadius", [box.shadowRadius]),
            ("backgroundColor", box.backgroundColor?.components ?? []), ("borderColor", box.borderColor?.components ?? []),
            ("shadowColor", box.shadowColor?.components ?? []), ("shadowPath", box.shadowPath?.coordinates ?? []),
            ("path", shape.path?.coordinates ?? []), ("fillColor", shape.fillColor?.components ?? []),
            ("strokeColor", shape.strokeColor?.components ?? []), ("lineWidth", [shape.lineWidth]),
            ("miterLimit", [shape.miterLimit]), ("lineDashPattern", shape.lineDashPattern ?? []),
            ("lineDashPhase", [shape.lineDashPhase]), ("strokeStart", [shape.strokeStart]), ("strokeEnd", [shape.strokeEnd]),
            ("colors", gradient.colors?.flatMap(\.components) ?? []), ("locations", gradient.locations ?? []),
            ("startPoint", [gradient.startPoint.x, gradient.startPoint.y]), ("endPoint", [gradient.endPoint.x, gradient.endPoint.y]),
            ("instanceTransform", replicator.instanceTransform.rows), ("instanceDelay", [replicator.instanceDelay]),
            ("instanceColor", replicator.instanceColor?.components ?? []),
            ("instanceRedOffset", [replicator.instanceRedOffset]), ("instanceGreenOffset", [replicator.instanceGreenOffset]),
            ("instanceBlueOffset", [replicator.instanceBlueOffset]), ("instanceAlphaOffset", [replicator.instanceAlphaOffset]),
            ("fontSize", [text.fontSize]), ("foregroundColor", text.foregroundColor?.components ?? []),
        ]
        return numbers.first { !$0.1.allSatisfy(\.isFinite) }?.0
    }
}

extension Color {
    var components: [Double] { [red, green, blue, alpha] }
}

extension Path {
    /// Every coordinate of every point, for checks that look at all of them.
    var coordinates: [Double] {
        elements.flatMap { e -> [Double] in
            switch e {
            case .move(let p), .line(let p): [p.x, p.y]
            case .cubic(let a, let b, let c): [a.x, a.y, b.x, b.y, c.x, c.y]
            case .close: []
            }
        }
    }
}
