import Animation
import Controls
import Scenes
import Testing
import SeedControls

/// Scenarios parsed, played and recorded as command values, with no server (docs/design/scenarios.md).
@Suite struct ScenarioCoreTests {

    static func parse(_ text: String) throws(Refusal) -> Scenario {
        try Scenario(parsing: Array(text.utf8), controls: .seeds, artworks: ArtworkLibrary(controls: .seeds))
    }

    @Test func stepsAreCommandValuesAndPlayFromAFreshScene() throws {
        let scenario = try Self.parse(#"""
            {"duration": 2, "steps": [
              {"at": 0.5, "do": "POST /play-button/mode", "with": {"mode": "pause", "animated": false}},
              {"at": 1, "do": "POST /meter/hold", "with": {"seconds": 0.5}},
              {"at": 1.2, "do": "POST /clock", "with": {"speed": 2}}
            ]}
            """#)
        #expect(scenario.steps.map(\.command) == [
            Command("playButtonMode", [.init(name: "mode", value: "pause"), .init(name: "animated", value: false)]),
            Command("meterHold", [.init(name: "seconds", value: 0.5)]),
            Command("setClock", [.init(name: "speed", value: 2)]),
        ])
        var played = scenario.freshScene()
        played.advance(to: 0.4)
        #expect(played.scene.playButton.state(at: 0.4).mode == .play)
        played.advance(to: 1.6)
        #expect(played.scene.playButton.state(at: 1.6).mode == .pause)
        let meter = played.scene.meter.state(at: 1.6)
        #expect(meter.segmentCount == 1 && !meter.recording)
    }

    @Test(arguments: [
        (#"{"duration": 1, "steps": [{"at": 0, "do": "POST /play-button/mode", "with": {"mode": "paws"}}]}"#,
         "steps[0].with.mode"),
        (#"{"duration": 1, "steps": [{"at": 0, "do": "POST /clock", "with": {"step": 1}}]}"#, "steps[0].with.step"),
        (#"{"duration": 1, "steps": [{"at": 0, "do": "GET /clock"}]}"#, "steps[0].do"),
        (#"{"duration": 1, "steps": [{"at": 0, "do": "PATCH /controls/meter/props", "with": {"duration": 0}}]}"#,
         "steps[0].with.duration"),
    ])
    func aFaultIsRefusedNamingItsMember(document: String, member: String) {
        #expect {
            _ = try Self.parse(document)
        } throws: { error in
            let refusal = error as? Refusal
            return refusal?.kind == .invalid && refusal?.parameter == member
        }
    }

    /// What a recording keeps are the scene it started from and the values the stage ran, at their
    /// scene times; replayed from that snapshot, they give the state the live scene had, a props
    /// change and a press made before the recording included.
    @Test func aRecordingOfValuesReplaysToTheLiveState() throws {
        let clock = ManualClock(startingAt: 0)
        let stage = StageCommandTests.stage(clock)
        _ = try stage.run(Command("patchSpinnerProps", document: ##"{"color": "#1e88e5"}"##))
        _ = try stage.run(StageCommandTests.hold)
        clock.advance(by: 0.3)
        let start = stage.snapshot(lastEntry: nil)
        #expect(stage.recorder.start(at: start.sceneTime, from: start.json))
        var times: [Double] = []
        clock.advance(by: 0.25)
        _ = try stage.run(Command("spinnerStop"))
        times.append(stage.scene.snapshotWithRevision().time)
        clock.advance(by: 0.5)
        _ = try stage.run(Command("patchPlayButtonProps", document: ##"{"playBufferingTintColor": "#ff0000"}"##))
        times.append(stage.scene.snapshotWithRevision().time)
        clock.advance(by: 1)
        let recording = try #require(stage.recorder.stop())
        let scenario = try Scenario(parsing: recording.document(until: 2.05, controls: .seeds), controls: .seeds, artworks: stage.artworks)
        #expect(scenario.start == start.sceneTime)
        #expect(scenario.steps.map { scenario.start + $0.at } == times, "each step at the scene time it had, exactly")
        var replay = scenario.freshScene()
        replay.advance(to: 2.05)
        let live = stage.scene.snapshot().scene
        #expect(live.meter.state(at: 2.05).segmentCount == 1, "the press before the recording")
        #expect(replay.scene.meter.state(at: 2.05) == live.meter.state(at: 2.05))
        #expect(replay.scene.spinner.state(at: 2.05) == live.spinner.state(at: 2.05))
        for control in [FrameSubject.playButton, .spinner] {
            #expect(replay.scene.props(of: control) == live.props(of: control))
        }
        #expect(replay.scene.props(of: .spinner) != Scene.seeds().props(of: .spinner), "the props set before the recording")
    }
}
