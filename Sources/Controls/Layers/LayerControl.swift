import Animation
import LayercastQuartz

/// A control written as iOS code writes it: a class that keeps its layers in stored properties and
/// changes them later, under `import LayercastQuartz` (docs/write-a-control.md,
/// docs/design/quartz.md §Layer controls). The SDK keeps it as a value (`LayerControlHost`): its
/// layers and `@ControlState` values live in a `LayerModel`, and the object holds only handles.
public protocol LayerControl: AnyObject, SendableMetatype {
    /// Plain stored values the control reads, exposed as props.
    associatedtype Configuration: PropConfiguration & Codable = NoProps
    /// What `GET /state` reports; the named layers' model values unless the control says otherwise.
    associatedtype State: Codable & Sendable = LayerTreeState

    /// "menu-icon": its `control=` value and the first segment of its commands' paths.
    static var id: FrameSubject { get }
    /// What people read on its card and in the docs.
    static var title: String { get }
    /// Its commands, declared with `CommandDeclaration(_:on:…)` on the control's class.
    static var commands: [CommandDeclaration] { get }

    /// The set-up: makes the layers (in a session) in the same order every time.
    init()
    /// The layer the control draws; its bounds' size is the design size.
    var layer: CALayer { get }
    /// Applies new props, with actions off; nothing by default.
    func configure(_ configuration: Configuration)
    /// Its `GET /state` member.
    func state() -> State
    /// The theme changed, as UIKit tells a view: colours a layer holds as `CGColor` do not follow
    /// the theme by themselves, so a control re-sets them here. `variants=themes` shows the control
    /// after this ran in dark traits. Nothing by default, as on iOS.
    func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?)
}

extension LayerControl {
    public static var commands: [CommandDeclaration] { [] }
    public func configure(_ configuration: Configuration) {}
    public func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}

    /// What a control list registers: `ControlList([MenuIcon.plugin, …])`.
    public static var plugin: any Control.Type { LayerControlHost<Self>.self }
}

extension LayerControl where State == LayerTreeState {
    public func state() -> LayerTreeState { LayerTreeState(layer) }
}

/// The props of a control that has none.
public struct NoProps: PropConfiguration, Codable {
    public static var props: [Prop<NoProps>] { [] }
    public init() {}
}

/// A layer control's default `GET /state` member: every layer's frame, opacity and whether it is
/// hidden, and a shape layer's stroke range, each under the name `LayerSession.label(of:)` gives it
/// (its `name`, or its place in the tree when it has none).
public struct LayerTreeState: Codable, Sendable, Equatable {
    public struct Layer: Codable, Sendable, Equatable {
        public var frame: [Double]
        public var opacity: Double
        public var isHidden: Bool
        public var strokeStart: Double?
        public var strokeEnd: Double?
    }

    public var layers: [String: Layer] = [:]

    /// Reads `root` and its sublayers in a session.
    public init(_ root: CALayer) {
        var stack = [root]
        while let layer = stack.popLast() {
            let shape = layer as? CAShapeLayer
            let f = layer.frame
            layers[LayerSession.label(of: layer)] = Layer(frame: [f.minX, f.minY, f.width, f.height].map { Double($0) }, opacity: Double(layer.opacity),
                                                isHidden: layer.isHidden, strokeStart: shape.map { Double($0.strokeStart) },
                                                strokeEnd: shape.map { Double($0.strokeEnd) })
            stack += (layer.sublayers ?? []).reversed()
        }
    }
}
