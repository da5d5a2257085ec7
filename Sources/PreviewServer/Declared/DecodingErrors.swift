import Controls
import HTTPServer
import JSON

/// A handler throws a `Refusal` and the router answers with it: the one place a refusal's kind
/// becomes an HTTP status.
extension Refusal: HTTPResponseError {
    var status: Int {
        switch kind {
        case .invalid: 400
        case .notFound: 404
        case .conflict: 409
        case .tooLarge: 413
        case .unsupportedType: 415
        case .unavailable: 503
        case .failure: 500
        }
    }

    public var response: HTTPResponse {
        var fields: [(String, JSONValue)] = [("error", .string(message))]
        if let parameter { fields.append(("parameter", .string(parameter))) }
        if let allowed { fields.append(("allowed", .string(allowed))) }
        return .json(status: status, .object(fields + details), headers: retryAfter.map { [("Retry-After", String($0))] } ?? [])
    }
}

/// The refusals of strict decoding, worded from the declaration.
extension Refusal {
    static let jsonBodyAllowed = "a JSON object of strings, numbers and booleans, such as {\"mode\": \"pause\"}"

    static func unknownParameter(_ name: String, of operation: APIOperation) -> Refusal {
        Refusal(.invalid, "unknown parameter '\(quote(name))' for \(operation.method.rawValue) \(operation.path)",
                 parameter: name, allowed: parameterList(operation))
    }

    static func repeatedParameter(_ spec: ParameterSpec) -> Refusal {
        Refusal(.invalid, "parameter '\(spec.name)' is given more than once", parameter: spec.name,
                 allowed: "'\(spec.name)' once: \(spec.allowed)")
    }

    static func misplacedParameter(_ spec: ParameterSpec, in location: ParameterLocations, operation: APIOperation) -> Refusal {
        let places = [ParameterLocations.query, .form, .json].filter { operation.locations(of: spec).contains($0) }
        return Refusal(.invalid, "parameter '\(spec.name)' cannot be given in \(ParameterLocations.name(of: location))",
                 parameter: spec.name,
                 allowed: "'\(spec.name)' in " + (places.isEmpty ? "the path" : places.map(ParameterLocations.name(of:)).joined(separator: " or ")))
    }

    /// "mode, animated", or a plain statement that there are none.
    static func parameterList(_ operation: APIOperation) -> String {
        operation.parameters.isEmpty
            ? "no parameters"
            : operation.parameters.map(\.spec.name).joined(separator: ", ")
    }
}
