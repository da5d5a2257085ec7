import Animation
import LayercastQuartz

/// A `LayerControl` as the value the SDK keeps: the control's `LayerModel` (its layers and
/// `@ControlState` values), its props, and the author's object, which holds nothing but handles
/// and is shared by copies until one of them runs layer code (docs/design/quartz.md §Layer controls).
public struct LayerControlHost<C: LayerControl>: Control {
    public typealias Configuration = C.Configuration
    public typealias State = C.State

    public static var id: FrameSubject { C.id }
    public static var title: String { C.title }
    public static var commands: [CommandDeclaration] { C.commands }

    /// The layers and control-state values: the truth every frame is drawn from.
    public private(set) var model: LayerModel
    public private(set) var configuration: Configuration
    /// What Core Animation would have ignored in the last layer code that ran.
    public private(set) var warnings: [String] = []
    /// The traits its layer code runs under: light, or dark in the `dark` theme's copy. A variant's,
    /// never stored.
    private var traits = UITraitCollection(userInterfaceStyle: .light)
    private var object: Object

    /// The author's object and the handle table its layers belong to.
    private final class Object: @unchecked Sendable {
        // Unchecked: the object holds only handles (ids) and @ControlState slots, which read and
        // write the model of the session that runs them; it is only used inside sessions.
        let control: C
        let handles: LayerHandles

        init(_ control: C, _ handles: LayerHandles) {
            self.control = control
            self.handles = handles
        }
    }

    public init(at time: Double, configuration: Configuration) {
        var model = LayerModel()
        let handles = LayerHandles()
        let made = LayerSession.run(&model, handles: handles) { () -> C in
            let control = C()
            control.configure(configuration)
            control.layer.layoutIfNeeded()
            return control
        }
        // The control's `layer` is the root, whichever layer its stored properties made first.
        precondition(model.graph.setRoot(LayerSession.id(of: made.result.layer)),
                     "\(C.self).layer has a superlayer or masks another layer: it must be the root of the control's layers")
        self.model = model
        self.configuration = configuration
        object = Object(made.result, handles)
        warnings = made.warnings
    }

    /// Runs `body` on the control in a session over a copy of the model, lays out what it marked,
    /// and keeps the result only when it left every layer drawable; otherwise refuses, naming the
    /// layer and the property, and changes nothing (docs/design/quartz.md §Bad values).
    public mutating func perform<T>(_ body: (C) throws(Refusal) -> T) throws(Refusal) -> T {
        if !isKnownUniquelyReferenced(&object) { object = Self.object(for: model) }
        var next = model
        let control = object.control
        let ran: (result: Result<T, Refusal>, warnings: [String]) = LayerSession.run(&next, handles: object.handles, traits: traits) {
            do throws(Refusal) {
                let result = try body(control)
                control.layer.layoutIfNeeded()
                return .success(result)
            } catch {
                return .failure(error)
            }
        }
        let result = try ran.result.get()
        if let (layer, property) = next.graph.firstNonFiniteValue() {
            throw Refusal(.invalid, "layer '\(next.graph.label(of: layer))': \(property) is not a finite number; nothing was changed",
                          parameter: property, allowed: "finite numbers")
        }
        if let text = next.graph.firstOverlongText() {
            throw Refusal(.invalid, "layer '\(next.graph.label(of: text))': string is longer than \(LayerGraph.maxTextLength) "
                          + "characters; nothing was changed", parameter: "string",
                          allowed: "at most \(LayerGraph.maxTextLength) characters")
        }
        if let replicator = next.graph.replicatorOverBudget() {
            throw Refusal(.invalid, "layer '\(next.graph.label(of: replicator))': instanceCount makes a frame draw more than "
                          + "\(LayerGraph.maxDrawnLayers) layers; nothing was changed", parameter: "instanceCount",
                          allowed: "at most \(LayerGraph.maxDrawnLayers) layers drawn in all, each instance's copies counted")
        }
        model = next
        warnings = ran.warnings
        return result
    }

    /// A new object for `model`: the set-up run again on a scratch model. Ids are handed out in
    /// creation order, so its handles name the same layers and slots as the model's.
    private static func object(for model: LayerModel) -> Object {
        var scratch = LayerModel()
        let handles = LayerHandles()
        let control = LayerSession.run(&scratch, handles: handles) { C() }.result
        precondition(scratch.graph.nodes.allSatisfy { model.graph[$0.key]?.kind == $0.value.kind }
                     && scratch.states.count <= model.states.count,
                     "\(C.self)'s set-up made other layers this time: a layer control's init must make the same layers in the same order")
        return Object(control, handles)
    }

    // MARK: Control

    public mutating func configure(_ new: Configuration, at time: Double) throws(PropRefusal) {
        do throws(Refusal) {
            try perform { control throws(Refusal) in control.configure(new) }
        } catch {
            throw PropRefusal(prop: error.parameter ?? "props", reason: error.message)
        }
        configuration = new
    }

    public func state(at time: Double) -> State {
        var copy = model
        return LayerSession.run(&copy, handles: object.handles, traits: traits) { object.control.state() }.result
    }

    /// Light as it is, and dark: the control told of the change as UIKit tells a view, on the
    /// dark system background an app shows it on (docs/design/quartz.md §Colours).
    public static var variants: ControlVariants<Self> {
        ControlVariants(themes: [
            .init("light") { _, _ in },
            .init("dark") { host, _ in host.showTraits(UITraitCollection(userInterfaceStyle: .dark)) },
        ])
    }

    /// Runs the control's `traitCollectionDidChange` under `new`; a change it cannot make (a value
    /// that cannot be drawn) leaves the control as it was.
    mutating func showTraits(_ new: UITraitCollection) {
        let previous = traits
        guard new != previous else { return }
        traits = new
        do throws(Refusal) {
            try perform { control in control.traitCollectionDidChange(previous) }
        } catch {
            traits = previous
        }
    }

    /// The system background of its traits when dark, as an app shows it; the frame's own when light.
    public var viewBackground: Color? {
        guard traits.userInterfaceStyle == .dark,
              let c = UIColor.systemBackground.resolvedColor(with: traits).cgColor.components, c.count == 4 else { return nil }
        return Color(red: Double(c[0]), green: Double(c[1]), blue: Double(c[2]), alpha: Double(c[3]))
    }

    /// The root layer's bounds.
    public var designSize: Size {
        model.graph.root.flatMap { model.graph[$0]?.geometry.bounds.size } ?? Size(0, 0)
    }

    /// Nothing moves on its own yet: layer controls have no animations (docs/design/quartz.md §Layer controls).
    public mutating func advance(to time: Double) {}

    public func snapshot(at time: Double, options: FrameOptions) -> LayerSnapshot {
        guard var tree = model.graph.snapshot() else { return LayerSnapshot() }
        // Design coordinates: the root's bounds origin at the frame's top-left, wherever its position.
        let root = model.graph.root.flatMap { model.graph[$0]?.geometry } ?? LayerGeometry()
        let origin = root.frame.origin
        tree.transform = AffineTransform.translation(-origin.x, -origin.y).concatenating(tree.transform)
        return tree
    }

    /// The graph: its layers by name or place, with no animation records yet.
    public var layers: LayerGraph { model.graph }

    public mutating func forgetAnimationRecords(endedBefore time: Double) {}

    // MARK: Codable

    private enum CodingKeys: String, CodingKey { case model, configuration }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        model = try container.decode(LayerModel.self, forKey: .model)
        configuration = try container.decode(Configuration.self, forKey: .configuration)
        object = Self.object(for: model)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(model, forKey: .model)
        try container.encode(configuration, forKey: .configuration)
    }
}

extension CommandDeclaration {
    /// A command on a layer control, declared on the author's class: `perform` runs the control's
    /// own method in a session (`LayerControlHost.perform`); the answer holds its state after.
    public init<C: LayerControl>(
        _ id: String, on type: C.Type, method: CommandRoute.Method = .post, path: String? = nil, summary: String,
        description: String? = nil, parameters: [CommandParameter] = [], refusals: [Refusal.Documented] = [],
        _ perform: @escaping @Sendable (C, CommandArguments) throws(Refusal) -> Void
    ) {
        self.init(id, on: LayerControlHost<C>.self, method: method, path: path, summary: summary, description: description,
                  parameters: parameters, refusals: refusals) { arguments, _ in
            ControlChange { host, _ throws(Refusal) in
                try host.perform { control throws(Refusal) in try perform(control, arguments) }
            }
        }
    }
}
