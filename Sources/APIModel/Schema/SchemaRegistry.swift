import Controls
import JSON

/// A reply type whose JSON is not its Swift type's shape (a control's props, whose members come from
/// declarations): it states its schema instead of being recorded.
package protocol SchemaDescribed: Decodable {
    static func schema(in registry: SchemaRegistry) -> JSONValue
    /// Some value, for the recorder to hand back.
    static var schemaPlaceholder: Self { get }
}

/// What a reply type's fields cannot say by their Swift types: a description, a range, a pattern
/// (the SDK's `FieldNoted`, which a control's state uses too). Every noted field must exist; the
/// recorder reports a note on a field it did not see.
package typealias SchemaAnnotated = FieldNoted

extension FieldNote {
    package var members: [(String, JSONValue)] {
        var out: [(String, JSONValue)] = []
        if let description { out.append(("description", .string(description))) }
        if let minimum { out.append(("minimum", JSONValue.number(minimum))) }
        if let maximum { out.append(("maximum", JSONValue.number(maximum))) }
        if let pattern { out.append(("pattern", .string(pattern))) }
        return out
    }
}

extension JSONValue {
    /// An object schema that allows only `properties`: its type, `description` when given, the
    /// properties, `required` and `additionalProperties: false`, in that order.
    package static func closedObject(description: JSONValue? = nil, _ properties: [(String, JSONValue)],
                             required: JSONValue) -> JSONValue {
        .object([("type", "object")] + (description.map { [("description", $0)] } ?? [])
                + [("properties", .object(properties)), ("required", required), ("additionalProperties", false)])
    }
}

/// Collects the named schemas (`components/schemas`) of every reply type it is asked about, by
/// decoding each type from a recording decoder: the Swift type is the one statement of its fields.
package final class SchemaRegistry {
    package private(set) var components: [String: JSONValue] = [:]
    /// Types that could not be recorded, and notes on fields that do not exist.
    package private(set) var problems: [String] = []
    private var inProgress: Set<String> = []
    /// Schemas that state defaults state this scene configuration's (a control's options set some).
    package let scene: SceneConfiguration

    package init(scene: SceneConfiguration) {
        self.scene = scene
    }

    /// A `$ref` to the named schema `name`, defined by `make` the first time it is asked for.
    package func component(_ name: String, _ make: () -> JSONValue) -> JSONValue {
        if components[name] == nil { components[name] = make() }
        return .object([("$ref", .string("#/components/schemas/\(name)"))])
    }

    /// A `$ref` for a named type, or the schema in place for primitives and arrays.
    package func schema<T: Decodable>(of type: T.Type) -> JSONValue {
        do {
            return try record(type).schema
        } catch {
            problems.append("\(Self.name(of: T.self)): \(error)")
            return .object([])
        }
    }

    /// A value of `T` (zeros, empty strings, first cases) and its schema.
    package func record<T: Decodable>(_ type: T.Type) throws -> (value: T, schema: JSONValue) {
        if let primitive = Self.primitive(T.self) { return primitive }
        if let described = T.self as? any SchemaDescribed.Type {
            guard let value = described.schemaPlaceholder as? T else { throw RecordingError.noCases(Self.name(of: T.self)) }
            return (value, described.schema(in: self))
        }
        if let enumeration = T.self as? any SchemaEnumerable.Type {
            return try recordEnum(enumeration, as: T.self)
        }
        let name = Self.name(of: T.self)
        guard !inProgress.contains(name) else { throw RecordingError.recursive(name) }
        inProgress.insert(name)
        defer { inProgress.remove(name) }
        let recording = Recording()
        let value = try T(from: RecordingDecoder(registry: self, recording: recording))
        switch recording.shape {
        case .single(let schema): return (value, schema)
        case .array(let items): return (value, .object([("type", "array"), ("items", items ?? .object([]))]))
        case .map(let values):
            return (value, .object([("type", "object"), ("additionalProperties", values ?? .object([]))]))
        case .object(let properties, let required):
            components[name] = objectSchema(T.self, properties: properties, required: required)
            return (value, .object([("$ref", .string("#/components/schemas/\(name)"))]))
        case .none:
            components[name] = objectSchema(T.self, properties: [], required: [])
            return (value, .object([("$ref", .string("#/components/schemas/\(name)"))]))
        }
    }

    private func recordEnum<T>(_ enumeration: any SchemaEnumerable.Type, as: T.Type) throws -> (value: T, schema: JSONValue) {
        guard let value = enumeration.schemaPlaceholder() as? T else { throw RecordingError.noCases(Self.name(of: T.self)) }
        let name = Self.name(of: T.self)
        components[name] = .object([("type", "string"), ("enum", .array(enumeration.schemaCases.map { .string($0) }))])
        return (value, .object([("$ref", .string("#/components/schemas/\(name)"))]))
    }

    private func objectSchema<T>(_ type: T.Type, properties: [(String, JSONValue)], required: [String]) -> JSONValue {
        var properties = properties
        var members: [(String, JSONValue)] = [("type", "object")]
        if let annotated = T.self as? any SchemaAnnotated.Type {
            for (field, note) in annotated.fieldNotes.sorted(by: { $0.key < $1.key }) {
                guard let i = properties.firstIndex(where: { $0.0 == field }) else {
                    problems.append("\(Self.name(of: T.self)) notes '\(field)', which it does not have")
                    continue
                }
                properties[i].1 = Self.merge(properties[i].1, note.members)
            }
        }
        members.append(("properties", .object(properties)))
        if !required.isEmpty { members.append(("required", .array(required.map { .string($0) }))) }
        members.append(("additionalProperties", false))
        return .object(members)
    }

    private static func merge(_ schema: JSONValue, _ extra: [(String, JSONValue)]) -> JSONValue {
        guard case .object(let members) = schema else { return schema }
        return .object(members.filter { m in !extra.contains { $0.0 == m.0 } } + extra)
    }

    private static func primitive<T>(_ type: T.Type) -> (value: T, schema: JSONValue)? {
        func make(_ value: Any, _ schema: [(String, JSONValue)]) -> (value: T, schema: JSONValue)? {
            (value as? T).map { ($0, .object(schema)) }
        }
        switch type {
        case is Bool.Type: return make(false, [("type", "boolean")])
        case is String.Type: return make("", [("type", "string")])
        case is Double.Type: return make(0.0, [("type", "number")])
        case is Float.Type: return make(Float(0), [("type", "number")])
        // Int, Int8 … UInt64: the unsigned ones with their minimum.
        case let integer as any FixedWidthInteger.Type:
            return make(integer.zero, integer.isSigned ? [("type", "integer")] : [("type", "integer"), ("minimum", 0)])
        default: return nil
        }
    }

    /// "ToggleState" for `MyControls.Toggle.State`, "CommandReplyToggleState" for
    /// `CommandReply<Toggle.State>`: each dotted name without its module, letters and digits only.
    package static func name<T>(of type: T.Type) -> String {
        let full = String(reflecting: type)
        var out = ""
        var word = ""
        func flush() {
            let parts = word.split(separator: ".")
            out += parts.dropFirst(parts.count > 1 ? 1 : 0).joined()
            word = ""
        }
        for c in full {
            if c.isLetter || c.isNumber || c == "." || c == "_" { word.append(c) } else { flush() }
        }
        flush()
        return out.filter { $0.isLetter || $0.isNumber }
    }

    package enum RecordingError: Error, CustomStringConvertible {
        case recursive(String), noCases(String), unsupported(String)

        package var description: String {
            switch self {
            case .recursive(let n): "\(n) contains itself; a reply type must not be recursive"
            case .noCases(let n): "\(n) has no cases"
            case .unsupported(let what): "\(what) is not supported by the schema recorder"
            }
        }
    }
}
