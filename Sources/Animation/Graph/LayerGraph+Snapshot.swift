/// The graph's model values as the renderer's tree (docs/design/quartz.md §Drawing a layer).
extension LayerGraph {
    /// The whole tree from the root, placed by the root's own geometry; nil when there is no root
    /// or it is hidden.
    public func snapshot() -> LayerSnapshot? {
        guard let root, let node = nodes[root] else { return nil }
        return snapshot(of: root, placement: node.geometry.toSuperlayerPlane)
    }

    /// `id`'s layer placed by `placement`: the whole 4 × 4 from its own space to the plane of the
    /// nearest ancestor that flattens (its superlayer, unless transform layers lie between), not yet
    /// flattened. Nil when it draws nothing: hidden, or turned away and single-sided.
    private func snapshot(of id: LayerID, placement: Transform3D) -> LayerSnapshot? {
        guard let node = nodes[id], !node.isHidden else { return nil }
        let name = node.name ?? "\(id)"
        if node.kind == .transform { return snapshot(ofTransformLayer: node, name: name, placement: placement) }
        if !node.isDoubleSided && Self.facesAway(placement) { return nil }

        let bounds = node.geometry.bounds
        let outline = node.box.outline(of: bounds)
        // Drawing order: background, the shape or gradient, sublayers (by zPosition, then order), border.
        var layers: [LayerSnapshot] = []
        if let background = node.box.backgroundColor, background.alpha > 0 {
            layers.append(LayerSnapshot(name: name + ".background", content: .shape(ShapeContent(path: outline, fillColor: background))))
        }
        if node.kind == .shape, let shape = node.shape.content {
            layers.append(LayerSnapshot(name: name + ".shape", content: .shape(shape)))
        }
        if node.kind == .gradient, let gradient = node.gradient.content(in: bounds) {
            // Filled like the background: inside the rounded outline, whether or not it masks.
            let rounded = node.box.cornerRadius > 0 ? outline : nil
            layers.append(LayerSnapshot(name: name + ".gradient", content: .gradient(gradient), mask: rounded))
        }
        if node.kind == .text, let text = node.text.content(in: bounds) {
            layers.append(LayerSnapshot(name: name + ".text", content: .textBlock(text)))
        }
        if node.kind == .replicator {
            layers += instances(of: node, name: name)
        } else {
            layers += ordered(node.sublayers).compactMap { child in
                nodes[child].flatMap { snapshot(of: child, placement: $0.geometry.toSuperlayer(node.geometry)) }
            }
        }
        if let ring = node.box.borderRing(of: bounds), let color = node.box.borderColor {
            layers.append(LayerSnapshot(name: name + ".border", content: .shape(ShapeContent(path: ring, fillColor: color, fillRule: .evenOdd))))
        }

        // Clipping: the rounded bounds, then the mask inside them (a clip within a clip). A mask
        // that is not one opaque path multiplies by its alpha instead.
        let bound = node.box.masksToBounds ? outline : nil
        let maskClip = node.mask.flatMap(clipPath(ofMask:))
        let alphaMask = node.mask.flatMap { id -> [LayerSnapshot]? in
            guard maskClip == nil, let mask = nodes[id] else { return nil }
            // A mask lies in its owner's own space, outside the owner's sublayerTransform; a hidden
            // one lets nothing through (docs/design/quartz.md §Drawing a layer).
            return [snapshot(of: id, placement: mask.geometry.toSuperlayerPlane)].compactMap { $0 }
        }
        let shadow = node.box.shadow
        var tree = LayerSnapshot(name: name, mask: bound, sublayers: layers, shadow: shadow, alphaMask: alphaMask)
        if let maskClip {
            if shadow != nil {
                // The shadow is cast by what the rounded bounds let through, unmasked, and the mask
                // then clips both: its clip goes outside (docs/design/quartz.md §Shadows).
                tree = LayerSnapshot(name: name, mask: maskClip, sublayers: [tree])
            } else if bound == nil {
                tree.mask = maskClip
            } else {
                tree = LayerSnapshot(name: name, mask: bound, sublayers: [LayerSnapshot(name: name, mask: maskClip, sublayers: layers)])
            }
        }
        // The outermost node places the layer and fades it as a group.
        let flat = placement.flattened
        if let affine = flat.affine {
            tree.transform = affine
        } else {
            tree.projection = Projection(flat)
        }
        tree.opacity = node.opacity
        return tree
    }

    /// A transform layer draws no box of its own: its sublayers keep their 3D placement into the
    /// plane the transform layer itself lands in, through any transform layers below it, and are
    /// drawn there back to front by depth (docs/design/quartz.md §3D).
    private func snapshot(ofTransformLayer node: LayerNode, name: String, placement: Transform3D) -> LayerSnapshot {
        var leaves: [(depth: Double, order: Int, tree: LayerSnapshot)] = []
        func collect(_ parent: LayerNode, placement: Transform3D, opacity: Double) {
            for child in ordered(parent.sublayers) {
                guard let sub = nodes[child], !sub.isHidden else { continue }
                let p = sub.geometry.toSuperlayer(parent.geometry).concatenating(placement)
                if sub.kind == .transform {
                    collect(sub, placement: p, opacity: opacity * sub.opacity)
                } else if var tree = snapshot(of: child, placement: p) {
                    // A transform layer is no group: its opacity reaches each sublayer on its own.
                    tree.opacity *= opacity
                    leaves.append((Self.depth(of: sub.geometry.bounds, placement: p), leaves.count, tree))
                }
            }
        }
        collect(node, placement: placement, opacity: node.opacity)
        leaves.sort { $0.depth != $1.depth ? $0.depth < $1.depth : $0.order < $1.order }
        return LayerSnapshot(name: name, sublayers: leaves.map(\.tree))
    }

    /// A replicator's sublayers, once per instance in index order (later on top): instance k's
    /// placed by the instance transform k times over about the bounds' centre, after each
    /// sublayer's own placement and before the replicator's sublayerTransform, and tinted by its
    /// colour (docs/design/quartz.md §Replicators).
    private func instances(of node: LayerNode, name: String) -> [LayerSnapshot] {
        let style = node.replicator
        let sublayerTransform = node.geometry.sublayerTransformAboutAnchor
        return style.placements(about: node.geometry.bounds.center).enumerated().map { k, extra in
            let copies = ordered(node.sublayers).compactMap { child in
                nodes[child].flatMap { snapshot(of: child, placement: $0.geometry.toSuperlayerPlane.concatenating(extra)
                    .concatenating(sublayerTransform)) }
            }
            let color = style.color(ofInstance: k)
            var instance = LayerSnapshot(name: "\(name).instance\(k)", sublayers: copies)
            if color.red < 1 || color.green < 1 || color.blue < 1 {
                instance.tint = color
            } else {
                instance.opacity = color.alpha
            }
            return instance
        }
    }

    /// Sublayers in drawing order: by zPosition (higher on top), equal ones in list order.
    private func ordered(_ ids: [LayerID]) -> [LayerID] {
        ids.enumerated().sorted {
            let (a, b) = (nodes[$0.element]?.geometry.zPosition ?? 0, nodes[$1.element]?.geometry.zPosition ?? 0)
            return a != b ? a < b : $0.offset < $1.offset
        }.map(\.element)
    }

    /// How near the viewer the centre of `bounds` lands: its z after the divide, toward the viewer
    /// growing; −∞ behind the viewer, so that such a layer is drawn first.
    static func depth(of bounds: Rect, placement: Transform3D) -> Double {
        let c = bounds.center
        let h = placement.homogeneous(c.x, c.y, 0)
        guard h.w > 0, h.z.isFinite else { return -.infinity }
        return h.z / h.w
    }

    /// Whether a layer placed by `m` shows its back: the layer's normal (0, 0, 1), carried by the
    /// inverse transpose of `m`, points away from the viewer. Its z is the cofactor of m33 over the
    /// determinant, and the cofactor is the determinant of the plane's 3 × 3 map (rows and columns
    /// 1, 2, 4), so the sign of their product decides; a singular `m` shows its front
    /// (docs/design/quartz.md §3D).
    static func facesAway(_ m: Transform3D) -> Bool {
        let cofactor = Projection(m).determinant
        return cofactor * m.determinant < 0
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

extension LayerBox {
    /// What the renderer casts for this box; nil when it casts nothing. The opacity goes into the
    /// colour's alpha; a negative or broken radius is no blur, a broken offset no shadow.
    public var shadow: LayerSnapshot.Shadow? {
        guard castsShadow, var color = shadowColor, shadowOffset.width.isFinite, shadowOffset.height.isFinite else { return nil }
        color.alpha *= shadowOpacity.isFinite ? min(shadowOpacity, 1) : 0
        guard color.alpha > 0 else { return nil }
        let radius = shadowRadius.isFinite ? max(shadowRadius, 0) : 0
        return LayerSnapshot.Shadow(color: color, offset: shadowOffset, radius: radius, path: shadowPath)
    }
}

extension Transform3D {
    /// The 4 × 4 determinant (by 2 × 2 minors of the top and bottom row pairs).
    var determinant: Double {
        let m = rows
        let s0 = m[0] * m[5] - m[4] * m[1], s1 = m[0] * m[6] - m[4] * m[2], s2 = m[0] * m[7] - m[4] * m[3]
        let s3 = m[1] * m[6] - m[5] * m[2], s4 = m[1] * m[7] - m[5] * m[3], s5 = m[2] * m[7] - m[6] * m[3]
        let c5 = m[10] * m[15] - m[14] * m[11], c4 = m[9] * m[15] - m[13] * m[11], c3 = m[9] * m[14] - m[13] * m[10]
        let c2 = m[8] * m[15] - m[12] * m[11], c1 = m[8] * m[14] - m[12] * m[10], c0 = m[8] * m[13] - m[12] * m[9]
        return s0 * c5 - s1 * c4 + s2 * c3 + s3 * c2 - s4 * c1 + s5 * c0
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
