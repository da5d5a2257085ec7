#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A layer graph's layers by path, as the timeline names them: each step is the layer's `name`, or
/// its place when it has none (`sublayers[2]`, `mask`), so a port's unnamed layers get lanes too
/// (docs/design/quartz.md §Keys). Layer controls add no animations yet: no records, and every
/// presentation value is the model value.
extension LayerGraph: ControlLayers {
    public var layerPaths: [LayerPath] {
        guard let root else { return [] }
        return paths(from: root, under: .root)
    }

    private func paths(from id: LayerID, under path: LayerPath) -> [LayerPath] {
        guard let node = nodes[id] else { return [] }
        let mask = node.mask.map { paths(from: $0, under: path.appending(Self.maskStep)) } ?? []
        return [path] + mask + node.sublayers.flatMap { paths(from: $0, under: path.appending(step(to: $0))) }
    }

    /// The step from a layer's superlayer (or the layer it masks) to it: its name, unless it has
    /// none, an earlier sibling has it, or it reads as a place; then its place.
    public func step(to id: LayerID) -> String {
        guard let node = nodes[id] else { return "" }
        if node.masks != nil { return Self.maskStep }
        guard let parent = node.superlayer, let siblings = nodes[parent]?.sublayers,
              let index = siblings.firstIndex(of: id) else { return "" }
        if let name = node.name, !name.isEmpty, !Self.readsAsPlace(name),
           siblings.first(where: { nodes[$0]?.name == name }) == id {
            return name
        }
        return Self.placeStep(index)
    }

    /// The layer at `path` from the root, or nil.
    public func layer(at path: LayerPath) -> LayerID? {
        var current = root
        for name in path.names {
            guard let id = current, let node = nodes[id] else { return nil }
            current = name == Self.maskStep ? node.mask : node.sublayers.first { step(to: $0) == name }
        }
        return current
    }

    public func allRecords() -> [(path: LayerPath, record: AnimationRecord)] { [] }

    public func presentationValue(_ property: LayerProperty, of path: LayerPath, at t: Double) -> AnimatableValue? {
        layer(at: path).flatMap { nodes[$0] }.map { modelValue(property, of: $0) }
    }

    /// Core Animation's key paths read on the model: `transform.rotation.z` and `transform.scale`
    /// derive from the 3D transform as its value(forKeyPath:) does (the turn of its x axis in the
    /// plane, the mean length of its three axes).
    private func modelValue(_ property: LayerProperty, of node: LayerNode) -> AnimatableValue {
        let m = node.geometry.transform
        switch property {
        case .path: return .path(node.shape.path ?? Path())
        case .fillColor: return .color(node.shape.fillColor ?? .clear)
        case .strokeColor: return .color(node.shape.strokeColor ?? .clear)
        case .lineWidth: return .double(node.shape.lineWidth)
        case .strokeStart: return .double(node.shape.strokeStart)
        case .strokeEnd: return .double(node.shape.strokeEnd)
        case .opacity: return .double(node.opacity)
        case .position: return .point(node.geometry.position)
        case .rotation: return .double(atan2(m.m12, m.m11))
        case .scale: return .double(m.meanAxisLength)
        case .transform: return .transform(AffineTransform(a: m.m11, b: m.m12, c: m.m21, d: m.m22, tx: m.m41, ty: m.m42))
        case .maskScale: return .double(node.mask.flatMap { nodes[$0]?.geometry.transform.meanAxisLength } ?? 1)
        }
    }

    public var estimatedBytes: Int {
        MemoryLayout<LayerGraph>.stride + nodes.count * (MemoryLayout<LayerID>.stride + MemoryLayout<LayerNode>.stride)
    }

    static let maskStep = "mask"

    static func placeStep(_ index: Int) -> String { "sublayers[\(index)]" }

    private static func readsAsPlace(_ name: String) -> Bool {
        name == maskStep || (name.hasPrefix("sublayers[") && name.hasSuffix("]"))
    }
}

extension Transform3D {
    /// The mean length of the x, y and z axes' images: the uniform scale `transform.scale` reads.
    var meanAxisLength: Double {
        ((m11 * m11 + m12 * m12 + m13 * m13).squareRoot() + (m21 * m21 + m22 * m22 + m23 * m23).squareRoot()
            + (m31 * m31 + m32 * m32 + m33 * m33).squareRoot()) / 3
    }
}
