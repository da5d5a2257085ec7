import Controls
import HTTPServer
import JSON

/// Every control's prop values in `/state` and its events, by the controls' API names:
/// `{"meter": {…}, "play-button": {…}, …}`.
struct ScenePropsState: Codable, Sendable, SchemaDescribed {
    let byControl: [(control: FrameSubject, values: JSONValue)]

    init(scene: Scene) {
        byControl = FrameSubject.controls.map { control in
            (control, PropTable(control, scene.configuration).json(scene.props(of: control)))
        }
    }

    private init(byControl: [(control: FrameSubject, values: JSONValue)]) {
        self.byControl = byControl
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONTree.Key.self)
        for (control, values) in byControl {
            try container.encode(JSONTree(values), forKey: JSONTree.Key(control.rawValue))
        }
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONTree.Key.self)
        byControl = try FrameSubject.controls.compactMap { control in
            try container.decodeIfPresent(JSONTree.self, forKey: JSONTree.Key(control.rawValue)).map { (control, $0.value) }
        }
    }

    static func schema(in registry: SchemaRegistry) -> JSONValue {
        .object([
            ("type", "object"),
            ("description", "Every control's props, as GET /controls/CONTROL/props gives their values."),
            ("properties", .object(FrameSubject.controls.map { ($0.rawValue, PropTable.valuesSchema($0, in: registry)) })),
            ("required", .array(FrameSubject.controls.map { .string($0.rawValue) })),
            ("additionalProperties", false),
        ])
    }

    static var schemaPlaceholder: ScenePropsState { ScenePropsState(byControl: []) }
}

/// Any JSON value through Codable, so a reply type can hold JSON whose members come from
/// declarations.
struct JSONTree: Codable, Sendable {
    let value: JSONValue

    init(_ value: JSONValue) {
        self.value = value
    }

    struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(_ name: String) { stringValue = name }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    func encode(to encoder: any Encoder) throws {
        switch value {
        case .object(let members):
            var container = encoder.container(keyedBy: Key.self)
            for (name, member) in members { try container.encode(JSONTree(member), forKey: Key(name)) }
        case .array(let items):
            var container = encoder.unkeyedContainer()
            for item in items { try container.encode(JSONTree(item)) }
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .bool(let b):
            var container = encoder.singleValueContainer()
            try container.encode(b)
        case .int(let i):
            var container = encoder.singleValueContainer()
            try container.encode(i)
        case .double(let d):
            var container = encoder.singleValueContainer()
            try container.encode(d)
        case .string(let s):
            var container = encoder.singleValueContainer()
            try container.encode(s)
        }
    }

    init(from decoder: any Decoder) throws {
        if let keyed = try? decoder.container(keyedBy: Key.self) {
            value = .object(try keyed.allKeys.map { ($0.stringValue, try keyed.decode(JSONTree.self, forKey: $0).value) })
        } else if var unkeyed = try? decoder.unkeyedContainer() {
            var items: [JSONValue] = []
            while !unkeyed.isAtEnd { items.append(try unkeyed.decode(JSONTree.self).value) }
            value = .array(items)
        } else {
            let single = try decoder.singleValueContainer()
            if single.decodeNil() {
                value = .null
            } else if let b = try? single.decode(Bool.self) {
                value = .bool(b)
            } else if let i = try? single.decode(Int.self) {
                value = .int(i)
            } else if let d = try? single.decode(Double.self) {
                value = .double(d)
            } else {
                value = .string(try single.decode(String.self))
            }
        }
    }
}
