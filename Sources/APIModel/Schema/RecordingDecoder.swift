import JSON

/// What decoding one value asked of its decoder: the shape its schema takes.
final class Recording {
    enum Shape {
        case none
        /// Fields in decoding order (the order they are declared in), and those not optional.
        case object([(String, JSONValue)], required: [String])
        /// A dictionary: any key, values of one schema.
        case map(JSONValue?)
        case array(JSONValue?)
        /// A value that is one other value (`singleValueContainer`).
        case single(JSONValue)
    }

    var shape = Shape.none

    func field(_ name: String, _ schema: JSONValue, required: Bool) {
        if case .map = shape {
            shape = .map(schema)
            return
        }
        var (fields, names): ([(String, JSONValue)], [String]) = ([], [])
        if case .object(let f, let r) = shape { (fields, names) = (f, r) }
        if !fields.contains(where: { $0.0 == name }) { fields.append((name, schema)) }
        if required, !names.contains(name) { names.append(name) }
        shape = .object(fields, required: names)
    }
}

/// A Decoder that invents a value of any Decodable type and records, on the way, which fields,
/// arrays and primitives the type's `init(from:)` reads: a JSON Schema from the type itself.
struct RecordingDecoder: Decoder {
    let registry: SchemaRegistry
    let recording: Recording
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(KeyedRecorder<Key>(registry: registry, recording: recording, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        recording.shape = .array(nil)
        return ValueRecorder(registry: registry, recording: recording, codingPath: codingPath, isArray: true)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        ValueRecorder(registry: registry, recording: recording, codingPath: codingPath, isArray: false)
    }
}

private struct KeyedRecorder<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let registry: SchemaRegistry
    let recording: Recording
    var codingPath: [any CodingKey]

    /// Asked only by dictionaries, which then record one value schema under any key.
    var allKeys: [Key] {
        recording.shape = .map(nil)
        return Key(stringValue: "additionalProperty").map { [$0] } ?? []
    }

    func contains(_ key: Key) -> Bool { true }
    func decodeNil(forKey key: Key) throws -> Bool { false }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        let (value, schema) = try registry.record(T.self)
        recording.field(key.stringValue, schema, required: true)
        return value
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        let (value, schema) = try registry.record(T.self)
        recording.field(key.stringValue, schema, required: false)
        return value
    }

    // The concrete overloads are requirements of their own; without these, Codable's synthesized
    // code would reach the protocol's defaults and an optional Double would look required.
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try decode(T: type, key) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try decode(T: type, key) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try decode(T: type, key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try decode(T: type, key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try decode(T: type, key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try decode(T: type, key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try decode(T: type, key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try decode(T: type, key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try decode(T: type, key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try decode(T: type, key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try decode(T: type, key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try decode(T: type, key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try decode(T: type, key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try decode(T: type, key) }
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try optional(type, key) }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try optional(type, key) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try optional(type, key) }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try optional(type, key) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try optional(type, key) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try optional(type, key) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try optional(type, key) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try optional(type, key) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try optional(type, key) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try optional(type, key) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try optional(type, key) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try optional(type, key) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try optional(type, key) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try optional(type, key) }

    private func decode<T: Decodable>(T type: T.Type, _ key: Key) throws -> T { try decode(type, forKey: key) }
    private func optional<T: Decodable>(_ type: T.Type, _ key: Key) throws -> T? { try decodeIfPresent(type, forKey: key) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey> {
        throw SchemaRegistry.RecordingError.unsupported("a nested keyed container")
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        throw SchemaRegistry.RecordingError.unsupported("a nested unkeyed container")
    }

    func superDecoder() throws -> any Decoder { throw SchemaRegistry.RecordingError.unsupported("superDecoder") }
    func superDecoder(forKey key: Key) throws -> any Decoder {
        throw SchemaRegistry.RecordingError.unsupported("superDecoder")
    }
}

/// An array's container, which offers one element whose schema becomes the array's `items`, or a
/// single value's: one type serves both, their requirements being the same but for `isAtEnd`.
private struct ValueRecorder: UnkeyedDecodingContainer, SingleValueDecodingContainer {
    let registry: SchemaRegistry
    let recording: Recording
    var codingPath: [any CodingKey]
    let isArray: Bool

    var count: Int? { 1 }
    /// At the end once the one element is recorded (the shape is `.array(nil)` until then).
    var isAtEnd: Bool {
        guard case .array(let items) = recording.shape else { return false }
        return items != nil
    }
    var currentIndex: Int { isAtEnd ? 1 : 0 }

    func decodeNil() -> Bool { false }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let (value, schema) = try registry.record(T.self)
        recording.shape = isArray ? .array(schema) : .single(schema)
        return value
    }

    func decode(_ type: Bool.Type) throws -> Bool { try decode(T: type) }
    func decode(_ type: String.Type) throws -> String { try decode(T: type) }
    func decode(_ type: Double.Type) throws -> Double { try decode(T: type) }
    func decode(_ type: Float.Type) throws -> Float { try decode(T: type) }
    func decode(_ type: Int.Type) throws -> Int { try decode(T: type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try decode(T: type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try decode(T: type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try decode(T: type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try decode(T: type) }
    func decode(_ type: UInt.Type) throws -> UInt { try decode(T: type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try decode(T: type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try decode(T: type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try decode(T: type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try decode(T: type) }
    private func decode<T: Decodable>(T type: T.Type) throws -> T { try decode(type) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        throw SchemaRegistry.RecordingError.unsupported("a nested keyed container")
    }

    func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw SchemaRegistry.RecordingError.unsupported("a nested unkeyed container")
    }

    func superDecoder() throws -> any Decoder { throw SchemaRegistry.RecordingError.unsupported("superDecoder") }
}
