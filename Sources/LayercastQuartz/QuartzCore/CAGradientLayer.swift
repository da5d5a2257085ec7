import Animation

/// A layer that fills its bounds with a gradient, above its background and inside its rounded
/// corners (docs/design/quartz.md §Gradients). Defaults are Core Animation's: no colours (nothing is
/// drawn), evenly spaced locations, from (0.5, 0) to (0.5, 1) in unit space, axial.
open class CAGradientLayer: CALayer {
    override class var nodeKind: LayerNode.Kind { .gradient }

    /// `CGColor`s, as on iOS; an element of another type is left out, and warned about.
    public var colors: [Any]? {
        get { read("colors") { $0.gradient.colors.map { $0.map { CGColor($0) as Any } } } }
        set {
            let session = session(for: "colors")
            let given = newValue?.compactMap { $0 as? CGColor }
            if let newValue, given?.count != newValue.count {
                session.warn("colors: \(newValue.count - (given?.count ?? 0)) of \(newValue.count) elements are not CGColor; left out")
            }
            write("colors") { $0.gradient.colors = given?.map(\.engine) }
        }
    }

    /// Where each colour sits, 0…1, one per colour; nil spaces them evenly. A list of another
    /// length is kept, and ignored when drawing, as the colours are spaced evenly then.
    public var locations: [NSNumber]? {
        get { read("locations") { $0.gradient.locations.map { $0.map { NSNumber(value: $0) } } } }
        set { write("locations") { $0.gradient.locations = newValue?.map(\.doubleValue) } }
    }

    /// In the unit space of the bounds: (0, 0) is the top-left corner.
    public var startPoint: CGPoint {
        get { read("startPoint") { CGPoint($0.gradient.startPoint) } }
        set { write("startPoint") { $0.gradient.startPoint = newValue.engine } }
    }

    public var endPoint: CGPoint {
        get { read("endPoint") { CGPoint($0.gradient.endPoint) } }
        set { write("endPoint") { $0.gradient.endPoint = newValue.engine } }
    }

    public var type: CAGradientLayerType {
        get { read("type") { CAGradientLayerType(rawValue: $0.gradient.type.rawValue) } }
        set { write("type", named: newValue.rawValue, as: GradientContent.Kind.self) { $0.gradient.type = $1 } }
    }
}

public struct CAGradientLayerType: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let axial = CAGradientLayerType(rawValue: "axial")
    public static let radial = CAGradientLayerType(rawValue: "radial")
    public static let conic = CAGradientLayerType(rawValue: "conic")
}
