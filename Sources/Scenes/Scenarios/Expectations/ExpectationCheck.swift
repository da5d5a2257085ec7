import Controls
import JSON

/// One check of an `expect` step, as it came out.
package struct ExpectationOutcome: Sendable {
    /// Seconds from the scenario's start.
    package let at: Double
    package let path: String
    /// As a failure message writes them: `2`, `"pause"`, `3.14 ± 0.01`.
    package let expected: String
    package let actual: String
    package let passed: Bool
}

extension Scenario {
    /// Plays the scenario as its frames do and checks each `expect` step against the state at its
    /// time, the document `GET /state?scenario=` answers then.
    package func checkExpectations() -> [ExpectationOutcome] {
        guard !expectations.isEmpty else { return [] }
        var played = freshScene()
        var outcomes: [ExpectationOutcome] = []
        for expectation in expectations {
            let time = start + expectation.at
            played.advance(to: time)
            let document = Self.stateDocument(of: played.scene, at: time)
            for check in expectation.checks {
                let actual = document.flatMap { Self.member(check.keys, of: $0) }
                outcomes.append(ExpectationOutcome(
                    at: expectation.at, path: check.path, expected: check.expected.description,
                    actual: actual.map { $0.value.text } ?? "absent", passed: actual.map(check.expected.holds) ?? false))
            }
        }
        return outcomes
    }

    /// The state document as `/state` writes it. The clock and revision are the live server's:
    /// a scenario's paths never name them (`StatePaths.serverMembers`).
    private static func stateDocument(of scene: Scene, at time: Double) -> JSONDocument? {
        let state = SceneState(scene: scene, time: time, revision: 0,
                               clock: ClockState(sceneTime: time, paused: false, speed: 1, fps: 0))
        guard let bytes = try? SceneStateEncoding.encoder.encode(state) else { return nil }
        return try? JSONDocument(parsing: Array(bytes))
    }

    private static func member(_ keys: [String], of document: JSONDocument) -> JSONDocument? {
        var node = document
        for key in keys {
            switch node {
            case .object(let members):
                guard let next = members.first(where: { $0.key == key })?.value else { return nil }
                node = next
            case .array(let items):
                guard let i = Int(key), items.indices.contains(i) else { return nil }
                node = items[i]
            default: return nil
            }
        }
        return node
    }
}
