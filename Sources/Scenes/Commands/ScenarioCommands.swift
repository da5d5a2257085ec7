import APIModel
import Controls
import JSON

/// Playing a stored scenario on the live scene and recording one, as commands: on a replica they go
/// through the log like any other, so every replica schedules the same steps and records the same
/// commands at the same scene times (docs/design/replication.md §Stored scenarios). A scenario's
/// step cannot name them.
package enum ScenarioParameters {
    package enum RecordAction: String, DeclaredEnum { case start, stop }

    package static let id = Param.text("id", maxLength: Scenario.idLength, pattern: Scenario.idPattern, in: .path,
                                       example: "0123456789abcdef", "A stored scenario's id.").required()
    package static let action = Param.choice("action", RecordAction.self, "Start or stop recording.").required()

    package static let playRoute = CommandRoute(.post, "/scenarios/{id}/play")
    package static let recordRoute = CommandRoute(.post, "/scenarios/record")
    package static let play = ParameterSet(name: playRoute.description, parameters: [id])
    package static let record = ParameterSet(name: recordRoute.description, parameters: [action])
}

/// When a scenario played on the live scene starts and ends, in scene time.
package struct PlayReply: Codable, Sendable {
    package let id: String
    package let startsAt: Double
    package let endsAt: Double
    package let steps: Int
}

extension SceneCommand {
    package static let playScenario = SceneCommand("playScenario", route: ScenarioParameters.playRoute, control: nil,
                                                   parameters: ScenarioParameters.play, prepare: nil) {
        stage, value, host throws(Refusal) in
        let input = try Input(command: value, for: ScenarioParameters.play, settings: stage.settings)
        let scenario = try stage.storedScenario(try input[ScenarioParameters.id], parameter: "id")
        // Its scene is the snapshot's, at the snapshot's time: the live scene has its own.
        guard scenario.from == nil else {
            throw Refusal(.conflict, "scenario \(scenario.id) starts from a snapshot: frames and clips play it (scenario=), "
                          + "not the live scene", parameter: "id", allowed: "a scenario without 'from'")
        }
        let start = try stage.scene.schedule(at: host) { live, now throws(Refusal) in
            if let refusal = scenario.refusal(on: live, from: now) { throw refusal }
            return scenario.scheduled(from: now)
        }
        return try encoded(PlayReply(id: scenario.id, startsAt: start, endsAt: start + scenario.duration,
                                     steps: scenario.steps.count))
    }

    package static let recordScenario = SceneCommand("recordScenario", route: ScenarioParameters.recordRoute, control: nil,
                                                     parameters: ScenarioParameters.record, prepare: nil) {
        stage, value, host throws(Refusal) in
        let input = try Input(command: value, for: ScenarioParameters.record, settings: stage.settings)
        return try stage.record(try input[ScenarioParameters.action], at: host).serialized
    }
}

extension Stage {
    /// Starts or stops the recording at host time `host`; starting takes the scene's snapshot,
    /// stopping checks the recording as a scenario from it and keeps it.
    func record(_ action: ScenarioParameters.RecordAction, at host: Double?) throws(Refusal) -> JSONValue {
        switch action {
        case .start:
            let start = snapshot(at: host, lastEntry: nil)
            let now = start.sceneTime
            guard recorder.start(at: now, from: start.json) else {
                throw Refusal(.conflict, "a recording runs already", parameter: "action", allowed: "stop, then start again")
            }
            return .object([("recording", true), ("since", .double(now)), ("steps", 0)])
        case .stop:
            let now = scene.snapshotWithRevision(at: host).time
            guard let recording = recorder.stop() else {
                throw Refusal(.conflict, "no recording runs", parameter: "action", allowed: "start first")
            }
            let scenario: Scenario
            do {
                let document = recording.document(until: now, controls: settings.controls)
                scenario = try Scenario(parsing: document, controls: settings.controls, artworks: artworks)
            } catch {
                throw Refusal(.conflict, "the recording cannot be replayed from its snapshot: \(error.message)",
                              parameter: "action", allowed: error.allowed)
            }
            let summary = keepRecorded(scenario)
            return .object([
                ("recording", false), ("since", .double(recording.since)), ("steps", .int(summary.steps)),
                ("id", .string(summary.id)), ("scenario", scenario.canonicalJSON), ("dropped", .int(recording.dropped)),
            ])
        }
    }
}
