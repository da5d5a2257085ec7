import Animation

/// What documents cannot say by a reply type's Swift fields: a meaning, a range, a pattern, by the
/// field's name. A control's `State` (and any type in it) may note its fields so `/openapi.json`
/// states them.
public protocol FieldNoted {
    static var fieldNotes: [String: FieldNote] { get }
}

public struct FieldNote: Sendable {
    public var description: String?
    public var minimum: Double?
    public var maximum: Double?
    public var pattern: String?

    public init(_ description: String? = nil, minimum: Double? = nil, maximum: Double? = nil, pattern: String? = nil) {
        self.description = description
        self.minimum = minimum
        self.maximum = maximum
        self.pattern = pattern
    }

    /// "#rrggbb", as documents write colours.
    public static let hexColor = FieldNote(pattern: "^#[0-9a-f]{6}$")
    /// A fraction from 0 to 1.
    public static let unit = FieldNote(minimum: 0, maximum: 1)

    /// Within `range`.
    public static func range(_ range: ClosedRange<Double>, _ description: String? = nil) -> FieldNote {
        FieldNote(description, minimum: range.lowerBound, maximum: range.upperBound)
    }
}

/// A string enumeration in a state or reply (a mode). Decoding one needs a valid case, so the
/// schema recorder asks the type for its cases instead: conform a state's enumerations to it.
public protocol SchemaEnumerable: Decodable {
    static var schemaCases: [String] { get }
    static func schemaPlaceholder() -> Self?
}

extension SchemaEnumerable where Self: CaseIterable & RawRepresentable, RawValue == String {
    public static var schemaCases: [String] { allCases.map(\.rawValue) }
    public static func schemaPlaceholder() -> Self? { allCases.first }
}

extension PathElement.Kind: SchemaEnumerable {}
