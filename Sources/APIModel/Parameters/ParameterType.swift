import Controls
import JSON

/// What a parameter (or a control's prop) accepts. This one value decides its validation, the `allowed` text of its
/// errors, its JSON Schema in /openapi.json, its README row and its boundary tests.
package enum ParameterType: Sendable, Equatable {
    case integer(ClosedRange<Int>)
    case number(ClosedRange<Double>)
    /// `true` or `false`; as text also 1/0, on/off, yes/no (HTML forms and shells send those).
    case boolean
    /// One of these words, exactly.
    case enumeration([String])
    /// One or more of these words separated by commas, such as `debug=points,bounds`.
    case list([String])
    case string(maxLength: Int, pattern: String?)
    /// `#rrggbb` (the `#` may be left out) or one of these names, in any letter case; with `alpha`
    /// also `#rrggbbaa`.
    case color(names: [String], alpha: Bool = false)
    /// At most `maxCount` colours `#rrggbb` or `#rrggbbaa`, separated by commas (a JSON array of them).
    case colorList(maxCount: Int)
    /// A timing curve: one of `TimingCurve.Name`, or `x1,y1,x2,y2` (also written `cubic-bezier(…)`)
    /// with x in `TimingCurve.xRange` and y in `TimingCurve.yRange` (a JSON array of four numbers).
    case curve
    /// A control's id, or with `all` also `all`: of the list a server or a renderer serves, which a
    /// declaration does not know; the decoder and the documents resolve it (`resolved(for:)`).
    case controls(all: Bool)

    /// `.controls` as the enumeration of `list`'s ids; any other type as it is.
    package func resolved(for list: ControlList) -> ParameterType {
        guard case .controls(let all) = self else { return self }
        return .enumeration((all ? list.allSubjects : list.subjects).map(\.rawValue))
    }

    /// For people, in errors and docs: "an integer from 16 to 4096".
    package func allowed(unit: String? = nil) -> String {
        let suffix = unit.map { " (\($0))" } ?? ""
        switch self {
        case .integer(let r): return "an integer from \(r.lowerBound) to \(r.upperBound)\(suffix)"
        case .number(let r):
            return "a number from \(Self.format(r.lowerBound)) to \(Self.format(r.upperBound))\(suffix)"
        case .boolean: return "true or false"
        case .enumeration(let words): return words.joined(separator: ", ")
        case .controls(let all): return all ? "a control's id, or all" : "a control's id"
        case .list(let words): return "one or more of \(words.joined(separator: ", ")), separated by commas"
        case .string(let maxLength, let pattern):
            return "text of at most \(maxLength) characters" + (pattern.map { " matching \($0)" } ?? "")
        case .color(let names, let alpha):
            let hex = alpha ? "#rrggbb or #rrggbbaa" : "#rrggbb"
            return names.isEmpty ? hex : hex + " or one of " + names.joined(separator: ", ")
        case .colorList(let maxCount): return "at most \(maxCount) colours #rrggbb or #rrggbbaa, separated by commas"
        case .curve:
            return "one of " + TimingCurve.Name.allCases.map(\.rawValue).joined(separator: ", ")
                + ", or cubic-bezier control points x1,y1,x2,y2 with x from \(Self.format(TimingCurve.xRange.lowerBound)) to "
                + "\(Self.format(TimingCurve.xRange.upperBound)) and y from \(Self.format(TimingCurve.yRange.lowerBound)) to "
                + "\(Self.format(TimingCurve.yRange.upperBound))"
        }
    }

    /// What it accepts, as the README's tables and the command line's help say it: "1–60", "16–4096 points".
    package func values(unit: String?) -> String {
        let suffix = unit.map { " " + $0 } ?? ""
        switch self {
        case .integer(let r): return "\(r.lowerBound)–\(r.upperBound)\(suffix)"
        case .number(let r): return "\(ParameterType.format(r.lowerBound))–\(ParameterType.format(r.upperBound))\(suffix)"
        case .boolean: return "`true`, `false`"
        case .enumeration(let words): return words.map { "`\($0)`" }.joined(separator: ", ")
        case .controls(let all): return all ? "a control's id, `all`" : "a control's id"
        case .list(let words): return words.map { "`\($0)`" }.joined(separator: ", ") + ", comma-separated"
        case .string(let maxLength, _): return "text, at most \(maxLength) characters"
        case .color(let names, let alpha):
            return ([alpha ? "`#rrggbb`, `#rrggbbaa`" : "`#rrggbb`"] + names.map { "`\($0)`" }).joined(separator: ", ")
        case .colorList(let maxCount): return "up to \(maxCount) colours `#rrggbbaa`"
        case .curve: return TimingCurve.Name.allCases.map { "`\($0.rawValue)`" }.joined(separator: ", ") + ", `[x1,y1,x2,y2]`"
        }
    }

    /// The text, normalised, if the type accepts it ("on" → "true" for booleans); nil otherwise.
    package func accepts(_ text: String) -> String? {
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
        case .controls: return nil
        case .list(let words):
            let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            return parts.allSatisfy { words.contains(String($0)) } ? text : nil
        case .string(let maxLength, _):
            return text.count <= maxLength ? text : nil
        case .color(let names, let alpha):
            if names.contains(text.lowercased()) { return text.lowercased() }
            let hex = text.hasPrefix("#") ? text.dropFirst() : Substring(text)
            // ASCII only: Unicode counts fullwidth digits as hex digits too.
            guard hex.count == 6 || (alpha && hex.count == 8), hex.allSatisfy({ $0.isASCII && $0.isHexDigit }) else {
                return nil
            }
            return "#" + hex.lowercased()
        case .colorList(let maxCount):
            if text.isEmpty { return "" }
            let colours = text.split(separator: ",", omittingEmptySubsequences: false)
                .map { ParameterType.color(names: [], alpha: true).accepts(String($0).trimmingSpaces) }
            guard colours.count <= maxCount, colours.allSatisfy({ $0 != nil }) else { return nil }
            return colours.compactMap { $0 }.joined(separator: ",")
        case .curve:
            return Self.curve(text).map(Self.text(of:))
        }
    }

    /// A timing curve written as a name, `x1,y1,x2,y2` or `cubic-bezier(x1, y1, x2, y2)`; nil when
    /// it is none of these or its points are out of range.
    package static func curve(_ text: String) -> TimingCurve? {
        if let name = TimingCurve.Name(rawValue: text) { return .named(name) }
        var inner = Substring(text.trimmingSpaces)
        if inner.hasPrefix("cubic-bezier("), inner.hasSuffix(")") {
            inner = inner.dropFirst("cubic-bezier(".count).dropLast()
        }
        let numbers = inner.split(separator: ",", omittingEmptySubsequences: false).map { part -> Double? in
            let t = String(part).trimmingSpaces
            return ParameterType.number(-Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude).accepts(t)
                .flatMap(Double.init)
        }
        guard numbers.count == 4, let x1 = numbers[0], let y1 = numbers[1], let x2 = numbers[2], let y2 = numbers[3] else {
            return nil
        }
        let curve = TimingCurve.bezier(x1: x1, y1: y1, x2: x2, y2: y2)
        return curve.isValid ? curve : nil
    }

    /// The curve as `accepts` writes it: its name, or its four control points.
    package static func text(of curve: TimingCurve) -> String {
        switch curve {
        case .named(let name): name.rawValue
        case .bezier: curve.controlPoints.map(format).joined(separator: ",")
        }
    }

    /// Which JSON scalar carries this type in a JSON body.
    package var jsonKind: FlatJSONObject.Kind {
        switch self {
        case .integer, .number: .number
        case .boolean: .bool
        // As a flat parameter a list or a curve is one string; props take JSON arrays as well.
        case .enumeration, .list, .string, .color, .colorList, .curve, .controls: .string
        }
    }

    /// The JSON Schema of one value (without default or description).
    package var schema: [(String, JSONValue)] {
        switch self {
        case .integer(let r):
            return [("type", "integer"), ("minimum", .int(r.lowerBound)), ("maximum", .int(r.upperBound))]
        case .number(let r):
            return [("type", "number"), ("minimum", JSONValue.number(r.lowerBound)), ("maximum", JSONValue.number(r.upperBound))]
        case .boolean:
            return [("type", "boolean")]
        case .enumeration(let words):
            return [("type", "string"), ("enum", .array(words.map { .string($0) }))]
        case .controls: return [("type", "string")]
        case .list(let words):
            let word = "(" + words.map(Self.escaped).joined(separator: "|") + ")"
            return [("type", "string"), ("pattern", .string("^\(word)(,\(word))*$"))]
        case .string(let maxLength, let pattern):
            return [("type", "string"), ("maxLength", .int(maxLength))] + (pattern.map { [("pattern", .string($0))] } ?? [])
        case .color(let names, let alpha):
            // Names in any letter case, spelled out so the pattern needs no regex flags.
            let spelled = names.map { name in
                name.map { c in c.isLetter ? "[\(c.lowercased())\(c.uppercased())]" : Self.escaped(String(c)) }.joined()
            }
            let hex = alpha ? "#?([0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})" : "#?[0-9A-Fa-f]{6}"
            let pattern = "^(" + ([hex] + spelled).joined(separator: "|") + ")$"
            return [("type", "string")] + (alpha ? [("format", "color")] : []) + [("pattern", .string(pattern))]
        case .colorList(let maxCount):
            return [("type", "array"), ("items", .object(ParameterType.color(names: [], alpha: true).schema)),
                    ("maxItems", .int(maxCount))]
        case .curve:
            let x = JSONValue.object([("type", "number"), ("minimum", JSONValue.number(TimingCurve.xRange.lowerBound)),
                                      ("maximum", JSONValue.number(TimingCurve.xRange.upperBound))])
            let y = JSONValue.object([("type", "number"), ("minimum", JSONValue.number(TimingCurve.yRange.lowerBound)),
                                      ("maximum", JSONValue.number(TimingCurve.yRange.upperBound))])
            // Each name's control points too (`x-curves`), so a curve editor plots and offers the named
            // curves without a copy of their numbers.
            let named = TimingCurve.Name.allCases.map { name in
                (name.rawValue, JSONValue.array(TimingCurve.named(name).controlPoints.map(JSONValue.number)))
            }
            return [("oneOf", [
                .object([("type", "string"), ("enum", .array(TimingCurve.Name.allCases.map { .string($0.rawValue) }))]),
                .object([("type", "array"), ("prefixItems", [x, y, x, y]), ("items", false), ("minItems", 4), ("maxItems", 4)]),
            ]), ("format", "x-timing-curve"), ("x-curves", .object(named))]
        }
    }

    /// A value as JSON of this type, for defaults and examples; nil when the text does not fit.
    package func jsonValue(_ text: String) -> JSONValue? {
        guard let accepted = accepts(text) else { return nil }
        switch self {
        case .integer: return Int(accepted).map { .int($0) }
        case .number: return Double(accepted).map(JSONValue.number)
        case .boolean: return .bool(accepted == "true")
        case .enumeration, .list, .string, .color, .controls: return .string(accepted)
        case .colorList: return .array(accepted.isEmpty ? [] : accepted.split(separator: ",").map { .string(String($0)) })
        case .curve:
            guard let curve = Self.curve(accepted) else { return nil }
            if case .named(let name) = curve { return .string(name.rawValue) }
            return .array(curve.controlPoints.map(JSONValue.number))
        }
    }

    /// 1e-400 reads as 0: a number too small for a Double is refused rather than taken as zero.
    private static func underflows(_ text: String, to value: Double) -> Bool {
        value == 0 && text.prefix { $0 != "e" && $0 != "E" }.contains { ("1"..."9").contains($0) }
    }

    /// "0.05", "600", never "600.0": numbers as a person writes them.
    package static func format(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
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

extension String {
    package var trimmingSpaces: String {
        String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
}
