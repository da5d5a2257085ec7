/// A JSON body of parameters: one object of strings, numbers, booleans and nulls, read with every
/// member kept in order (by `JSONDocument`), so that a parameter given twice can be refused.
package struct FlatJSONObject: Sendable, Equatable {
    package enum Kind: String, Sendable { case string, number, bool = "boolean" }

    package enum Value: Sendable, Equatable {
        case string(String)
        /// The number as written, so an integer parameter can tell 3 from 3.5.
        case number(String)
        case bool(Bool)
        case null

        package var kind: Kind? {
            switch self {
            case .string: .string
            case .number: .number
            case .bool: .bool
            case .null: nil
            }
        }

        package var text: String {
            switch self {
            case .string(let s), .number(let s): s
            case .bool(let b): b ? "true" : "false"
            case .null: "null"
            }
        }
    }

    package enum Failure: Error, Equatable {
        /// Not JSON, or JSON but not an object.
        case notAnObject
        /// A member's value is an object or an array.
        case nested(key: String)
    }

    package var members: [(key: String, value: Value)]

    package static func == (a: FlatJSONObject, b: FlatJSONObject) -> Bool {
        a.members.count == b.members.count && zip(a.members, b.members).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }

    package init(parsing bytes: [UInt8]) throws(Failure) {
        guard case .object(let members)? = try? JSONDocument(parsing: bytes) else { throw .notAnObject }
        self.members = try members.map { member throws(Failure) in
            switch member.value {
            case .string(let s): (member.key, .string(s))
            case .number(let n): (member.key, .number(n))
            case .bool(let b): (member.key, .bool(b))
            case .null: (member.key, .null)
            case .object, .array: throw .nested(key: member.key)
            }
        }
    }
}
