import Controls
import HTTPServer
import JSON
import Scenes

/// `POST /scenarios/record`: start, then stop, turning the commands that arrive in between into a
/// stored scenario.
extension APIContext {
    enum RecordAction: String, DeclaredEnum { case start, stop }

    static let recordAction = Param.choice("action", RecordAction.self, "Start or stop recording.").required()

    static let recordScenario = Endpoint<APIContext>(
        APIOperation(
            .post, "/scenarios/record", id: "recordScenario", tag: "scenarios",
            summary: "Records the commands that arrive into a scenario: `start`, then `stop`",
            description: "Between start and stop, every command a control accepts (from any client) becomes a step at "
                + "its scene time from the start; clock commands do not, since the scene times already say when each "
                + "command happened. An upload of artwork is kept as PUT /player/artwork/by-hash with its SHA-256. "
                + "`stop` checks the scenario as "
                + "POST /scenarios does, stores it and answers with its id and the scenario itself. At most "
                + "\(Scenario.Limits.maxSteps) steps are kept.",
            parameters: [recordAction], command: true,
            answers: [.conflict("`start` while a recording runs, `stop` when none does, or a recording that could not "
                                + "be replayed from a fresh scene.")],
            bareWord: "action"),
        produces: Success(description: "For `start`: the recording. For `stop`: the stored scenario's id and the scenario.",
                          content: .json(SchemaSource { recordReplySchema($0) }), headers: [.noStore])
    ) { context, input in try context.record(input) }

    func record(_ input: Input) throws(Refusal) -> HTTPResponse {
        let (_, now) = scene.snapshot()
        switch try input[Self.recordAction] {
        case .start:
            guard recorder.start(at: now) else {
                throw Refusal(.conflict, "a recording runs already", parameter: "action",
                               allowed: "stop, then start again")
            }
            return .json(.object([("recording", true), ("since", .double(now)), ("steps", 0)]),
                         headers: [("Cache-Control", "no-store")])
        case .stop:
            guard let recording = recorder.stop() else {
                throw Refusal(.conflict, "no recording runs", parameter: "action", allowed: "start first")
            }
            let scenario: Scenario
            do {
                scenario = try Scenario(parsing: recording.document(until: now), artworks: artworks)
            } catch {
                throw Refusal(.conflict, "the recording cannot be replayed from a fresh scene: \(error.message)",
                               parameter: "action", allowed: error.allowed)
            }
            let summary = stage.keepRecorded(scenario)
            return .json(.object([
                ("recording", false), ("since", .double(recording.since)), ("steps", .int(summary.steps)),
                ("id", .string(summary.id)), ("scenario", scenario.canonicalJSON), ("dropped", .int(recording.dropped)),
            ]), headers: [("Cache-Control", "no-store")])
        }
    }

    static func recordReplySchema(_ registry: SchemaRegistry) -> JSONValue {
        .object([
            ("type", "object"),
            ("properties", .object([
                ("recording", .object([("type", "boolean")])),
                ("since", .object([("type", "number"), ("description", "Scene time the recording started at.")])),
                ("steps", .object([("type", "integer"), ("minimum", 0)])),
                ("id", .object([("type", "string"), ("pattern", .string(Scenario.idPattern))])),
                ("scenario", Scenario.jsonSchema(registry)),
                ("dropped", .object([("type", "integer"), ("minimum", 0),
                                     ("description", "Commands not kept once the recording was full.")])),
            ])),
            ("required", ["recording", "since", "steps"]),
            ("additionalProperties", false),
        ])
    }
}
