import Controls
import JSON
import Scenes

// The props' schemas as /openapi.json defines them, with this server's defaults.

extension PropTable {
    /// A `$ref` to the values schema, defined in `registry` with this server's defaults.
    static func valuesSchema(_ control: FrameSubject, in registry: SchemaRegistry) -> JSONValue {
        let table = PropTable(control, registry.configuration.settings.scene)
        return registry.component(table.componentName) { table.schema }
    }
}

extension ScenePropsState: SchemaDescribed {
    static func schema(in registry: SchemaRegistry) -> JSONValue {
        .object([
            ("type", "object"),
            ("description", "Every control's props, as GET /controls/CONTROL/props gives their values."),
            ("properties", .object(FrameSubject.controls.map { ($0.rawValue, PropTable.valuesSchema($0, in: registry)) })),
            ("required", .array(FrameSubject.controls.map { .string($0.rawValue) })),
            ("additionalProperties", false),
        ])
    }
}
