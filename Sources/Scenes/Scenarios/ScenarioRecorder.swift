import Controls
import JSON
import Synchronization

/// `POST /scenarios/record`: while a recording runs, every command the scene accepts is kept as a
/// step at its scene time from the recording's start. Clock commands are not kept: the scene times
/// already say when each command happened, which is all a replay needs. A command at a time before
/// an earlier step (the clock stepped back) rewrites what follows, in the recording as on the
/// scene; one before the recording's start starts it again from there.
package final class ScenarioRecorder: Sendable {
    package struct Step: Sendable {
        package var at: Double
        package var command: Command
    }

    package struct Recording: Sendable {
        /// Scene time of the start.
        package var since: Double
        package var steps: [Step] = []
        /// Commands not kept because the recording had `Scenario.Limits.maxSteps` already.
        package var dropped = 0
    }

    private let state = Mutex<Recording?>(nil)

    package var current: Recording? { state.withLock { $0 } }

    /// Starts a recording at scene time `time`; false when one is running already.
    package func start(at time: Double) -> Bool {
        state.withLock { recording in
            guard recording == nil else { return false }
            recording = Recording(since: time)
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

    /// Keeps a command the scene applied at `time`, when a recording runs.
    package func record(_ command: Command, at time: Double) {
        state.withLock { recording in
            guard var r = recording else { return }
            if time < r.since {
                r = Recording(since: time)
            }
            let at = Self.rounded(time - r.since)
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
    package static func rounded(_ seconds: Double) -> Double {
        (seconds * 1e6).rounded() / 1e6
    }
}

extension ScenarioRecorder.Recording {
    /// The recording as a scenario document, lasting until scene time `end` (within the limits).
    package func document(until end: Double) -> [UInt8] {
        let limits = Scenario.Limits.duration
        let last = steps.last?.at ?? 0
        let duration = min(max(ScenarioRecorder.rounded(end - since), last, limits.lowerBound), limits.upperBound)
        let kept = steps.filter { $0.at <= duration }
        let json: JSONValue = .object([
            ("duration", JSONValue.number(duration)),
            ("steps", .array(kept.map { Scenario.Step.json(at: $0.at, command: $0.command) })),
        ])
        return json.serialized
    }
}
