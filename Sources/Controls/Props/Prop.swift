import Animation

/// One knob of a control, declared once: its name (the original's where it has one), what it accepts,
/// what it does, and where it lives in the control's configuration. The server derives the JSON Schema,
/// the checks, the errors and the API documentation from these declarations.
public struct Prop<Root: Sendable>: Sendable {
    public let name: String
    public let kind: PropKind
    /// What the knob does, for people (and the schema's description).
    public let doc: String
    let read: @Sendable (Root) -> PropValue
    let write: @Sendable (inout Root, PropValue) -> Void

    public static func number(
        _ name: String, _ path: WritableKeyPath<Root, Double> & Sendable, _ range: ClosedRange<Double>, step: Double,
        unit: String? = nil, _ doc: String
    ) -> Prop {
        Prop(name: name, kind: .number(range: range, step: step, unit: unit), doc: doc,
             read: { .number($0[keyPath: path]) },
             write: { root, value in if case .number(let v) = value { root[keyPath: path] = v } })
    }

    public static func integer(
        _ name: String, _ path: WritableKeyPath<Root, Int> & Sendable, _ range: ClosedRange<Int>, unit: String? = nil,
        _ doc: String
    ) -> Prop {
        Prop(name: name, kind: .integer(range: range, unit: unit), doc: doc,
             read: { .number(Double($0[keyPath: path])) },
             write: { root, value in
                 if case .number(let v) = value, let i = Int(exactly: v) { root[keyPath: path] = i }
             })
    }

    public static func color(_ name: String, _ path: WritableKeyPath<Root, Color> & Sendable, _ doc: String) -> Prop {
        Prop(name: name, kind: .color, doc: doc,
             read: { .color($0[keyPath: path]) },
             write: { root, value in if case .color(let v) = value { root[keyPath: path] = v } })
    }

    public static func colors(
        _ name: String, _ path: WritableKeyPath<Root, [Color]> & Sendable, maxCount: Int, _ doc: String
    ) -> Prop {
        Prop(name: name, kind: .colors(maxCount: maxCount), doc: doc,
             read: { .colors($0[keyPath: path]) },
             write: { root, value in if case .colors(let v) = value { root[keyPath: path] = v } })
    }

    public static func choice<E: RawRepresentable & CaseIterable & Sendable>(
        _ name: String, _ path: WritableKeyPath<Root, E> & Sendable, _ doc: String
    ) -> Prop where E.RawValue == String {
        Prop(name: name, kind: .choice(E.allCases.map(\.rawValue)), doc: doc,
             read: { .choice($0[keyPath: path].rawValue) },
             write: { root, value in
                 if case .choice(let word) = value, let v = E(rawValue: word) { root[keyPath: path] = v }
             })
    }

    public static func flag(_ name: String, _ path: WritableKeyPath<Root, Bool> & Sendable, _ doc: String) -> Prop {
        Prop(name: name, kind: .flag, doc: doc,
             read: { .flag($0[keyPath: path]) },
             write: { root, value in if case .flag(let v) = value { root[keyPath: path] = v } })
    }

    public static func curve(_ name: String, _ path: WritableKeyPath<Root, TimingCurve> & Sendable, _ doc: String) -> Prop {
        Prop(name: name, kind: .curve, doc: doc,
             read: { .curve($0[keyPath: path]) },
             write: { root, value in if case .curve(let v) = value { root[keyPath: path] = v } })
    }
}

/// A prop as the server sees it, whatever control it belongs to: the declaration with its default.
public struct PropDeclaration: Sendable, Hashable {
    public let name: String
    public let kind: PropKind
    public let defaultValue: PropValue
    public let doc: String
}

/// Every value of one control's props, by name.
public struct PropValues: Sendable, Hashable {
    public var byName: [String: PropValue]

    public init(_ byName: [String: PropValue] = [:]) {
        self.byName = byName
    }

    public subscript(name: String) -> PropValue? {
        get { byName[name] }
        set { byName[name] = newValue }
    }
}

/// A control's configuration: plain stored values that the control reads, and the props that expose
/// them. A new configuration takes effect at once (`docs/design/props.md §Immediately`).
public protocol PropConfiguration: Sendable, Hashable {
    /// Every knob, in the order a panel lists them.
    static var props: [Prop<Self>] { get }
    /// The defaults: every prop at the value the original has.
    init()
    /// Why the control may refuse a change of props, for the docs (a duration while recorded);
    /// none by default.
    static var refusals: [String] { get }
}

extension PropConfiguration {
    public static var refusals: [String] { [] }
}

extension PropConfiguration {
    /// Every prop's value in this configuration.
    public var values: PropValues {
        PropValues(Dictionary(uniqueKeysWithValues: Self.props.map { ($0.name, $0.read(self)) }))
    }

    /// A copy with each value of `values` that its prop accepts set; others are left as they are
    /// (the server refuses them before they get here).
    public func setting(_ values: PropValues) -> Self {
        var copy = self
        for prop in Self.props {
            if let value = values[prop.name], prop.kind.accepts(value) { prop.write(&copy, value) }
        }
        return copy
    }

    /// The declarations, each with its value in `defaults` as its default.
    public static func declarations(defaults: Self) -> [PropDeclaration] {
        props.map { PropDeclaration(name: $0.name, kind: $0.kind, defaultValue: $0.read(defaults), doc: $0.doc) }
    }
}
