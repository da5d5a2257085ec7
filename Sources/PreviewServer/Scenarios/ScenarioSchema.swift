import Controls
import HTTPServer
import JSON
import Scenes

extension Scenario {
    /// The JSON Schema of a scenario document (a `$ref` to the `Scenario` component), from the same
    /// declarations the parser reads: one step shape per operation a step may run, its `with` the
    /// operation's own parameters (or, for a props patch, the patch's own schema), and per control
    /// the props a scenario may set.
    static func jsonSchema(_ registry: SchemaRegistry) -> JSONValue {
        registry.component("Scenario") {
            .closedObject(description: .string("A scenario: steps that run the API's commands at scene times from a fresh "
                                               + "scene, or from the scene a snapshot holds (`from`). At most "
                                               + "\(Limits.maxSteps) steps and \(Limits.maxDocumentBytes) bytes."), [
                ("name", .object([("type", "string"), ("maxLength", .int(Limits.maxNameLength))])),
                ("duration", .object([("type", "number"), ("minimum", JSONValue.number(Limits.duration.lowerBound)),
                                      ("maximum", JSONValue.number(Limits.duration.upperBound)),
                                      ("description", "Seconds of scene time the scenario lasts.")])),
                ("props", .object([
                    ("type", "object"),
                    ("description", "Props per control, by control id: a merge patch over the control's defaults."),
                    ("properties", .object(FrameSubject.controls.map { control in
                        (control.rawValue, PropTable(control, registry.configuration.settings.scene).patchSchema)
                    })),
                    ("additionalProperties", false),
                ])),
                ("steps", .object([("type", "array"), ("maxItems", .int(Limits.maxSteps)),
                                   ("items", .object([("oneOf", .array(SceneCommand.steps.compactMap { stepSchema($0, registry) }))]))])),
                ("from", fromSchema(registry)),
            ], required: ["duration", "steps"])
        }
    }

    /// `from`: a snapshot. Only the members restoring reads are spelled out; the whole document is
    /// `SceneSnapshot`, which `GET /snapshot` declares. (Nesting that schema here made a fuzzer's
    /// coverage of `POST /scenarios` fifteen times slower, and checks nothing the parser does not.)
    private static func fromSchema(_ registry: SchemaRegistry) -> JSONValue {
        let description = "The scene to start from instead of a fresh one: the document GET /snapshot answers "
            + "(SceneSnapshot), as it is. Time 0 of the scenario is the snapshot's `sceneTime`; its frames and clips "
            + "show scene times from there."
        return .object([
            ("type", "object"),
            ("description", .string(description)),
            ("properties", .object([
                ("format", .object([("const", .int(SceneSnapshot.currentFormat))])),
                ("sceneTime", .object([("type", "number")])),
                ("scene", CodedScene.schema(in: registry)),
            ])),
            ("required", ["format", "sceneTime", "scene"]),
        ])
    }

    private static func stepSchema(_ command: SceneCommand, _ registry: SchemaRegistry) -> JSONValue? {
        guard let operation = APICatalogue.operations.first(where: { $0.commandName == command.name }) else {
            return nil
        }
        let with: JSONValue
        var required: [JSONValue] = []
        if case .document(_, _, let schema, _) = operation.body {
            with = schema.record(registry)
        } else {
            var parameters = operation.parameters
            if command.name == SceneCommand.clock.name {
                // Steps are placed in scene time: a step of the clock has no meaning in one.
                let stepping = [ClockParameters.step.spec.name, ClockParameters.frames.spec.name]
                parameters.removeAll { stepping.contains($0.spec.name) }
            }
            required = parameters.filter { $0.spec.requirement == .required }.map { .string($0.spec.name) }
            var members: [(String, JSONValue)] = [
                ("type", "object"),
                ("properties", .object(parameters.map { p in
                    (p.spec.name, .object(p.spec.type.schema + [("description", .string(p.spec.description))]))
                })),
                ("additionalProperties", false),
            ]
            if !required.isEmpty { members.append(("required", .array(required))) }
            with = .object(members)
        }
        return .closedObject(description: .string(operation.summary), [
            ("at", .object([("type", "number"), ("minimum", 0), ("maximum", JSONValue.number(Limits.duration.upperBound)),
                            ("description", "Seconds of scene time from the start; steps in time order.")])),
            ("do", .object([("const", .string(operation.commandName))])),
            ("with", with),
        ], required: .array(["at", "do"] + (required.isEmpty ? [] : ["with"])))
    }
}
