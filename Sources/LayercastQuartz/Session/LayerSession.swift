import Animation

/// The one place layer code runs: a control's set-up, a command, a props change or a callback. A
/// session holds the control's layer graph (a value) while `CALayer` handles read and write it;
/// when the body returns, the host keeps the changed graph or throws it away whole
/// (docs/design/quartz.md §Sessions). This and `@ControlState` are the only names here that iOS
/// does not have.
public final class LayerSession: @unchecked Sendable {
    // Unchecked: a session is used only inside `run`, on the task that runs it; it is reached
    // through a task-local value, so no other task can see it.
    var model: LayerModel
    let handles: LayerHandles
    /// What Core Animation would silently ignore, said once each, for the answer and the timeline.
    public private(set) var warnings: [String] = []

    private init(model: LayerModel, handles: LayerHandles) {
        self.model = model
        self.handles = handles
    }

    @TaskLocal static var active: LayerSession?

    /// Runs `body` with `model` open to layer code and `traits` current, then writes the model
    /// back, even when `body` throws (the host decides whether to keep it). Sessions do not nest.
    public static func run<T>(_ model: inout LayerModel, handles: LayerHandles, traits: UITraitCollection = .init(userInterfaceStyle: .light),
                              _ body: () throws -> T) rethrows -> (result: T, warnings: [String]) {
        precondition(active == nil, "a layer session is already open: sessions do not nest")
        let session = LayerSession(model: model, handles: handles)
        defer { model = session.model }
        let result = try $active.withValue(session) {
            try UITraitCollection.$active.withValue(traits) { try body() }
        }
        return (result, session.warnings)
    }

    /// The same over a graph alone, for layer code that keeps no control state.
    public static func run<T>(_ graph: inout LayerGraph, handles: LayerHandles, traits: UITraitCollection = .init(userInterfaceStyle: .light),
                              _ body: () throws -> T) rethrows -> (result: T, warnings: [String]) {
        var model = LayerModel()
        model.graph = graph
        defer { graph = model.graph }
        return try run(&model, handles: handles, traits: traits, body)
    }

    /// The id of the node `layer` stands for, for a host that keeps the graph (the SDK's
    /// `LayerControlHost`), which must know its control's root.
    public static func id(of layer: CALayer) -> LayerID {
        layer.layerID
    }

    /// The name people know `layer` by in the open session's graph: its `name`, or its place in the
    /// tree (`LayerGraph.label(of:)`), as `GET /state` and the timeline name it.
    public static func label(of layer: CALayer) -> String {
        layer.session(for: "label").model.graph.label(of: layer.layerID)
    }

    /// The open session, or a trap that says where layer code may run.
    static func require(_ what: @autoclosure () -> String) -> LayerSession {
        guard let session = active else {
            preconditionFailure("\(what()) outside a layer session: layer code runs in the control's set-up, a command, "
                                + "a props change or a callback (docs/write-a-control.md)")
        }
        return session
    }

    /// `layer`'s name in this session's graph, for warnings.
    func label(_ layer: CALayer) -> String {
        model.graph.label(of: layer.layerID)
    }

    func warn(_ message: String) {
        if !warnings.contains(message) { warnings.append(message) }
    }
}

/// A control's layer handles by id: the same `CALayer` object comes back for the same layer, as
/// `sublayers` and `superlayer` promise on iOS. One table per control, shared by every copy of its
/// scene, since a handle holds nothing but its id.
public final class LayerHandles: @unchecked Sendable {
    // Unchecked: the table holds weak references to handles (not Sendable), and every access is
    // under `lock`.
    private struct Entry {
        weak var layer: CALayer?
    }

    private var table: [LayerID: Entry] = [:]
    private let lock = NSLock()

    public init() {}

    func register(_ layer: CALayer) {
        lock.withLock { table[layer.layerID] = Entry(layer: layer) }
    }

    /// The handle for `id`, made anew (of the class its kind names) when the author's was let go.
    func handle(for id: LayerID, kind: LayerNode.Kind) -> CALayer {
        lock.withLock {
            if let layer = table[id]?.layer { return layer }
            let layer: CALayer = switch kind {
            case .layer: CALayer(existing: id, handles: self)
            case .shape: CAShapeLayer(existing: id, handles: self)
            case .transform: CATransformLayer(existing: id, handles: self)
            case .gradient: CAGradientLayer(existing: id, handles: self)
            case .replicator: CAReplicatorLayer(existing: id, handles: self)
            case .text: CATextLayer(existing: id, handles: self)
            }
            table[id] = Entry(layer: layer)
            return layer
        }
    }
}
