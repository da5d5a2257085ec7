import Controls
import JSON

/// Every control's prop values in `/state` and its events, by the controls' API names:
/// `{"meter": {…}, "play-button": {…}, …}`.
package struct ScenePropsState: Codable, Sendable {
    package let byControl: [(control: FrameSubject, values: JSONValue)]

    package init(scene: Scene) {
        byControl = scene.configuration.controls.subjects.map { control in
            (control, PropTable(control, scene.configuration).json(scene.props(of: control)))
        }
    }

    private init(byControl: [(control: FrameSubject, values: JSONValue)]) {
        self.byControl = byControl
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONTree.Key.self)
        for (control, values) in byControl {
            try container.encode(JSONTree(values), forKey: JSONTree.Key(control.rawValue))
        }
    }

    /// Every member, a control's values each, in the document's order.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONTree.Key.self)
        byControl = try container.allKeys.map { key in
            (FrameSubject(rawValue: key.stringValue), try container.decode(JSONTree.self, forKey: key).value)
        }
    }


    package static var schemaPlaceholder: ScenePropsState { ScenePropsState(byControl: []) }
}

/// Any JSON value through Codable, so a reply type can hold JSON whose members come from
/// declarations.
package struct JSONTree: Codable, Sendable {
    package let value: JSONValue

    package init(_ value: JSONValue) {
        self.value = value
    }

    package struct Key: CodingKey {
        package let stringValue: String
        package var intValue: Int? { nil }
        package init(_ name: String) { stringValue = name }
        package init?(stringValue: String) { self.stringValue = stringValue }
        package init?(intValue: Int) { nil }
    }

    package func encode(to encoder: any Encoder) throws {
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

    package init(from decoder: any Decoder) throws {
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
