import Animation

/// The shared model: every control of a list, at one scene time. A value, so a copy is an
/// immutable snapshot that any thread may advance and render without touching the live scene.
public struct Scene: Sendable {
    /// In the order of the configuration's list.
    public internal(set) var controls: [any Control]
    /// The latest time the scene has been advanced to; commands apply at or after it.
    public private(set) var time: Double
    /// What the scene was made from: the controls' default configurations.
    public let configuration: SceneConfiguration

    public init(configuration: SceneConfiguration, time: Double = 0) {
        self.time = time
        self.configuration = configuration
        controls = configuration.defaults.map { $0.make(at: time) }
    }

    /// Fires every completion up to `t` in time order; never goes back in time.
    public mutating func advance(to t: Double) {
        guard t >= time else { return }
        for i in controls.indices { controls[i].advance(to: t) }
        time = t
    }

    /// About what a copy of the scene holds besides its artwork (`SceneHistory` prices copies by it).
    public var estimatedBytes: Int {
        MemoryLayout<Scene>.stride + controls.reduce(0) { $0 + $1.layers.estimatedBytes }
    }

    /// The images the controls show now, each once.
    public var shownImages: [Bitmap] {
        var seen: Set<ObjectIdentifier> = []
        return controls.flatMap(\.shownImages).filter { seen.insert(ObjectIdentifier($0)).inserted }
    }

    /// The control `subject` names; nil for `.all`, which is every control, and for an id not in the scene.
    public func control(_ subject: FrameSubject) -> (any Control)? {
        controls.first { type(of: $0).id == subject }
    }

    /// The control of type `C`, read or changed in place; nil when the scene has none.
    public subscript<C: Control>(_ type: C.Type) -> C? {
        get { controls.lazy.compactMap { $0 as? C }.first }
        set {
            guard let newValue, let i = controls.firstIndex(where: { Swift.type(of: $0).id == C.id }) else { return }
            controls[i] = newValue
        }
    }

    /// Runs `change` on the control of type `C` in place; nil, changing nothing, when the scene has none.
    public mutating func modify<C: Control, R, E: Error>(_ type: C.Type, _ change: (inout C) throws(E) -> R) throws(E) -> R? {
        guard let i = controls.firstIndex(where: { Swift.type(of: $0).id == C.id }), var control = controls[i] as? C else {
            return nil
        }
        let result = try change(&control)
        controls[i] = control
        return result
    }

    /// Replaces the control `subject` names with `control` (a variant's rebuilt copy).
    public mutating func replace(_ subject: FrameSubject, with control: any Control) {
        guard let i = controls.firstIndex(where: { Swift.type(of: $0).id == subject }) else { return }
        controls[i] = control
    }
}

extension Scene: Codable {
    private enum Keys: String, CodingKey { case time, configuration, controls }

    /// `{"time", "configuration", "controls": {id: control}}`; decoding reads the members of the
    /// decoder's list's controls (`Decoder.controlList`) and refuses a document without one of them.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        time = try container.decode(Double.self, forKey: .time)
        configuration = try container.decode(SceneConfiguration.self, forKey: .configuration)
        let members = try container.nestedContainer(keyedBy: IdKey.self, forKey: .controls)
        controls = try configuration.defaults.map { defaults in
            try defaults.decodeControl(from: members.superDecoder(forKey: IdKey(defaults.id)))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(time, forKey: .time)
        try container.encode(configuration, forKey: .configuration)
        var members = container.nestedContainer(keyedBy: IdKey.self, forKey: .controls)
        for control in controls {
            try control.encode(to: members.superEncoder(forKey: IdKey(type(of: control).id)))
        }
    }
}

/// A document member named by a control's id.
struct IdKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(_ id: FrameSubject) { stringValue = id.rawValue }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
