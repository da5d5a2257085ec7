import APIModel
import Animation
import Controls
import Logging
import Scenes
import Testing
import SeedControls

/// Commands as values, run on a stage with no transport (docs/design/architecture.md §Commands are
/// values): the declaration decides what a value does, refuses what it does not take, and the
/// timeline names the value as the cause.
@Suite struct StageCommandTests {

    static func stage(_ clock: ManualClock = ManualClock(startingAt: 1)) -> Stage {
        var logger = Logger(label: "scenes-tests")
        logger.logLevel = .error
        return Stage(settings: SceneSettings.seeds, scene: LiveScene(clock: clock, configuration: .seeds), frameRenderer: FrameRenderer(),
                     replica: nil, logger: logger)
    }

    static let hold = Command("meterHold", [.init(name: "seconds", value: 2)])

    @Test func aValueChangesTheSceneAsItsDeclarationSaysAndIsTheTimelinesCause() throws {
        let stage = Self.stage()
        let reply = String(decoding: try stage.run(Self.hold), as: UTF8.self)
        #expect(reply.hasPrefix(#"{"revision":1,"sceneTime":1,"state":{"#), "\(reply)")
        let meter = stage.scene.snapshot().scene.meter.state(at: 1)
        #expect(meter.recording && meter.scheduledRelease == 3)
        let applied = try #require(stage.scene.timeline(from: 0, to: 2).commands.first)
        #expect(applied.command == Self.hold && applied.control == .meter && applied.time == 1 && applied.revision == 1)
    }

    @Test(arguments: [
        (Command("meterHold", [.init(name: "seconds", value: 0.01)]), "seconds", "a number from 0.05 to 600 (seconds)"),
        (Command("meterHold"), "seconds", "a number from 0.05 to 600 (seconds)"),
        (Command("meterHold", [.init(name: "secs", value: 2)]), "secs", "seconds"),
        (Command("hamburgerToggle"), "do", nil),
    ])
    func aValueItsDeclarationDoesNotTakeIsRefusedNamingTheFieldAndChangesNothing(
        value: Command, field: String, allowed: String?
    ) {
        let stage = Self.stage()
        #expect {
            _ = try stage.run(value)
        } throws: { error in
            guard let refusal = error as? Refusal else { return false }
            return refusal.kind == .invalid && refusal.parameter == field && (allowed.map { refusal.allowed == $0 } ?? true)
        }
        #expect(stage.scene.snapshotWithRevision().revision == 0)
    }

    @Test func aControlsRefusalIsAConflictThatTakesNoRevision() throws {
        let stage = Self.stage()
        _ = try stage.run(Command("meterConfig", [.init(name: "duration", value: 1)]))
        _ = try stage.run(Self.hold)
        let revision = stage.scene.snapshotWithRevision().revision
        #expect {
            _ = try stage.run(Command("meterConfig", [.init(name: "duration", value: 5)]))
        } throws: { ($0 as? Refusal)?.kind == .conflict }
        #expect(stage.scene.snapshotWithRevision().revision == revision)
    }

    /// Stepping needs a paused clock, checked with the step under the scene's lock.
    @Test func aClockStepWhileRunningIsAConflictAndChangesNothing() throws {
        let clock = ManualClock(startingAt: 4)
        let stage = Self.stage(clock)
        #expect {
            _ = try stage.run(Command("setClock", [.init(name: "step", value: 1)]))
        } throws: { ($0 as? Refusal)?.kind == .conflict }
        #expect(clock.now == 4 && !clock.isPaused)
        _ = try stage.run(Command("setClock", [.init(name: "paused", value: true), .init(name: "step", value: 1)]))
        #expect(clock.now == 5 && clock.isPaused)
    }

    /// A props patch travels as its JSON text and merges over the control's current props.
    @Test func aPropsPatchIsAValueToo() throws {
        let stage = Self.stage()
        _ = try stage.run(Command("patchMeterProps", document: #"{"duration": 12}"#))
        #expect(stage.scene.snapshot().scene.meter.state(at: 1).duration == 12)
        _ = try stage.run(Command("resetMeterProps"))
        #expect(stage.scene.snapshot().scene.meter.state(at: 1).duration == RecordingMeter.defaultDuration)
    }
}
