import APIModel
import Controls
import JSON

// The state document's schema (/openapi.json's, and the paths a scenario's `expect` may name), and
// the props' schemas, with the registry's settings for their defaults.

extension PropTable {
    /// A `$ref` to the values schema, defined in `registry` with this server's defaults.
    package static func valuesSchema(_ control: FrameSubject, in registry: SchemaRegistry) -> JSONValue {
        let table = PropTable(control, registry.scene)
        return registry.component(table.componentName) { table.schema }
    }
}

extension ScenePropsState: SchemaDescribed {
    package static func schema(in registry: SchemaRegistry) -> JSONValue {
        .closedObject(description: "Every control's props, as GET /controls/CONTROL/props gives their values.",
                      registry.scene.controls.subjects.map { ($0.rawValue, PropTable.valuesSchema($0, in: registry)) },
                      required: .array(registry.scene.controls.subjects.map { .string($0.rawValue) }))
    }
}

extension SceneState: SchemaDescribed {
    /// The scene's members, then each documented control's state under its document key, its schema
    /// derived from the control's `State` type.
    package static func schema(in registry: SchemaRegistry) -> JSONValue {
        func stateSchema<C: Control>(_ type: C.Type) -> JSONValue { registry.schema(of: C.State.self) }
        let own: [(String, JSONValue)] = [
            ("sceneTime", .object([("type", "number"), ("description", "Seconds on the scene's one animation clock.")])),
            ("revision", .object([("type", "integer"), ("minimum", 0),
                                  ("description", "The newest command the state includes; clients order states by it.")])),
            ("clock", registry.schema(of: ClockState.self)),
            ("props", registry.schema(of: ScenePropsState.self)),
        ]
        let controls = registry.scene.controls.types.map { ($0.documentKey, stateSchema($0)) }
        return registry.component("SceneState") {
            .closedObject(own + controls, required: .array((own + controls).map { .string($0.0) }))
        }
    }

    package static var schemaPlaceholder: SceneState {
        SceneState(scene: Scene(configuration: SceneConfiguration(.empty)), time: 0, revision: 0, clock: ClockState(sceneTime: 0, paused: false, speed: 1, fps: 30))
    }
}
