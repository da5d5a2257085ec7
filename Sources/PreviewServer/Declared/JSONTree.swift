/// A JSON document read with every object's members in order and numbers as written, so a reader
/// can refuse a member given twice (JSONDecoder keeps one of them without a word) and tell 3 from
/// 3.5. Documents such as a scenario are checked member by member against it, with errors that
/// name the member's path.
indirect enum JSONTree: Sendable {
    case scalar(FlatJSONObject.Value)
    case array([JSONTree])
    case object([(key: String, value: JSONTree)])

    enum Failure: Error, Equatable {
        /// Not JSON; `offset` is the byte where reading stopped.
        case invalid(offset: Int)
        /// Objects and arrays nested deeper than the reader allows.
        case tooDeep(maxDepth: Int)
    }

    /// Reads a whole document; objects and arrays may nest at most `maxDepth` deep.
    init(parsing bytes: [UInt8], maxDepth: Int) throws(Failure) {
        var reader = JSONReader(bytes: bytes)
        do {
            self = try reader.tree(depth: 1, maxDepth: maxDepth)
            reader.skipSpace()
        } catch .notAnObject {
            throw .invalid(offset: reader.i)
        } catch {
            throw .tooDeep(maxDepth: maxDepth)
        }
        guard reader.i == bytes.count else { throw .invalid(offset: reader.i) }
    }

    /// For errors: "an object", "a number".
    var kindName: String {
        switch self {
        case .object: "an object"
        case .array: "an array"
        case .scalar(let value):
            switch value {
            case .string: "a string"
            case .number: "a number"
            case .bool: "a boolean"
            case .null: "null"
            }
        }
    }
}

extension JSONReader {
    /// A value of any kind; `.nested` reports nesting past `maxDepth`.
    mutating func tree(depth: Int, maxDepth: Int) throws(FlatJSONObject.Failure) -> JSONTree {
        switch peek() {
        case UInt8(ascii: "{"):
            guard depth <= maxDepth else { throw .nested(key: "") }
            i += 1
            var members: [(key: String, value: JSONTree)] = []
            if peek() == UInt8(ascii: "}") {
                i += 1
                return .object(members)
            }
            while true {
                let key = try string()
                try expect(UInt8(ascii: ":"))
                members.append((key, try tree(depth: depth + 1, maxDepth: maxDepth)))
                if peek() == UInt8(ascii: ",") {
                    i += 1
                } else {
                    try expect(UInt8(ascii: "}"))
                    return .object(members)
                }
            }
        case UInt8(ascii: "["):
            guard depth <= maxDepth else { throw .nested(key: "") }
            i += 1
            var items: [JSONTree] = []
            if peek() == UInt8(ascii: "]") {
                i += 1
                return .array(items)
            }
            while true {
                items.append(try tree(depth: depth + 1, maxDepth: maxDepth))
                if peek() == UInt8(ascii: ",") {
                    i += 1
                } else {
                    try expect(UInt8(ascii: "]"))
                    return .array(items)
                }
            }
        case UInt8(ascii: "\""): return .scalar(.string(try string()))
        case UInt8(ascii: "t"): try literal("true"); return .scalar(.bool(true))
        case UInt8(ascii: "f"): try literal("false"); return .scalar(.bool(false))
        case UInt8(ascii: "n"): try literal("null"); return .scalar(.null)
        default: return .scalar(.number(try number()))
        }
    }
}
