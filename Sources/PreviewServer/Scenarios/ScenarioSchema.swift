import Controls
import HTTPServer

extension Scenario {
    /// The JSON Schema of a scenario document, from the same declarations the parser reads: one
    /// step shape per operation a step may run, its `with` the operation's own parameters.
    /// Computed, not stored: LeakSanitizer misreads a global JSONValue tree (see `OpenAPIGenerator.errorSchema`).
    static var jsonSchema: JSONValue {
        let steps: [JSONValue] = runnable.map { endpoint in
            let operation = endpoint.operation
            var parameters = operation.parameters
            if endpoint.sceneCommand == nil {
                let stepping = [APIContext.ClockParameters.step.spec.name, APIContext.ClockParameters.frames.spec.name]
                parameters.removeAll { stepping.contains($0.spec.name) }
            }
            var with: [(String, JSONValue)] = [
                ("type", "object"),
                ("properties", .object(parameters.map { p in
                    (p.spec.name, .object(p.spec.type.schema + [("description", .string(p.spec.description))]))
                })),
                ("additionalProperties", false),
            ]
            let required = parameters.filter { $0.spec.requirement == .required }.map { JSONValue.string($0.spec.name) }
            if !required.isEmpty { with.append(("required", .array(required))) }
            var members: [(String, JSONValue)] = [
                ("type", "object"),
                ("properties", .object([
                    ("at", .object([("type", "number"), ("minimum", 0), ("maximum", ParameterType.json(Limits.duration.upperBound)),
                                    ("description", "Seconds of scene time from the start; steps in time order.")])),
                    ("do", .object([("const", .string(doText(operation)))])),
                    ("with", .object(with)),
                ])),
                ("required", .array(["at", "do"] + (required.isEmpty ? [] : ["with"]))),
                ("additionalProperties", false),
            ]
            members.append(("description", .string(operation.summary)))
            return .object(members)
        }
        return .object([
            ("type", "object"),
            ("description", .string("A scenario: steps that run the API's commands at scene times from a fresh scene. "
                + "At most \(Limits.maxSteps) steps and \(Limits.maxDocumentBytes) bytes.")),
            ("properties", .object([
                ("name", .object([("type", "string"), ("maxLength", .int(Limits.maxNameLength))])),
                ("duration", .object([("type", "number"), ("minimum", ParameterType.json(Limits.duration.lowerBound)),
                                      ("maximum", ParameterType.json(Limits.duration.upperBound)),
                                      ("description", "Seconds of scene time the scenario lasts.")])),
                ("props", .object([
                    ("type", "object"),
                    ("description", "Props per control, by control id. No control declares props yet."),
                    ("propertyNames", .object([("enum", .array(FrameSubject.controls.map { .string($0.rawValue) }))])),
                    ("additionalProperties", .object([("type", "object"), ("maxProperties", 0)])),
                ])),
                ("steps", .object([("type", "array"), ("maxItems", .int(Limits.maxSteps)),
                                   ("items", .object([("oneOf", .array(steps))]))])),
            ])),
            ("required", ["duration", "steps"]),
            ("additionalProperties", false),
        ])
    }
}
