import Controls
import JSON
import Synchronization

/// `POST /scenarios/record`: a recording starts from a snapshot of the scene (its `from`), so that
/// it replays to what was seen, props and states included; while it runs, every command the scene
/// accepts is kept as a step at its scene time from the start. Clock commands are not kept: the
/// scene times already say when each command happened, which is all a replay needs. A command at a
/// time before an earlier step (the clock stepped back) rewrites what follows, in the recording as
/// on the scene; one before the recording's start starts it again there, from the scene as that
/// command left it.
package final class ScenarioRecorder: Sendable {
    package struct Step: Sendable {
        package var at: Double
        package var command: Command
    }

    package struct Recording: Sendable {
        /// Scene time of the start.
        package var since: Double
        /// The scene at `since`: the document `GET /snapshot` answers.
        package var from: JSONValue
        package var steps: [Step] = []
        /// Commands not kept because the recording had `Scenario.Limits.maxSteps` already.
        package var dropped = 0
    }

    private let state = Mutex<Recording?>(nil)

    package var current: Recording? { state.withLock { $0 } }

    /// Starts a recording from `snapshot`, the scene at scene time `time`; false when one is
    /// running already.
    package func start(at time: Double, from snapshot: JSONValue) -> Bool {
        state.withLock { recording in
            guard recording == nil else { return false }
            recording = Recording(since: time, from: snapshot)
            return true
        }
    }

    /// Ends the recording and returns it; nil when none runs.
    package func stop() -> Recording? {
        state.withLock { recording in
            defer { recording = nil }
            return recording
        }
    }

    /// Keeps a command the scene applied at `time`, when a recording runs. `snapshot` gives the
    /// scene as the command left it, read only when the command starts the recording again.
    package func record(_ command: Command, at time: Double, snapshot: () -> JSONValue) {
        state.withLock { recording in
            guard var r = recording else { return }
            if time < r.since {
                // The command is in the new start's scene, so it is not a step.
                recording = Recording(since: time, from: snapshot())
                return
            }
            // Not rounded: a replay applies each step at the snapshot's time plus `at`, and only the
            // exact difference lands it at the scene time it had (pixel for pixel).
            let at = time - r.since
            r.steps.removeAll { $0.at > at }
            if r.steps.count < Scenario.Limits.maxSteps {
                r.steps.append(Step(at: at, command: command))
            } else {
                r.dropped += 1
            }
            recording = r
        }
    }

    /// Microseconds, as scene times are reported everywhere else.
    static func rounded(_ seconds: Double) -> Double {
        (seconds * 1e6).rounded() / 1e6
    }
}

extension ScenarioRecorder.Recording {
    /// The recording as a scenario document, lasting until scene time `end` (within the limits).
    package func document(until end: Double, controls: ControlList) -> [UInt8] {
        let limits = Scenario.Limits.duration
        let last = steps.last?.at ?? 0
        let duration = min(max(ScenarioRecorder.rounded(end - since), last, limits.lowerBound), limits.upperBound)
        let kept = steps.filter { $0.at <= duration }
        let json: JSONValue = .object([
            ("duration", JSONValue.number(duration)),
            ("steps", .array(kept.map { Scenario.Step.json(at: $0.at, command: $0.command, controls: controls) })),
            ("from", from),
        ])
        return json.serialized
    }
}
