/// One value as SQLite stores it: the five storage classes, so binding and reading are typed and a
/// NULL is a value rather than a missing one.
public enum SQLValue: Sendable, Equatable, Hashable {
    case integer(Int64)
    case real(Double)
    /// UTF-8 text; bound with its byte length, so a string holding NUL characters round-trips whole.
    case text(String)
    /// Bytes; an empty array is stored as an empty blob, not as NULL.
    case blob([UInt8])
    case null

    /// The integer, or nil for any other storage class (no silent conversion from text or real).
    public var int64: Int64? {
        if case .integer(let value) = self { return value }
        return nil
    }

    /// The real, or nil for any other storage class.
    public var double: Double? {
        if case .real(let value) = self { return value }
        return nil
    }

    /// The text, or nil for any other storage class.
    public var string: String? {
        if case .text(let value) = self { return value }
        return nil
    }

    /// The bytes, or nil for any other storage class.
    public var bytes: [UInt8]? {
        if case .blob(let value) = self { return value }
        return nil
    }

    public var isNull: Bool { self == .null }
}

extension SQLValue {
    /// An optional integer as a value: nil binds NULL.
    public init(_ value: Int64?) { self = value.map { .integer($0) } ?? .null }
    /// An optional real as a value: nil binds NULL.
    public init(_ value: Double?) { self = value.map { .real($0) } ?? .null }
    /// An optional string as a value: nil binds NULL.
    public init(_ value: String?) { self = value.map { .text($0) } ?? .null }
    /// Optional bytes as a value: nil binds NULL, an empty array an empty blob.
    public init(_ value: [UInt8]?) { self = value.map { .blob($0) } ?? .null }
}
