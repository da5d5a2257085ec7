/// A layer's identity within one control's layer graph: assigned in creation order, so a scene
/// replayed from its commands, or on a replica, gives every layer the same id.
public struct LayerID: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: Int

    public init(_ rawValue: Int) { self.rawValue = rawValue }

    public static func < (a: LayerID, b: LayerID) -> Bool { a.rawValue < b.rawValue }

    public var description: String { "#\(rawValue)" }
}

/// One CALayer (or subclass) as a value: its model properties and its place in the tree. The
/// tree's truth lives here; the face's CALayer objects are handles onto it
/// (docs/design/quartz.md §Layers as handles).
public struct LayerNode: Hashable, Sendable, Codable {
    public enum Kind: String, Hashable, Sendable, Codable {
        case layer, shape
        /// Keeps its sublayers in 3D; draws no box or contents of its own.
        case transform
        /// Fills its bounds with a gradient above its background.
        case gradient
        /// Draws its sublayers several times, each instance moved and tinted.
        case replicator
        /// Lays its string out in its bounds.
        case text
    }

    public let kind: Kind
    public var name: String?
    public var geometry = LayerGeometry()
    public var box = LayerBox()
    /// Only a `.shape` layer draws it.
    public var shape = ShapeStyle()
    /// Only a `.gradient` layer draws it.
    public var gradient = GradientStyle()
    /// Only a `.replicator` layer uses it.
    public var replicator = ReplicatorStyle()
    /// Only a `.text` layer draws it.
    public var text = TextStyle()
    public var opacity = 1.0
    /// Kept for the face; drawing does not use it yet.
    public var contentsScale = 1.0
    public var isHidden = false
    /// When false, a layer turned away from the viewer is not drawn.
    public var isDoubleSided = true
    /// A layer with no superlayer whose alpha selects what of this layer shows.
    public internal(set) var mask: LayerID?
    public internal(set) var sublayers: [LayerID] = []
    public internal(set) var superlayer: LayerID?
    /// The layer whose `mask` this layer is, if any.
    public internal(set) var masks: LayerID?
    public var needsLayout = false
    /// Values stored with `setValue(_:forKey:)` under keys that are not properties.
    public var userValues: [String: UserValue] = [:]

    public init(kind: Kind) {
        self.kind = kind
    }

    /// What `setValue(_:forKey:)` may keep for keys that are not properties: plain values, so the
    /// graph stays a value that can be stored and compared.
    public enum UserValue: Hashable, Sendable, Codable {
        case bool(Bool)
        case number(Double)
        case string(String)
    }
}
