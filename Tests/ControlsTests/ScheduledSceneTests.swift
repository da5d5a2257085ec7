import Animation
@testable import Controls
import Testing
@testable import SeedControls

/// Commands scheduled for later scene times apply at their own times, however late the scene is
/// looked at, on a copy as on the live scene.
@Suite struct ScheduledSceneTests {

    static func mode(_ mode: PlayButton.Mode, at time: Double) -> ScheduledCommand {
        ScheduledCommand(time: time) { scene, t in scene.playButton.setMode(mode, animated: true, at: t) }
    }

    /// One jump past a step gives the scene that received the command at the step's time.
    @Test func aStepAppliesAtItsOwnTime() {
        var scheduled = ScheduledScene(Scene.seeds(), pending: [Self.mode(.pause, at: 0.5)])
        scheduled.advance(to: 0.9)
        var direct = Scene.seeds()
        direct.advance(to: 0.5)
        direct.playButton.setMode(.pause, animated: true, at: 0.5)
        direct.advance(to: 0.9)
        #expect(scheduled.scene.playButton.state(at: 0.9) == direct.playButton.state(at: 0.9))
        #expect(scheduled.scene.playButton.animationState.name != Scene.seeds().playButton.animationState.name)
        #expect(scheduled.pending.isEmpty)
    }

    /// Steps at one time run in the order given; the scheduled list is kept in time order.
    @Test func stepsAtOneTimeKeepTheirOrder() {
        let scheduled = ScheduledScene(Scene.seeds(), pending: [Self.mode(.stop, at: 1), Self.mode(.pause, at: 0.5),
                                                          Self.mode(.play, at: 1)])
        #expect(scheduled.pending.map(\.time) == [0.5, 1, 1])
        var scene = scheduled
        scene.advance(to: 1.5)
        #expect(scene.scene.playButton.mode == .play)
    }

    @Test func theLiveSceneAppliesAStepWhenLookedAtLate() {
        let clock = ManualClock(startingAt: 2)
        let live = LiveScene(clock: clock, configuration: .seeds)
        let start = live.schedule { _, now in [Self.mode(.stop, at: now + 0.5)] }
        #expect(start == 2)
        #expect(live.pendingCount() == 1)
        clock.advance(by: 3)
        let (scene, time, revision) = live.snapshotWithRevision()
        #expect(time == 5 && revision == 1)
        #expect(scene.playButton.mode == .stop)
        var direct = Scene.seeds(time: 2)
        direct.advance(to: 2.5)
        direct.playButton.setMode(.stop, animated: true, at: 2.5)
        direct.advance(to: 5)
        #expect(scene.playButton.state(at: 5) == direct.playButton.state(at: 5))
    }

    /// A pause step stops the clock at its own time, and the steps after it wait for the clock.
    @Test func aPauseStepStopsTheClockAtItsTime() {
        let clock = ManualClock(startingAt: 0)
        let live = LiveScene(clock: clock, configuration: .seeds)
        _ = live.schedule { _, now in
            [ScheduledCommand(time: now + 1, clock: [.pause], change: nil), Self.mode(.pause, at: now + 1.5)]
        }
        clock.advance(by: 4)
        let (scene, time) = live.snapshot()
        #expect(time == 1 && clock.isPaused)
        #expect(scene.playButton.mode == .play)
        #expect(live.pendingCount() == 1)
        clock.step(by: 1)
        #expect(live.snapshot().scene.playButton.mode == .pause)
    }

    /// Scheduling again replaces what was scheduled; a refusal schedules nothing.
    @Test func schedulingReplacesAndARefusalChangesNothing() {
        struct Refused: Error {}
        let live = LiveScene(clock: ManualClock(startingAt: 0), configuration: .seeds)
        _ = live.schedule { _, now in [Self.mode(.stop, at: now + 1), Self.mode(.pause, at: now + 2)] }
        _ = live.schedule { _, now in [Self.mode(.buffering, at: now + 1)] }
        #expect(live.pendingCount() == 1)
        #expect(throws: Refused.self) { try live.schedule { (_, _) throws(Refused) -> [ScheduledCommand] in throw Refused() } }
        #expect(live.pendingCount() == 1)
    }
}
