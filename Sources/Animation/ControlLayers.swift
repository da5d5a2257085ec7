/// A control's layers as the scene reads them apart from drawing: the timeline's lanes, the
/// samples of `GET /timeline/values` and the weight of the history's copies. The engine's
/// `ShapeLayer` trees and the Core Animation face's `LayerGraph` both answer it, each naming a layer
/// by its path from the root (docs/design/engine.md §Timeline).
public protocol ControlLayers: Sendable {
    /// Every layer's path, the root's (empty) first, then depth first in drawing order.
    var layerPaths: [LayerPath] { get }
    /// Every animation record, each with its layer's path.
    func allRecords() -> [(path: LayerPath, record: AnimationRecord)]
    /// The value `property` shows on the layer at `path` at scene time `t`; nil when no layer is there.
    func presentationValue(_ property: LayerProperty, of path: LayerPath, at t: Double) -> AnimatableValue?
    /// About how many bytes a copy holds of its own (`SceneHistory` prices copies by it).
    var estimatedBytes: Int { get }
}

extension ShapeLayer: ControlLayers {
    public var layerPaths: [LayerPath] { paths(under: .root) }

    private func paths(under path: LayerPath) -> [LayerPath] {
        [path] + sublayers.flatMap { $0.paths(under: path.appending($0.name)) }
    }

    public func allRecords() -> [(path: LayerPath, record: AnimationRecord)] { allRecords(under: .root) }

    public func presentationValue(_ property: LayerProperty, of path: LayerPath, at t: Double) -> AnimatableValue? {
        self[path]?.presentationValue(property, at: t)
    }
}
