import HTTPServer

/// A request the API refuses: the status, what is wrong, and, where it helps, the parameter at
/// fault and what it allows. Rendered as `{"error": …, "parameter": …, "allowed": …}`, with any
/// `details` after them (a budget's refusal names the budget and its figures).
struct APIError: Error, Sendable {
    var status: Int
    var message: String
    var parameter: String?
    var allowed: String?
    var details: [(String, JSONValue)] = []
    var headers: [(String, String)] = []

    init(_ status: Int, _ message: String, parameter: String? = nil, allowed: String? = nil,
         details: [(String, JSONValue)] = [], headers: [(String, String)] = []) {
        self.status = status
        self.message = message
        self.parameter = parameter
        self.allowed = allowed
        self.details = details
        self.headers = headers
    }

    static func badParameter(_ name: String, _ value: String, allowed: String) -> APIError {
        APIError(400, "invalid value for '\(name)': \(Self.quote(value))", parameter: name, allowed: allowed)
    }

    static func missing(_ name: String, allowed: String) -> APIError {
        APIError(400, "missing parameter '\(name)'", parameter: name, allowed: allowed)
    }

    static func conflict(_ message: String) -> APIError { APIError(409, message) }

    var response: HTTPResponse {
        var fields: [(String, JSONValue)] = [("error", .string(message))]
        if let parameter { fields.append(("parameter", .string(parameter))) }
        if let allowed { fields.append(("allowed", .string(allowed))) }
        return .json(status: status, .object(fields + details), headers: headers)
    }

    /// Echoes a bad value safely: bounded and printable, whatever the client sent.
    static func quote(_ value: String) -> String {
        let printable = value.unicodeScalars.map { $0.properties.isWhitespace || $0.value >= 0x20 && $0.value != 0x7F ? String($0) : "\\u{\(String($0.value, radix: 16))}" }.joined()
        return printable.count > 64 ? String(printable.prefix(64)) + "…" : printable
    }
}
