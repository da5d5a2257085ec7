import HTTPServer

/// What a parameter accepts. This one value decides its validation, the `allowed` text of its
/// errors, its JSON Schema in /openapi.json, its README row and its boundary tests.
enum ParameterType: Sendable, Equatable {
    case integer(ClosedRange<Int>)
    case number(ClosedRange<Double>)
    /// `true` or `false`; as text also 1/0, on/off, yes/no (HTML forms and shells send those).
    case boolean
    /// One of these words, exactly.
    case enumeration([String])
    /// One or more of these words separated by commas, such as `debug=points,bounds`.
    case list([String])
    case string(maxLength: Int, pattern: String?)
    /// `#rrggbb` (the `#` may be left out) or one of these names, in any letter case.
    case color(names: [String])

    /// For people, in errors and docs: "an integer from 16 to 4096".
    func allowed(unit: String? = nil) -> String {
        let suffix = unit.map { " (\($0))" } ?? ""
        switch self {
        case .integer(let r): return "an integer from \(r.lowerBound) to \(r.upperBound)\(suffix)"
        case .number(let r):
            return "a number from \(Self.format(r.lowerBound)) to \(Self.format(r.upperBound))\(suffix)"
        case .boolean: return "true or false"
        case .enumeration(let words): return words.joined(separator: ", ")
        case .list(let words): return "one or more of \(words.joined(separator: ", ")), separated by commas"
        case .string(let maxLength, let pattern):
            return "text of at most \(maxLength) characters" + (pattern.map { " matching \($0)" } ?? "")
        case .color(let names): return "#rrggbb or one of " + names.joined(separator: ", ")
        }
    }

    /// The text, normalised, if the type accepts it ("on" → "true" for booleans); nil otherwise.
    func accepts(_ text: String) -> String? {
        switch self {
        case .integer(let r):
            // Int("+5") parses, but "+5" and "-0" are not how anyone writes an integer parameter.
            guard let v = Int(text), r.contains(v), !text.hasPrefix("+"), text != "-0" else { return nil }
            return text
        case .number(let r):
            guard let v = Double(text), v.isFinite, r.contains(v), !Self.underflows(text, to: v) else { return nil }
            return text
        case .boolean:
            switch text.lowercased() {
            case "true", "1", "on", "yes": return "true"
            case "false", "0", "off", "no": return "false"
            default: return nil
            }
        case .enumeration(let words): return words.contains(text) ? text : nil
        case .list(let words):
            let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            return parts.allSatisfy { words.contains(String($0)) } ? text : nil
        case .string(let maxLength, _):
            return text.count <= maxLength ? text : nil
        case .color(let names):
            if names.contains(text.lowercased()) { return text.lowercased() }
            let hex = text.hasPrefix("#") ? text.dropFirst() : Substring(text)
            // ASCII only: Unicode counts fullwidth digits as hex digits too.
            guard hex.count == 6, hex.allSatisfy({ $0.isASCII && $0.isHexDigit }) else { return nil }
            return "#" + hex.lowercased()
        }
    }

    /// Which JSON scalar carries this type in a JSON body.
    var jsonKind: FlatJSONObject.Kind {
        switch self {
        case .integer, .number: .number
        case .boolean: .bool
        case .enumeration, .list, .string, .color: .string
        }
    }

    /// The JSON Schema of one value (without default or description).
    var schema: [(String, JSONValue)] {
        switch self {
        case .integer(let r):
            return [("type", "integer"), ("minimum", .int(r.lowerBound)), ("maximum", .int(r.upperBound))]
        case .number(let r):
            return [("type", "number"), ("minimum", Self.json(r.lowerBound)), ("maximum", Self.json(r.upperBound))]
        case .boolean:
            return [("type", "boolean")]
        case .enumeration(let words):
            return [("type", "string"), ("enum", .array(words.map { .string($0) }))]
        case .list(let words):
            let word = "(" + words.map(Self.escaped).joined(separator: "|") + ")"
            return [("type", "string"), ("pattern", .string("^\(word)(,\(word))*$"))]
        case .string(let maxLength, let pattern):
            return [("type", "string"), ("maxLength", .int(maxLength))] + (pattern.map { [("pattern", .string($0))] } ?? [])
        case .color(let names):
            // Names in any letter case, spelled out so the pattern needs no regex flags.
            let spelled = names.map { name in
                name.map { c in c.isLetter ? "[\(c.lowercased())\(c.uppercased())]" : Self.escaped(String(c)) }.joined()
            }
            return [("type", "string"), ("pattern", .string("^(#?[0-9A-Fa-f]{6}|" + spelled.joined(separator: "|") + ")$"))]
        }
    }

    /// A value as JSON of this type, for defaults and examples; nil when the text does not fit.
    func jsonValue(_ text: String) -> JSONValue? {
        guard let accepted = accepts(text) else { return nil }
        switch self {
        case .integer: return Int(accepted).map { .int($0) }
        case .number: return Double(accepted).map(Self.json)
        case .boolean: return .bool(accepted == "true")
        case .enumeration, .list, .string, .color: return .string(accepted)
        }
    }

    /// 1e-400 reads as 0: a number too small for a Double is refused rather than taken as zero.
    private static func underflows(_ text: String, to value: Double) -> Bool {
        value == 0 && text.prefix { $0 != "e" && $0 != "E" }.contains { ("1"..."9").contains($0) }
    }

    /// "0.05", "600", never "600.0": numbers as a person writes them.
    static func format(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
    }

    /// Whole numbers as JSON integers, so "maximum": 600 and not 600.0.
    static func json(_ v: Double) -> JSONValue {
        v == v.rounded() && abs(v) < 1e15 ? .int(Int(v)) : .double(v)
    }

    private static func escaped(_ word: String) -> String {
        var out = ""
        for c in word {
            if "\\^$.|?*+()[]{}".contains(c) { out.append("\\") }
            out.append(c)
        }
        return out
    }
}
