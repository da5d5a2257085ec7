import Controls
import JSON

/// The refusals of strict decoding, worded from the declaration.
extension Refusal {
    package static let jsonBodyAllowed = "a JSON object of strings, numbers and booleans, such as {\"mode\": \"pause\"}"

    package static func unknownParameter(_ name: String, of operation: ParameterSet) -> Refusal {
        Refusal(.invalid, "unknown parameter '\(quote(name))' for \(operation.name)",
                 parameter: name, allowed: parameterList(operation))
    }

    package static func repeatedParameter(_ spec: ParameterSpec) -> Refusal {
        Refusal(.invalid, "parameter '\(spec.name)' is given more than once", parameter: spec.name,
                 allowed: "'\(spec.name)' once: \(spec.allowed)")
    }

    package static func misplacedParameter(_ spec: ParameterSpec, in location: ParameterLocations, operation: ParameterSet) -> Refusal {
        let places = [ParameterLocations.query, .form, .json].filter { operation.locations(of: spec).contains($0) }
        return Refusal(.invalid, "parameter '\(spec.name)' cannot be given in \(ParameterLocations.name(of: location))",
                 parameter: spec.name,
                 allowed: "'\(spec.name)' in " + (places.isEmpty ? "the path" : places.map(ParameterLocations.name(of:)).joined(separator: " or ")))
    }

    /// "mode, animated", or a plain statement that there are none.
    package static func parameterList(_ operation: ParameterSet) -> String {
        operation.parameters.isEmpty
            ? "no parameters"
            : operation.parameters.map(\.spec.name).joined(separator: ", ")
    }
}
