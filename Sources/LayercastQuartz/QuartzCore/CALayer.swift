import Animation

/// Core Animation's layer, as a handle: the object a port keeps in its stored properties and
/// changes later, while the layer's truth is a `LayerNode` in the control's `LayerGraph`. Every
/// property reads and writes the graph of the open `LayerSession`; outside one, a property traps
/// with a message that says where layer code runs (docs/design/quartz.md §Layers as handles).
open class CALayer: NSObject {
    let layerID: LayerID
    let handles: LayerHandles

    /// What kind of node this class makes; subclasses that draw something else say so.
    class var nodeKind: LayerNode.Kind { .layer }

    /// A new layer in the open session's graph, with no superlayer.
    public override init() {
        let session = LayerSession.require("\(Self.self)()")
        layerID = session.model.graph.create(Self.nodeKind)
        handles = session.handles
        super.init()
        handles.register(self)
    }

    /// Core Animation calls this to make a presentation copy; Layercast makes none, so a subclass's
    /// override only ever sees it called by its own code, and the copy is a handle onto the same layer.
    public init(layer: Any) {
        guard let other = layer as? CALayer else {
            preconditionFailure("CALayer(layer:) needs a CALayer, got \(type(of: layer))")
        }
        (layerID, handles) = (other.layerID, other.handles)
        super.init()
    }

    /// Layers are not decoded from archives here.
    public required init?(coder: NSCoder) {
        return nil
    }

    /// A handle for a layer already in the graph (when the author's handle was let go).
    init(existing id: LayerID, handles: LayerHandles) {
        (self.layerID, self.handles) = (id, handles)
        super.init()
    }

    // MARK: Reading and writing the graph

    /// The layer's node in the open session's graph.
    func read<T>(_ property: String, _ get: (LayerNode) -> T) -> T {
        let session = session(for: property)
        guard let node = session.model.graph[layerID] else {
            preconditionFailure("\(property): layer \(layerID) is not in this session's graph")
        }
        return get(node)
    }

    func write(_ property: String, _ set: (inout LayerNode) -> Void) {
        session(for: property).model.graph.update(layerID, set)
    }

    /// Sets a property Core Animation gives as a string constant (a line cap, a gradient's type):
    /// the engine's value of that name, or, for a name it does not have, nothing but a warning that
    /// says what the property takes.
    func write<Value: RawRepresentable & CaseIterable>(
        _ property: String, named raw: String, as type: Value.Type, _ set: (inout LayerNode, Value) -> Void
    ) where Value.RawValue == String {
        guard let value = Value(rawValue: raw) else {
            let allowed = Value.allCases.map(\.rawValue).joined(separator: ", ")
            return session(for: property).warn("\(property): \"\(raw)\" is not one of \(allowed); ignored")
        }
        write(property) { set(&$0, value) }
    }

    func session(for property: String) -> LayerSession {
        let session = LayerSession.require("\(Self.self).\(property)")
        precondition(session.handles === handles, "\(Self.self).\(property): this layer belongs to another control")
        return session
    }

    func handle(_ id: LayerID?, in session: LayerSession) -> CALayer? {
        guard let id, let node = session.model.graph[id] else { return nil }
        return handles.handle(for: id, kind: node.kind)
    }

    /// Override to place sublayers; it runs for a layer marked by `setNeedsLayout` before the
    /// session ends. Core Animation's own does nothing without a layout manager.
    open func layoutSublayers() {}

    // MARK: Identity

    public var name: String? {
        get { read("name") { $0.name } }
        set { write("name") { $0.name = newValue } }
    }

    /// Handles are equal when they stand for the same layer.
    override open func isEqual(_ object: Any?) -> Bool {
        (object as? CALayer).map { $0.layerID == layerID && $0.handles === handles } ?? false
    }

    override open var hash: Int { layerID.hashValue }
}
