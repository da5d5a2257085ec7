import APIModel
import Controls
import HTTPServer
import JSON
import Scenes

/// `POST /scenarios/record`: start, then stop, turning the commands that arrive in between into a
/// stored scenario.
extension ScenarioRoutes {
    static let recordScenario = Endpoint<Self>(
        command: APIOperation(
            command: .recordScenario, tag: "scenarios",
            summary: "Records the commands that arrive into a scenario: `start`, then `stop`",
            description: "`start` takes the scene's snapshot (GET /snapshot) as the scenario's `from`, so that its frames "
                + "and clips show what was seen, props and states included. Between start and stop, every command a control "
                + "accepts (from any client) becomes a step at its exact scene time from the start; clock commands do not, since the scene times already say when each "
                + "command happened. An upload is kept as the command it stands for, naming the image by its SHA-256. "
                + "`stop` checks the scenario as "
                + "POST /scenarios does, stores it and answers with its id and the scenario itself. At most "
                + "\(Scenario.Limits.maxSteps) steps are kept.",

            answers: [.conflict("`start` while a recording runs, `stop` when none does, or a recording that could not "
                                + "be replayed from its snapshot.")],
            bareWord: "action", answerSize: .atMost(2 * Scenario.Limits.maxDocumentBytes)),
        produces: Success(description: "For `start`: the recording. For `stop`: the stored scenario's id and the scenario.",
                          content: .json(SchemaSource { recordReplySchema($0) }), headers: [.noStore])
    )

    static func recordReplySchema(_ registry: SchemaRegistry) -> JSONValue {
        .closedObject([
            ("recording", .object([("type", "boolean")])),
            ("since", .object([("type", "number"), ("description", "Scene time the recording started at.")])),
            ("steps", .object([("type", "integer"), ("minimum", 0)])),
            ("id", .object([("type", "string"), ("pattern", .string(Scenario.idPattern))])),
            ("scenario", Scenario.jsonSchema(registry)),
            ("dropped", .object([("type", "integer"), ("minimum", 0),
                                 ("description", "Commands not kept once the recording was full.")])),
        ], required: ["recording", "since", "steps"])
    }
}
