import APIModel
import Controls
import HTTPServer
import Scenes
import JSON

/// `GET`, `PATCH` and `DELETE /controls/CONTROL/props`: each control's design knobs, their JSON Schema,
/// and changes to them, declared per control so that each body and reply has its exact schema.
struct PropsRoutes: CommandRoutes {
    let stage: Stage

    init(_ services: EdgeServices) { stage = services.stage }

    static func endpoints(for controls: ControlList) -> [Endpoint<Self>] {
        controls.types.flatMap { control in
            [getProps(control.id), patchProps(control.id, controls), resetProps(control.id, refusals: control.propRefusals)]
        }
    }

    static let propsPatchTypes = ["application/merge-patch+json", "application/json"]

    /// "ToggleSwitch" for `toggle-switch`: operation ids.

    static func getProps(_ control: FrameSubject) -> Endpoint<Self> {
        Endpoint(
            APIOperation(.get, PropTable.path(control), id: "get\(PropTable.idName(control))Props", tag: "props",
                         summary: "The props of \(control.rawValue): values, defaults and their JSON Schema"),
            produces: Success(description: "The values, the defaults and the JSON Schema of the props.",
                              content: .json(SchemaSource { propsReplySchema(control, in: $0) }), headers: [.noStore])
        ) { group, _ in
            let (copy, _, revision) = group.stage.scene.snapshotWithRevision()
            return .json(raw: PropTable.reply(control, scene: copy, revision: revision).serialized,
                         headers: [("Cache-Control", "no-store")])
        }
    }

    static func patchProps(_ control: FrameSubject, _ controls: ControlList) -> Endpoint<Self> {
        let operation = APIOperation(
                command: .patchProps(control, controls), tag: "props",
                summary: "Changes props of \(control.rawValue) at once: a JSON merge patch",
                description: "An RFC 7396 merge patch of the values: each member sets a prop, null restores its "
                    + "default, and the props not named keep their values. The patch is checked whole: one unknown "
                    + "prop or bad value is a 400 naming `props.NAME` and what it allows, and nothing changes. A change "
                    + "shows at once, also mid-animation, and is a command like any other (it takes the next revision).",
                body: .document(types: propsPatchTypes, description: "A merge patch of the props.",
                                schema: SchemaSource { registry in
                                    let table = PropTable(control, registry.scene)
                                    return registry.component(table.componentName + "Patch") { table.patchSchema }
                                }),
                answers: (controls.control(control)?.propRefusals ?? []).map { .conflict($0) })
        // The value is the patch as its JSON text (`SceneCommand.patchProps`).
        return Endpoint(command: operation, produces: commandSuccess(control)) { input, _ throws(Refusal) in
            (Command(operation.id, document: try PropTable.patch(input.request.body).value.text), nil)
        }
    }

    static func resetProps(_ control: FrameSubject, refusals: [String]) -> Endpoint<Self> {
        Endpoint(
            command: APIOperation(command: .resetProps(control), tag: "props",
                                  summary: "Restores every prop of \(control.rawValue) to its default",
                                  body: APIOperation.Body.none, answers: refusals.map { .conflict($0) }),
            produces: commandSuccess(control))
    }

    private static func commandSuccess(_ control: FrameSubject) -> Success {
        Success(description: "The props after the change, the scene time it applied at and its revision.",
                content: .json(SchemaSource { registry in
                    let name = PropTable(control, registry.scene).componentName
                    let reply = propsReplySchema(control, in: registry)
                    return registry.component("CommandReply" + name) {
                        .closedObject([
                            ("sceneTime", .object([("type", "number")])),
                            ("revision", .object([("type", "integer"), ("minimum", 0)])),
                            ("state", reply),
                            ("warnings", .object([("type", "array"), ("items", .object([("type", "string")])),
                                                  ("description", "What the change asked for that the control ignored.")])),
                        ], required: ["sceneTime", "revision", "state"])
                    }
                }), headers: [.noStore])
    }

    static func propsReplySchema(_ control: FrameSubject, in registry: SchemaRegistry) -> JSONValue {
        let values = PropTable.valuesSchema(control, in: registry)
        let name = PropTable(control, registry.scene).componentName
        return registry.component(name + "Reply") {
            .closedObject([
                ("control", .object([("type", "string"), ("const", .string(control.rawValue))])),
                ("revision", .object([("type", "integer"), ("minimum", 0),
                                      ("description", "The scene's revision these values belong to.")])),
                ("values", values),
                ("defaults", values),
                ("schema", .object([("type", "object"),
                                    ("description", .string("The JSON Schema of `values`, as components/schemas/\(name)."))])),
            ], required: ["control", "revision", "values", "defaults", "schema"])
        }
    }
}
