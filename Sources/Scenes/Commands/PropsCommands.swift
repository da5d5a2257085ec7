import Controls
import JSON

/// `PATCH` and `DELETE /controls/CONTROL/props` as commands: a merge patch of a control's props, and
/// their defaults back. The patch travels as its JSON text; a scenario's step runs the same merge on
/// its own scene (docs/design/props.md).
extension SceneCommand {
    package static func patchProps(_ control: FrameSubject, _ controls: ControlList) -> SceneCommand {
        SceneCommand("patch\(PropTable.idName(control))Props", route: CommandRoute(.patch, PropTable.path(control)),
                     control: control, readsDocument: true) {
            value, _ throws(Refusal) in
            let patch = try PropTable.patch(value.documentBytes)
            // Checked now against the props as declared, so a scenario's fault names the prop.
            let table = PropTable(control, SceneConfiguration(controls))
            _ = try table.merging(patch, into: table.defaults)
            return .scene(PreparedCommand { s, t throws(Refusal) in
                try PropTable.setProps(control, of: &s, at: t) { table, current throws(Refusal) in
                    try table.merging(patch, into: current)
                }
            })
        } run: { stage, value, host throws(Refusal) in
            let patch = try PropTable.patch(value.documentBytes)
            return try stage.changeProps(control, value, at: host) { table, current throws(Refusal) in
                try table.merging(patch, into: current)
            }
        }
    }

    package static func resetProps(_ control: FrameSubject) -> SceneCommand {
        SceneCommand("reset\(PropTable.idName(control))Props", route: CommandRoute(.delete, PropTable.path(control)),
                     control: control) { _, _ in
            .scene(PreparedCommand { s, t throws(Refusal) in
                try PropTable.setProps(control, of: &s, at: t) { table, _ in table.defaults }
            })
        } run: { stage, value, host throws(Refusal) in
            try stage.changeProps(control, value, at: host) { table, _ in table.defaults }
        }
    }
}

extension PropTable {
    /// "/controls/meter/props": where a control's props are read and changed.
    package static func path(_ control: FrameSubject) -> String { "/controls/\(control.rawValue)/props" }

    /// "PlayButton": how a control is named in its props' operation ids (`patchPlayButtonProps`).
    package static func idName(_ control: FrameSubject) -> String {
        String(componentName(control).dropLast("Props".count))
    }

    package static func patch(_ body: [UInt8]) throws(Refusal) -> JSONDocument {
        do throws(JSONDocument.Failure) {
            return try JSONDocument(parsing: body)
        } catch {
            throw Refusal(.invalid, error == .tooDeep ? "the body nests too deep" : "the body is not JSON", parameter: "body",
                          allowed: PropTable.patchAllowed)
        }
    }

    /// Sets the values `change` makes of the scene's current ones; a control's refusal is a conflict.
    package static func setProps(
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

    package static func reply(_ control: FrameSubject, scene: Scene, revision: UInt64) -> JSONValue {
        let table = PropTable(control, scene.configuration)
        return .object([
            ("control", .string(control.rawValue)),
            ("revision", .int(Int(revision))),
            ("values", table.json(scene.props(of: control))),
            ("defaults", table.json(table.defaults)),
            ("schema", table.schema),
        ])
    }
}

extension Stage {
    /// Applies the values `change` makes of the current ones, as the command `value` at host time
    /// `host`: checked and applied under the scene's lock, so a refused change leaves the scene and
    /// its revision as they were. A running recording keeps it.
    package func changeProps(
        _ control: FrameSubject, _ value: Command, at host: Double?,
        _ change: @escaping (PropTable, PropValues) throws(Refusal) -> PropValues
    ) throws(Refusal) -> [UInt8] {
        let applied = try scene.apply(value, on: control, at: host) {
            (s: inout Scene, t: Double) throws(Refusal) -> Scene in
            try PropTable.setProps(control, of: &s, at: t, change)
            return s
        }
        recorder.record(value, at: applied.time) { snapshot(at: host, lastEntry: nil).json }
        return JSONValue.object([
            ("sceneTime", JSONValue.number(applied.time)),
            ("revision", .int(Int(applied.revision))),
            ("state", PropTable.reply(control, scene: applied.result, revision: applied.revision)),
        ] + (applied.warnings.isEmpty ? [] : [("warnings", .array(applied.warnings.map { .string($0) }))])).serialized
    }
}
