/// The animatable properties of a layer, keyed by Core Animation's key paths.
public enum LayerProperty: String, Sendable, CaseIterable, Codable {
    case path
    case fillColor
    case strokeColor
    case lineWidth
    case strokeStart
    case strokeEnd
    case opacity
    case position
    case rotation = "transform.rotation.z"
    case scale = "transform.scale"
    case transform
    /// The uniform scale of the layer's mask about the layer's anchor.
    case maskScale = "mask.transform.scale"

    public var valueKind: AnimatableValue.Kind {
        switch self {
        case .path: .path
        case .fillColor, .strokeColor: .color
        case .position: .point
        case .transform: .transform
        case .lineWidth, .strokeStart, .strokeEnd, .opacity, .rotation, .scale, .maskScale: .double
        }
    }
}
