import Controls
import JSON

/// Every control's prop values in `/state` and its events, by the controls' API names:
/// `{"meter": {…}, "play-button": {…}, …}`.
package struct ScenePropsState: Codable, Sendable {
    package let byControl: [(control: FrameSubject, values: JSONValue)]

    package init(scene: Scene) {
        byControl = scene.configuration.controls.subjects.map { control in
            (control, PropTable(control, scene.configuration).json(scene.props(of: control)))
        }
    }

    private init(byControl: [(control: FrameSubject, values: JSONValue)]) {
        self.byControl = byControl
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONValue.MemberKey.self)
        for (control, values) in byControl {
            try container.encode(values, forKey: JSONValue.MemberKey(control.rawValue))
        }
    }

    /// Every member, a control's values each, in the document's order.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONValue.MemberKey.self)
        byControl = try container.allKeys.map { key in
            (FrameSubject(rawValue: key.stringValue), try container.decode(JSONValue.self, forKey: key))
        }
    }


    package static var schemaPlaceholder: ScenePropsState { ScenePropsState(byControl: []) }
}
