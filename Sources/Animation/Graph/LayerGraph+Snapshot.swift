/// The graph's model values as the renderer's tree (docs/design/quartz.md §Drawing a layer).
extension LayerGraph {
    /// The whole tree from the root, placed by the root's own geometry; nil when there is no root
    /// or it is hidden.
    public func snapshot() -> LayerSnapshot? {
        root.flatMap { snapshot(of: $0, parent: nil) }
    }

    /// Features in the graph that `snapshot()` does not draw yet, one line each, for warnings.
    public var undrawnFeatures: [String] {
        nodes.keys.sorted().compactMap { id -> String? in
            guard let node = nodes[id] else { return nil }
            var missing: [String] = []
            if node.box.castsShadow { missing.append("shadow") }
            if node.kind == .transform { missing.append("3D sublayers of a transform layer") }
            if let mask = node.mask, clipPath(ofMask: mask) == nil { missing.append("a mask that is not one opaque filled path") }
            if node.geometry.toSuperlayerPlane.flattened.affine == nil { missing.append("a perspective or 3D transform") }
            return missing.isEmpty ? nil : "\(node.name ?? "\(id)"): " + missing.joined(separator: ", ")
        }
    }

    private func snapshot(of id: LayerID, parent: LayerGeometry?) -> LayerSnapshot? {
        guard let node = nodes[id], !node.isHidden else { return nil }
        let toParent = (parent.map { node.geometry.toSuperlayer($0) } ?? node.geometry.toSuperlayerPlane).flattened
        guard let transform = toParent.affine else { return nil }
        let name = node.name ?? "\(id)"
        let bounds = node.geometry.bounds
        let outline = node.box.outline(of: bounds)
        // Drawing order: background, the shape, sublayers (by zPosition, then order), border.
        var layers: [LayerSnapshot] = []
        if let background = node.box.backgroundColor, background.alpha > 0 {
            layers.append(LayerSnapshot(name: name + ".background", content: .shape(ShapeContent(path: outline, fillColor: background))))
        }
        if node.kind == .shape, let shape = node.shape.content {
            layers.append(LayerSnapshot(name: name + ".shape", content: .shape(shape)))
        }
        let ordered = node.sublayers.enumerated().sorted {
            let (a, b) = (nodes[$0.element]?.geometry.zPosition ?? 0, nodes[$1.element]?.geometry.zPosition ?? 0)
            return a != b ? a < b : $0.offset < $1.offset
        }
        layers += ordered.compactMap { snapshot(of: $0.element, parent: node.geometry) }
        if let ring = node.box.borderRing(of: bounds), let color = node.box.borderColor {
            layers.append(LayerSnapshot(name: name + ".border", content: .shape(ShapeContent(path: ring, fillColor: color, fillRule: .evenOdd))))
        }
        // Clipping: the rounded bounds, then the mask inside them (a clip within a clip).
        var clips: [Path] = []
        if node.box.masksToBounds { clips.append(outline) }
        if let mask = node.mask, let path = clipPath(ofMask: mask) { clips.append(path) }
        var tree = LayerSnapshot(name: name, mask: clips.last, sublayers: layers)
        for clip in clips.dropLast().reversed() {
            tree = LayerSnapshot(name: name, mask: clip, sublayers: [tree])
        }
        // The outermost node places the layer and fades it as a group.
        tree.transform = transform
        tree.opacity = node.opacity
        return tree
    }

    /// A mask the renderer can draw as a clip: a shape layer with one opaque fill, no stroke, no
    /// background, no sublayers, full opacity and a planar transform; its path in the owner's space.
    func clipPath(ofMask id: LayerID) -> Path? {
        guard let mask = nodes[id], mask.kind == .shape, !mask.isHidden, mask.opacity >= 1, mask.sublayers.isEmpty,
              mask.box.isPlain, mask.mask == nil, let path = mask.shape.path, mask.shape.fillColor?.alpha == 1,
              (mask.shape.strokeColor?.alpha ?? 0) == 0 || mask.shape.lineWidth <= 0,
              let transform = mask.geometry.toSuperlayerPlane.flattened.affine else { return nil }
        return path.applying(transform)
    }
}

extension ShapeStyle {
    /// What the renderer draws for a shape layer; nil without a path.
    public var content: ShapeContent? {
        guard let path else { return nil }
        let dash = lineDashPattern.flatMap { $0.isEmpty ? nil : ShapeContent.Dash(pattern: $0, phase: lineDashPhase) }
        return ShapeContent(path: path, fillColor: fillColor, fillRule: fillRule, strokeColor: strokeColor, lineWidth: lineWidth,
                            lineCap: lineCap, lineJoin: lineJoin, miterLimit: miterLimit, strokeStart: strokeStart,
                            strokeEnd: strokeEnd, dash: dash)
    }
}
