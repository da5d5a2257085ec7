import JSON

/// A command on the scene as a value: the declared id of what it runs (`meterHold`) and its
/// arguments, each a typed JSON value decoded once where the command came in. The same value is a
/// request's command, a scenario's step, a recording's step, a replicated log entry and a
/// timeline's cause, so that renaming how it travels migrates nothing (docs/design/architecture.md
/// §Commands are values).
public struct Command: Sendable, Hashable {
    public struct Argument: Sendable, Hashable, Codable {
        public let name: String
        /// A string, number or boolean, as its parameter's type takes it.
        public let value: JSONValue

        public init(name: String, value: JSONValue) {
            self.name = name
            self.value = value
        }

        /// The value as a query writes it: a string as it is, a number or boolean as JSON.
        public var valueText: String {
            if case .string(let text) = value { return text }
            return value.text
        }
    }

    /// The declared id ("meterHold"); its route is derived from it (`CommandRoute`).
    public let id: String
    /// In the order the command declares its parameters.
    public let arguments: [Argument]
    /// The JSON document a command reads whole (a props patch), as its text.
    public let document: String?

    public init(_ id: String, _ arguments: [Argument] = [], document: String? = nil) {
        self.id = id
        self.arguments = arguments
        self.document = document
    }
}

/// As the replicated log's version 2 writes it: `{"id": "meterHold", "with": {"seconds": 2}}`, and a
/// document as its text (docs/design/replication.md §The log).
extension Command: Codable {
    private enum Key: String, CodingKey { case id, with, document }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(id, forKey: .id)
        if !arguments.isEmpty { try container.encode(JSONValue.object(arguments.map { ($0.name, $0.value) }), forKey: .with) }
        try container.encodeIfPresent(document, forKey: .document)
    }

    /// The arguments in the order the JSON gives them; the scene puts them in declared order.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        let with = try container.decodeIfPresent(JSONValue.self, forKey: .with) ?? .object([])
        guard case .object(let members) = with else {
            throw DecodingError.dataCorruptedError(forKey: .with, in: container, debugDescription: "'with' is not an object")
        }
        self.init(try container.decode(String.self, forKey: .id), members.map { Argument(name: $0.0, value: $0.1) },
                  document: try container.decodeIfPresent(String.self, forKey: .document))
    }
}

/// A command as the scene's history keeps it: the command, the control it acted on (nil for one
/// on every control or on none), the scene time it applied at, its revision, and what it asked for
/// that the control ignored (`Control.warnings`).
public struct AppliedCommand: Sendable, Hashable {
    public let command: Command
    public let control: FrameSubject?
    public let time: Double
    public let revision: UInt64
    public let warnings: [String]
}
