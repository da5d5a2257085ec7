import HTTPServer

/// A handler throws an `APIError` and the router answers with it.
extension APIError: HTTPResponseError {}

/// The refusals of strict decoding, worded from the declaration.
extension APIError {
    static let jsonBodyAllowed = "a JSON object of strings, numbers and booleans, such as {\"mode\": \"pause\"}"

    static func unknownParameter(_ name: String, of operation: APIOperation) -> APIError {
        APIError(400, "unknown parameter '\(quote(name))' for \(operation.method.rawValue) \(operation.path)",
                 parameter: name, allowed: parameterList(operation))
    }

    static func repeatedParameter(_ spec: ParameterSpec) -> APIError {
        APIError(400, "parameter '\(spec.name)' is given more than once", parameter: spec.name,
                 allowed: "'\(spec.name)' once: \(spec.allowed)")
    }

    static func misplacedParameter(_ spec: ParameterSpec, in location: ParameterLocations, operation: APIOperation) -> APIError {
        let places = [ParameterLocations.query, .form, .json].filter { operation.locations(of: spec).contains($0) }
        return APIError(400, "parameter '\(spec.name)' cannot be given in \(ParameterLocations.name(of: location))",
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
