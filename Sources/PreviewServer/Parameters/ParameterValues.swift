import Foundation
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
            func decode(_ s: Substring) -> String {
                (String(s).replacingOccurrences(of: "+", with: " ").removingPercentEncoding) ?? String(s)
            }
            guard let name = parts.first.map(decode), !name.isEmpty else { continue }
            values[name] = parts.count > 1 ? decode(parts[1]) : ""
        }
    }

    private mutating func mergeJSON(_ body: [UInt8]) throws(APIError) {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: Data(body), options: [.fragmentsAllowed])
        } catch {
            throw APIError(400, "the body is not valid JSON", parameter: "body", allowed: "a JSON object such as {\"mode\": \"pause\"}")
        }
        guard let dict = object as? [String: Any] else {
            throw APIError(400, "the JSON body must be an object", parameter: "body", allowed: "a JSON object such as {\"mode\": \"pause\"}")
        }
        for (key, value) in dict {
            switch value {
            case let s as String: values[key] = s
            case let n as NSNumber:
                // NSNumber carries JSON booleans too; keep them as the words the parsers accept.
                values[key] = CFGetTypeID(n) == CFBooleanGetTypeID() ? (n.boolValue ? "true" : "false") : n.stringValue
            case is NSNull: continue
            default:
                throw APIError(400, "'\(key)' must be a string, number or boolean", parameter: key, allowed: "a scalar JSON value")
            }
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
