import APIModel
import Animation
import Controls
import Logging
import Scenes
import Testing
import LayercastTesting

/// A layer control's scene through a format-3 snapshot and back: its layers and `@ControlState`
/// values come back, and so does a frame (docs/design/quartz.md §Layer controls).
@Suite struct LayerControlSnapshotTests {
    static func stage(_ controls: ControlList) -> Stage {
        var logger = Logger(label: "scenes-tests")
        logger.logLevel = .error
        let configuration = SceneConfiguration(controls)
        return Stage(settings: SceneSettings(controls), scene: LiveScene(clock: ManualClock(startingAt: 1), configuration: configuration),
                     frameRenderer: FrameRenderer(), replica: nil, logger: logger)
    }

    @Test func aLayerControlsSnapshotRestoresItsLayersAndState() throws {
        let controls = ControlList.menuIcon
        let stage = Self.stage(controls)
        _ = try stage.run(Command("menuIconToggle"))
        let (scene, time, revision) = stage.scene.snapshotWithRevision()
        let document = try SceneSnapshot(scene: scene, time: time, revision: revision, lastEntry: nil,
                                         clock: stage.clockState(time: time), references: stage.artworkReferences(scene)).encoded()
        #expect(String(decoding: document, as: UTF8.self).contains(#""format":3"#))
        let restored = try SceneSnapshot.decode(document, references: stage.artworkReferences(Scene(configuration: SceneConfiguration(controls))))
            .scene.scene
        typealias Host = LayerControlHost<MenuIcon>
        let (before, after) = (try #require(scene[Host.self]), try #require(restored[Host.self]))
        #expect(after.model == before.model && after.state(at: time).layers == before.state(at: time).layers)
        #expect(after.state(at: time).layers["middle"]?.opacity == 0)
        #expect(after.snapshot(at: time) == before.snapshot(at: time))
    }
}
