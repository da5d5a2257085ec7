#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HTTPServer

/// Named parameter values from a request's query, and for commands also from a form or JSON body.
/// Later sources win: query < form < JSON.
struct ParameterValues: Sendable {
    private(set) var values: [String: String]

    init(_ values: [String: String]) {
        self.values = values
    }

    /// The query alone, for GET routes.
    init(query request: HTTPRequest) {
        values = [:]
        for item in request.query where values[item.name] == nil {
            values[item.name] = item.value
        }
    }

    /// Query, form body or JSON body: commands accept any of them.
    init(command request: HTTPRequest) throws(APIError) {
        self.init(query: request)
        guard !request.body.isEmpty else { return }
        let type = (request.header("content-type") ?? "").lowercased()
        if type.hasPrefix("application/json") {
            try mergeJSON(request.body)
        } else if type.hasPrefix("application/x-www-form-urlencoded") || type.isEmpty {
            mergeForm(request.body)
        } else {
            throw APIError(415, "unsupported Content-Type '\(type)' for a command",
                           parameter: "Content-Type", allowed: "application/json, application/x-www-form-urlencoded, or parameters in the query")
        }
    }

    subscript(name: String) -> String? { values[name] }

    private mutating func mergeForm(_ body: [UInt8]) {
        let text = String(decoding: body, as: UTF8.self)
        for pair in text.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decode(_ s: Substring) -> String { Self.formDecoded(s) ?? String(s) }
            guard let name = parts.first.map(decode), !name.isEmpty else { continue }
            values[name] = parts.count > 1 ? decode(parts[1]) : ""
        }
    }

    static func formDecoded(_ text: Substring) -> String? { FormEncoding.decoded(text) }

    private mutating func mergeJSON(_ body: [UInt8]) throws(APIError) {
        let allowed = "a JSON object of strings, numbers and booleans, such as {\"mode\": \"pause\"}"
        let object: [String: JSONScalar]
        do {
            object = try JSONDecoder().decode([String: JSONScalar].self, from: Data(body))
        } catch DecodingError.typeMismatch(_, let context) where !context.codingPath.isEmpty {
            let key = context.codingPath.first?.stringValue ?? "body"
            throw APIError(400, "'\(key)' must be a string, number or boolean", parameter: key, allowed: allowed)
        } catch {
            throw APIError(400, "the body is not a JSON object", parameter: "body", allowed: allowed)
        }
        for (key, value) in object {
            if let text = value.text { values[key] = text }
        }
    }

    // MARK: Typed reads

    func int(_ name: String, in range: ClosedRange<Int>, default fallback: Int? = nil) throws(APIError) -> Int? {
        guard let raw = values[name] else { return fallback }
        let allowed = "an integer from \(range.lowerBound) to \(range.upperBound)"
        guard let v = Int(raw), range.contains(v), !raw.hasPrefix("+"), raw != "-0" else {
            throw .badParameter(name, raw, allowed: allowed)
        }
        return v
    }

    func double(_ name: String, in range: ClosedRange<Double>, default fallback: Double? = nil) throws(APIError) -> Double? {
        guard let raw = values[name] else { return fallback }
        let allowed = "a number from \(Self.format(range.lowerBound)) to \(Self.format(range.upperBound))"
        guard let v = Double(raw), v.isFinite, range.contains(v) else {
            throw .badParameter(name, raw, allowed: allowed)
        }
        return v
    }

    func bool(_ name: String, default fallback: Bool? = nil) throws(APIError) -> Bool? {
        guard let raw = values[name] else { return fallback }
        switch raw.lowercased() {
        case "true", "1", "on", "yes": return true
        case "false", "0", "off", "no": return false
        default: throw .badParameter(name, raw, allowed: "true or false")
        }
    }

    func choice<E: RawRepresentable & CaseIterable>(_ name: String, as type: E.Type, default fallback: E? = nil) throws(APIError) -> E?
    where E.RawValue == String {
        guard let raw = values[name] else { return fallback }
        guard let v = E(rawValue: raw) else {
            throw .badParameter(name, raw, allowed: E.allCases.map(\.rawValue).joined(separator: ", "))
        }
        return v
    }

    static func format(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
    }
}

/// One scalar of a JSON command body, kept as the text the typed readers parse.
private enum JSONScalar: Decodable {
    case bool(Bool), number(Double), string(String), null

    init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() { self = .null }
        else if let b = try? c.decode(Bool.self) { self = .bool(b) }
        else if let n = try? c.decode(Double.self) { self = .number(n) }
        else { self = .string(try c.decode(String.self)) }
    }

    var text: String? {
        switch self {
        case .bool(let b): b ? "true" : "false"
        case .number(let n): ParameterValues.format(n)
        case .string(let s): s
        case .null: nil
        }
    }
}
