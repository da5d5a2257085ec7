import APIModel
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
                    ("properties", .object(registry.scene.controls.subjects.map { control in
                        (control.rawValue, PropTable(control, registry.scene).patchSchema)
                    })),
                    ("additionalProperties", false),
                ])),
                ("steps", .object([("type", "array"), ("maxItems", .int(Limits.maxSteps)),
                                   ("items", .object([("oneOf", .array(SceneCommand.steps(registry.scene.controls).compactMap { stepSchema($0, registry) }
                                                                       + [expectSchema]))]))])),
                ("from", fromSchema(registry)),
                ("snapshots", snapshotsSchema),
                ("compare", compareSchema(registry.scene.controls)),
            ], required: ["duration", "steps"])
        }
    }

    /// An `expect` step: paths of the state document (GET /state), each to the value it holds then.
    /// Which paths exist is checked when the scenario is read (`StatePaths`); a schema of every path
    /// would repeat the state document's schema, which GET /state declares.
    private static var expectSchema: JSONValue {
        let number: JSONValue = .object([("type", "number")])
        let check: JSONValue = .object([("oneOf", [
            .object([("type", .array(["string", "number", "boolean"]))]),
            .closedObject([("approx", number), ("tolerance", .object([("type", "number"), ("minimum", 0)]))], required: ["approx"]),
            .object([("type", "object"), ("properties", .object([("min", number), ("max", number)])),
                     ("minProperties", 1), ("additionalProperties", false)]),
        ])])
        return .closedObject(description: .string("Checks the scene's state at a time, as its frame then shows it (`layercast test`)."), [
            ("at", .object([("type", "number"), ("minimum", 0), ("maximum", JSONValue.number(Limits.duration.upperBound))])),
            ("expect", .object([
                ("type", "object"), ("minProperties", 1), ("maxProperties", .int(Expectation.Limits.maxChecks)),
                ("description", .string("State paths, dotted (`meter.segmentCount`, `play-button.mode`: a control's id stands "
                    + "for its key; an array's item by index), each to the value it must hold: exactly, within a "
                    + "`tolerance` of `approx` (\(Expectation.Limits.defaultTolerance) unless given), or from `min` to `max`.")),
                ("additionalProperties", check),
            ])),
        ], required: ["at", "expect"])
    }

    private static var snapshotsSchema: JSONValue {
        let description = "Rising times, in seconds from the start, whose frames are the scenario's baselines in "
            + "`layercast test`; without it, every frame at the run's frame rate."
        let time: JSONValue = .object([("type", "number"), ("minimum", 0), ("maximum", .number(Limits.duration.upperBound))])
        return .object([("type", "array"), ("minItems", 1), ("maxItems", .int(Limits.maxSnapshots)), ("items", time),
                        ("description", .string(description))])
    }

    /// `compare`: the scenario's own comparison in `layercast test`, over the run's.
    private static func compareSchema(_ controls: ControlList) -> JSONValue {
        typealias L = Comparison.Limits
        func range(_ r: ClosedRange<Double>) -> JSONValue {
            .object([("type", "number"), ("minimum", .number(r.lowerBound)), ("maximum", .number(r.upperBound))])
        }
        let mask: JSONValue = .object([("oneOf", [
            .object([("type", "string"), ("enum", .array(controls.subjects.map { .string($0.rawValue) }))]),
            .object([("type", "array"), ("items", .object([("type", "integer")])), ("minItems", 4), ("maxItems", 4)]),
        ])])
        let description = "How `layercast test` compares this scenario's frames with their baselines: each member "
            + "replaces the run's option, masks add to the run's."
        return .closedObject(description: .string(description), [
            ("threshold", range(L.threshold)),
            ("ssim", range(L.ssim)),
            ("maxDiffPixels", .object([("type", "integer"), ("minimum", 0)])),
            ("maxDiffPixelRatio", range(L.maxDiffPixelRatio)),
            ("countAntialiasing", .object([("type", "boolean")])),
            ("masks", .object([("type", "array"), ("maxItems", .int(L.maxMasks)), ("items", mask),
                               ("description", .string(Comparison.maskAllowed))])),
        ], required: [])
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
                ("format", .object([("enum", .array(SceneSnapshot.readableFormats.map { .int($0) }))])),
                ("sceneTime", .object([("type", "number")])),
                ("scene", CodedScene.schema(in: registry)),
            ])),
            ("required", ["format", "sceneTime", "scene"]),
        ])
    }

    private static func stepSchema(_ command: SceneCommand, _ registry: SchemaRegistry) -> JSONValue? {
        guard let operation = APICatalogue.operations(registry.scene.controls).first(where: { $0.id == command.id }) else {
            return nil
        }
        let with: JSONValue
        var required: [JSONValue] = []
        if case .document(_, _, let schema, _) = operation.body {
            with = schema.record(registry)
        } else {
            var parameters = operation.parameters
            if command.id == SceneCommand.clock.id {
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
            ("do", .object([("enum", [.string(command.id), .string(command.route.description)]),
                            ("description", "The command's id, or its route (as scenarios named it before ids).")])),
            ("with", with),
        ], required: .array(["at", "do"] + (required.isEmpty ? [] : ["with"])))
    }
}
