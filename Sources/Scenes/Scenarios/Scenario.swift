import Controls
import JSON

/// A scenario: timed steps that run the API's own declared commands, from a fresh scene (or the
/// scene a snapshot holds), for a duration. Validated as a whole before anything runs
/// (`Scenario(parsing:)`); its canonical text gives its id, so the same steps are the same scenario
/// however they were written.
package struct Scenario: Sendable {
    /// The bounds of a document, declared once: the parser, the server's body limit, the JSON Schema
    /// in /openapi.json and the README state these.
    package enum Limits {
        package static let maxSteps = 1000
        /// Every moment of a scenario can be fetched as a frame (`ahead` from its start).
        package static let duration: ClosedRange<Double> = 0.1...FrameParameters.aheadRange.upperBound
        package static let maxDocumentBytes = 256 << 10
        package static let maxNameLength = 100
        /// Times `snapshots` may list.
        package static let maxSnapshots = 1000
    }

    package struct Step: Sendable {
        /// Seconds of scene time from the start.
        package var at: Double
        /// What it runs, as the route, a recording and the log name it.
        package var command: Command
        /// Its route: the step's `do` in the canonical text, and in messages.
        package var route: CommandRoute
        package var control: FrameSubject?
        package var effect: CommandEffect

        package var doText: String { route.description }
    }

    /// One control's props: a merge patch of the props the scenario sets, the others keeping theirs.
    package struct Props: Sendable {
        package var control: FrameSubject
        package var patch: JSONValue
    }

    /// The scene a scenario starts from when it names a snapshot (`from`): the document as given,
    /// and the scene it restores, at the snapshot's scene time.
    package struct Start: Sendable {
        package var document: JSONValue
        package var scene: Scene
        package var time: Double
    }

    /// The controls it was read for: its steps, props and snapshot are theirs.
    package let controls: ControlList
    package var name: String?
    package var duration: Double
    package var props: [Props]
    package var steps: [Step]
    /// The `expect` steps, in time order; `layercast test` checks them, the server keeps them.
    package var expectations: [Expectation] = []
    package var from: Start?
    /// The times, from the start, whose frames are the scenario's baselines; nil for every frame
    /// at the run's frame rate.
    package var snapshots: [Double]?
    /// How its frames are compared with their baselines, over the run's criterion.
    package var comparison: Comparison?

    /// The scene time the scenario's time 0 stands at: its snapshot's, or 0 on a fresh scene.
    package var start: Double { from?.time ?? 0 }

    /// The document with its members in a fixed order and numbers as a person writes them.
    package var canonicalJSON: JSONValue {
        var members: [(String, JSONValue)] = []
        if let name { members.append(("name", .string(name))) }
        members.append(("duration", JSONValue.number(duration)))
        if !props.isEmpty {
            members.append(("props", .object(props.map { ($0.control.rawValue, $0.patch) })))
        }
        members.append(("steps", .array(stepsJSON)))
        if let from { members.append(("from", from.document)) }
        if let snapshots { members.append(("snapshots", .array(snapshots.map(JSONValue.number)))) }
        if let comparison { members.append(("compare", comparison.json)) }
        return .object(members)
    }

    /// The steps and the `expect` steps in time order, an `expect` after the steps of its time (it
    /// sees them applied, as the frame at that time does).
    private var stepsJSON: [JSONValue] {
        var out: [JSONValue] = []
        var pending = expectations[...]
        for step in steps {
            while let next = pending.first, next.at < step.at {
                out.append(next.json)
                pending = pending.dropFirst()
            }
            out.append(step.json)
        }
        return out + pending.map(\.json)
    }

    /// The canonical document as the store keeps it and `GET /scenarios/{id}` serves it: one member,
    /// and one step, per line (the snapshots' times on the member's line).
    package var canonicalText: String {
        guard case .object(let members) = canonicalJSON else { return canonicalJSON.text }
        let lines = members.map { key, value -> String in
            let name = "  " + JSONValue.string(key).text + ": "
            guard key == "steps", case .array(let items) = value, !items.isEmpty else { return name + value.text }
            return name + "[\n" + items.map { "    " + $0.text }.joined(separator: ",\n") + "\n  ]"
        }
        return "{\n" + lines.joined(separator: ",\n") + "\n}\n"
    }

    package var canonicalBytes: [UInt8] { Array(canonicalText.utf8) }

    /// The first 16 hex digits of the SHA-256 of the canonical text.
    package var id: String { String(SHA256.hex(canonicalBytes).prefix(Self.idLength)) }

    package static let idLength = 16
    package static let idPattern = "^[0-9a-f]{\(idLength)}$"
}

extension Scenario.Step {
    package var json: JSONValue { Self.json(at: at, command: command, do: route.description) }

    /// A recorded command's step, named by the route `controls` declare for its id.
    package static func json(at: Double, command: Command, controls: ControlList) -> JSONValue {
        json(at: at, command: command, do: SceneCommand.named(controls)[command.id]?.route.description ?? command.id)
    }

    /// `{"at": 2.5, "do": "POST /play-button/mode", "with": {"mode": "pause"}}`, each value typed; for
    /// a command that reads a document, the document. The canonical text names a command by its
    /// route, as scenarios were written before commands had ids, so a scenario keeps its id (and
    /// its pins, embeds and baselines) whichever way its steps name their commands
    /// (docs/design/scenarios.md §Canonical text).
    private static func json(at: Double, command: Command, do name: String) -> JSONValue {
        var members: [(String, JSONValue)] = [("at", JSONValue.number(at)), ("do", .string(name))]
        if let document = command.document {
            members.append(("with", (try? JSONDocument(parsing: Array(document.utf8)))?.value ?? .string(document)))
        } else if !command.arguments.isEmpty {
            members.append(("with", .object(command.arguments.map { ($0.name, $0.value) })))
        }
        return .object(members)
    }
}

/// A stored scenario, as listed.
package struct ScenarioSummary: Codable, Sendable {
    package let id: String
    package let name: String?
    package let duration: Double
    package let steps: Int
    /// The canonical text's size.
    package let bytes: Int
    /// Never pushed out by newer scenarios (`POST /scenarios/{id}/pin`): a page embeds it.
    package var pinned = false

    package init(_ scenario: Scenario) {
        id = scenario.id
        name = scenario.name
        duration = scenario.duration
        steps = scenario.steps.count
        bytes = scenario.canonicalBytes.count
    }
}
