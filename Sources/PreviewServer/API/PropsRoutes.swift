import Controls
import HTTPServer
import JSON

/// `GET`, `PATCH` and `DELETE /controls/CONTROL/props`: each control's design knobs, their JSON Schema,
/// and changes to them, declared per control so that each body and reply has its exact schema.
extension APIContext {
    static let propsEndpoints: [Endpoint<APIContext>] = FrameSubject.controls.flatMap { control in
        [getProps(control), patchProps(control), resetProps(control)]
    }

    static let propsPatchTypes = ["application/merge-patch+json", "application/json"]

    private static func path(_ control: FrameSubject) -> String { "/controls/\(control.rawValue)/props" }

    /// "PlayButton" for `play-button`: operation ids.
    private static func idName(_ control: FrameSubject) -> String {
        String(PropTable(control, SceneConfiguration()).componentName.dropLast("Props".count))
    }

    static func getProps(_ control: FrameSubject) -> Endpoint<APIContext> {
        Endpoint(
            APIOperation(.get, path(control), id: "get\(idName(control))Props", tag: "props",
                         summary: "The props of \(control.rawValue): values, defaults and their JSON Schema"),
            produces: Success(description: "The values, the defaults and the JSON Schema of the props.",
                              content: .json(SchemaSource { propsReplySchema(control, in: $0) }), headers: [.noStore])
        ) { context, _ in
            let (copy, _, revision) = context.scene.snapshotWithRevision()
            return .json(raw: propsReply(control, scene: copy, revision: revision).serialized,
                         headers: [("Cache-Control", "no-store")])
        }
    }

    static func patchProps(_ control: FrameSubject) -> Endpoint<APIContext> {
        let operation = APIOperation(
                .patch, path(control), id: "patch\(idName(control))Props", tag: "props",
                summary: "Changes props of \(control.rawValue) at once: a JSON merge patch",
                description: "An RFC 7396 merge patch of the values: each member sets a prop, null restores its "
                    + "default, and the props not named keep their values. The patch is checked whole: one unknown "
                    + "prop or bad value is a 400 naming `props.NAME` and what it allows, and nothing changes. A change "
                    + "shows at once, also mid-animation, and is a command like any other (it takes the next revision).",
                command: true,
                body: .document(types: propsPatchTypes, description: "A merge patch of the props.",
                                schema: SchemaSource { registry in
                                    let table = PropTable(control, registry.configuration.scene)
                                    return registry.component(table.componentName + "Patch") { table.patchSchema }
                                }),
                answers: refusals(control))
        // The value is the patch as its JSON text; a scenario's step runs the same merge on its own scene.
        return Endpoint<APIContext>(command: operation, produces: commandSuccess(control), value: { input, _ throws(Refusal) in
            (Command(operation.commandName, document: try propsPatch(input.request.body).value.text), nil)
        }, SceneCommand(control: control) { value, _ throws(Refusal) in
            let patch = try propsPatch(value.documentBytes)
            // Checked now against the props as declared, so a scenario's fault names the prop.
            let table = PropTable(control, SceneConfiguration())
            _ = try table.merging(patch, into: table.defaults)
            return .scene(PreparedCommand { s, t throws(Refusal) in
                try setProps(control, of: &s, at: t) { table, current throws(Refusal) in try table.merging(patch, into: current) }
            })
        } run: { context, value, host throws(Refusal) in
            let patch = try propsPatch(value.documentBytes)
            return try context.changeProps(control, value, at: host) { table, current throws(Refusal) in
                try table.merging(patch, into: current)
            }
        })
    }

    private static func propsPatch(_ body: [UInt8]) throws(Refusal) -> JSONDocument {
        do throws(JSONDocument.Failure) {
            return try JSONDocument(parsing: body)
        } catch {
            throw Refusal(.invalid, error == .tooDeep ? "the body nests too deep" : "the body is not JSON", parameter: "body",
                           allowed: PropTable.patchAllowed)
        }
    }

    static func resetProps(_ control: FrameSubject) -> Endpoint<APIContext> {
        let operation = APIOperation(.delete, path(control), id: "reset\(idName(control))Props", tag: "props",
                                     summary: "Restores every prop of \(control.rawValue) to its default", command: true,
                                     body: APIOperation.Body.none, answers: refusals(control))
        return Endpoint<APIContext>(command: operation, produces: commandSuccess(control), SceneCommand(control: control) { _, _ in
            .scene(PreparedCommand { s, t throws(Refusal) in try setProps(control, of: &s, at: t) { table, _ in table.defaults } })
        } run: { context, value, host throws(Refusal) in
            try context.changeProps(control, value, at: host) { table, _ in table.defaults }
        })
    }

    /// What a control may refuse: the meter's duration while it has segments.
    private static func refusals(_ control: FrameSubject) -> [Answer] {
        control == .meter ? [.conflict("The duration cannot change while the meter has segments: POST /meter/reset first.")]
            : []
    }

    private static func commandSuccess(_ control: FrameSubject) -> Success {
        Success(description: "The props after the change, the scene time it applied at and its revision.",
                content: .json(SchemaSource { registry in
                    let name = PropTable(control, registry.configuration.scene).componentName
                    let reply = propsReplySchema(control, in: registry)
                    return registry.component("CommandReply" + name) {
                        .object([
                            ("type", "object"),
                            ("properties", .object([
                                ("sceneTime", .object([("type", "number")])),
                                ("revision", .object([("type", "integer"), ("minimum", 0)])),
                                ("state", reply),
                            ])),
                            ("required", ["sceneTime", "revision", "state"]),
                            ("additionalProperties", false),
                        ])
                    }
                }), headers: [.noStore])
    }

    /// Applies the values `change` makes of the current ones, as the command `value` at host time
    /// `host`: checked and applied under the scene's lock, so a refused change leaves the scene and
    /// its revision as they were. A running recording keeps it.
    func changeProps(
        _ control: FrameSubject, _ value: Command, at host: Double?,
        _ change: @escaping (PropTable, PropValues) throws(Refusal) -> PropValues
    ) throws(Refusal) -> HTTPResponse {
        let applied = try scene.apply(value, on: control, at: host) {
            (s: inout Scene, t: Double) throws(Refusal) -> Scene in
            try Self.setProps(control, of: &s, at: t, change)
            return s
        }
        recorder.record(value, at: applied.time)
        let reply = JSONValue.object([
            ("sceneTime", JSONValue.number(applied.time)),
            ("revision", .int(Int(applied.revision))),
            ("state", Self.propsReply(control, scene: applied.result, revision: applied.revision)),
        ])
        return .json(raw: reply.serialized, headers: [("Cache-Control", "no-store")])
    }

    /// Sets the values `change` makes of the scene's current ones; a control's refusal is a 409.
    static func setProps(
        _ control: FrameSubject, of s: inout Scene, at t: Double,
        _ change: (PropTable, PropValues) throws(Refusal) -> PropValues
    ) throws(Refusal) {
        let table = PropTable(control, s.configuration)
        let values = try change(table, s.props(of: control))
        do throws(PropRefusal) {
            try s.setProps(values, of: control, at: t)
        } catch {
            throw Refusal(prop: error, control: control)
        }
    }

    static func propsReply(_ control: FrameSubject, scene: Scene, revision: UInt64) -> JSONValue {
        let table = PropTable(control, scene.configuration)
        return .object([
            ("control", .string(control.rawValue)),
            ("revision", .int(Int(revision))),
            ("values", table.json(scene.props(of: control))),
            ("defaults", table.json(table.defaults)),
            ("schema", table.schema),
        ])
    }

    static func propsReplySchema(_ control: FrameSubject, in registry: SchemaRegistry) -> JSONValue {
        let values = PropTable.valuesSchema(control, in: registry)
        let name = PropTable(control, registry.configuration.scene).componentName
        return registry.component(name + "Reply") {
            .object([
                ("type", "object"),
                ("properties", .object([
                    ("control", .object([("type", "string"), ("const", .string(control.rawValue))])),
                    ("revision", .object([("type", "integer"), ("minimum", 0),
                                          ("description", "The scene's revision these values belong to.")])),
                    ("values", values),
                    ("defaults", values),
                    ("schema", .object([("type", "object"),
                                        ("description", .string("The JSON Schema of `values`, as components/schemas/\(name)."))])),
                ])),
                ("required", ["control", "revision", "values", "defaults", "schema"]),
                ("additionalProperties", false),
            ])
        }
    }
}
