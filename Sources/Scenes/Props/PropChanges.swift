import Controls
import JSON

/// Props from a request, checked as a whole before anything is applied: a merge patch of one
/// control's props (`PATCH /controls/CONTROL/props`) or `props.` query parameters for one render.
/// The first fault is a 400 that names the prop (`props.NAME`) and what it allows.
extension PropTable {
    /// The complete values after `patch` (RFC 7396) is applied to `current`: a prop the patch sets to
    /// null, or that is missing afterwards, takes its default.
    package func merging(_ patch: JSONDocument, into current: PropValues) throws(Refusal) -> PropValues {
        guard let changes = patch.members else {
            throw Refusal(.invalid, "the body is not a JSON object", parameter: "body", allowed: Self.patchAllowed)
        }
        var seen: Set<String> = []
        for (key, _) in changes {
            guard declaration(key) != nil else { throw unknown(key) }
            guard seen.insert(key).inserted else {
                throw Refusal(.invalid, "'props.\(Refusal.quote(key))' is given more than once", parameter: "props." + key,
                               allowed: "each prop once")
            }
        }
        let merged = MergePatch.apply(patch, to: JSONDocument(json(current)))
        var values = defaults
        for (key, value) in merged.members ?? [] {
            guard let d = declaration(key) else { throw unknown(key) }
            guard let v = d.kind.value(json: value) else { throw invalid(d, json: value) }
            values[key] = v
        }
        return values
    }

    /// `current` with the props given as text (`props.NAME=TEXT`, the name without its prefix) set.
    package func setting(_ texts: [(name: String, text: String)], in current: PropValues,
                 parameterName: (String) -> String) throws(Refusal) -> PropValues {
        var values = current
        for (name, text) in texts {
            guard let d = declaration(name) else { throw unknown(name, as: parameterName(name)) }
            guard let v = d.kind.value(text: text) else {
                throw .badParameter(parameterName(name), text, allowed: d.allowed)
            }
            values[name] = v
        }
        return values
    }

    package static let patchAllowed = "a JSON object of props (RFC 7396 merge patch): each to its new value, or to null for its default"

    package func declaration(_ name: String) -> PropDeclaration? {
        declarations.first { $0.name == name }
    }

    private func unknown(_ name: String, as parameter: String? = nil) -> Refusal {
        Refusal(.invalid, "\(control.rawValue) has no prop '\(Refusal.quote(name))'", parameter: parameter ?? "props." + name,
                 allowed: "the props of \(control.rawValue): " + declarations.map(\.name).joined(separator: ", "))
    }

    private func invalid(_ d: PropDeclaration, json: JSONDocument) -> Refusal {
        let text = Refusal.quote(json.value.text)
        let fitsKind: Bool = switch (d.kind, json) {
        case (.number, .number), (.integer, .number), (.flag, .bool), (.color, .string), (.choice, .string), (.curve, .string),
             (.curve, .array), (.colors, .array): true
        default: false
        }
        return fitsKind
            ? .badParameter(d.parameterName, text, allowed: d.allowed)
            : Refusal(.invalid, "'\(d.parameterName)' must be \(d.kind.jsonKind), not \(text)", parameter: d.parameterName,
                       allowed: d.allowed)
    }
}

/// `props.NAME=VALUE` (one control) or `props.CONTROL.NAME=VALUE` (`control=all`) on a frame or a
/// clip: props for that render only, applied to its copy of the scene.
package struct PropOverrides: Sendable {
    package static let prefix = "props."

    /// Each control's values with the overrides set, for the controls that have any.
    private(set) var values: [(control: FrameSubject, values: PropValues)] = []

    package init(_ entries: [(name: String, value: String)], subject: FrameSubject, scene: Scene) throws(Refusal) {
        var byControl: [FrameSubject: [(name: String, text: String)]] = [:]
        for (parameter, text) in entries {
            let rest = parameter.dropFirst(Self.prefix.count)
            let (control, name) = try Self.split(rest, parameter: parameter, subject: subject, controls: scene.configuration.controls)
            byControl[control, default: []].append((name, text))
        }
        for control in scene.configuration.controls.subjects {
            guard let texts = byControl[control] else { continue }
            let table = PropTable(control, scene.configuration)
            let set = try table.setting(texts, in: scene.props(of: control)) { name in
                subject == .all ? "\(Self.prefix)\(control.rawValue).\(name)" : Self.prefix + name
            }
            values.append((control, set))
        }
    }

    /// Applies the overrides to `scene` (a copy) at `time`.
    package func apply(to scene: inout Scene, at time: Double) throws(Refusal) {
        for (control, set) in values {
            do throws(PropRefusal) {
                try scene.setProps(set, of: control, at: time)
            } catch {
                throw Refusal(prop: error, control: control)
            }
        }
    }

    /// "barThickness" for one control; "play-button.barThickness" (the control named) for `all`.
    private static func split(_ rest: Substring, parameter: String, subject: FrameSubject,
                              controls list: ControlList) throws(Refusal) -> (FrameSubject, String) {
        let controls = list.subjects.map(\.rawValue).joined(separator: ", ")
        if let dot = rest.firstIndex(of: "."), case let named = FrameSubject(rawValue: String(rest[..<dot])), list.control(named) != nil {
            guard subject == .all || subject == named else {
                throw Refusal(.invalid, "'\(Refusal.quote(parameter))' is a prop of \(named.rawValue), which this frame does not show",
                               parameter: parameter,
                               allowed: "props.NAME for control=\(subject.rawValue), or props.CONTROL.NAME with control=all")
            }
            return (named, String(rest[rest.index(after: dot)...]))
        }
        guard subject != .all else {
            throw Refusal(.invalid, "with control=all, '\(Refusal.quote(parameter))' must name its control", parameter: parameter,
                           allowed: "props.CONTROL.NAME, CONTROL one of \(controls)")
        }
        return (subject, String(rest))
    }
}

extension Refusal {
    /// A control's refusal of props it cannot take now: a conflict with its state, answered as the
    /// control's own routes answer it.
    package init(prop refusal: PropRefusal, control: FrameSubject) {
        self.init(.conflict, refusal.reason, parameter: "props." + refusal.prop, allowed: refusal.remedy ?? refusal.reason)
    }
}
