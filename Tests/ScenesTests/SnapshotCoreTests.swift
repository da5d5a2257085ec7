import Animation
import Controls
import Scenes
import Testing
import SeedControls

/// A snapshot of a stage's scene, mid-animation, restores to the same scene (docs/design/replication.md §Snapshots).
@Suite struct SnapshotCoreTests {

    @Test func aSnapshotMidAnimationRestoresToTheSameStates() throws {
        let clock = ManualClock(startingAt: 2)
        let stage = StageCommandTests.stage(clock)
        _ = try stage.run(Command("playButtonMode", [.init(name: "mode", value: "pause")]))
        _ = try stage.run(StageCommandTests.hold)
        _ = try stage.run(Command("playerPlay"))
        clock.advance(by: 0.1)
        let (scene, time, revision) = stage.scene.snapshotWithRevision()
        let document = try SceneSnapshot(scene: scene, time: time, revision: revision, lastEntry: nil,
                                         clock: stage.clockState(time: time), references: stage.artworkReferences(scene)).encoded()
        let restored = try SceneSnapshot.decode(document, references: stage.artworkReferences(Scene.seeds())).scene.scene
        #expect(restored.time == time)
        for t in [time, time + 0.05, time + 1, time + 3] {
            var a = scene, b = restored
            a.advance(to: t)
            b.advance(to: t)
            #expect(a.playButton.state(at: t) == b.playButton.state(at: t), "t = \(t)")
            #expect(a.meter.state(at: t) == b.meter.state(at: t), "t = \(t)")
            #expect(a.player.state(at: t) == b.player.state(at: t), "t = \(t)")
        }
    }
}
