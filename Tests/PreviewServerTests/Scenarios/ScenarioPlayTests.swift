import Animation
import Controls
import Foundation
import LayercastTesting
@testable import PreviewServer
import Testing
import SeedControls

/// `POST /scenarios/{id}/play`: the steps apply to the live scene at now + their times, exactly,
/// however late anyone looks.
@Suite struct ScenarioPlayTests {

    /// Played from a fresh live scene at 0, the live frames are the scenario's own frames, even when
    /// the clock jumps past several steps at once.
    @Test func theLiveSceneShowsTheScenarioFrames() throws {
        let clock = ManualClock(startingAt: 0)
        try withTestServer(.router, clock: clock) { s in
            let id = try Scenarios.store(Scenarios.busy, on: s)
            let play = try jsonObject(s.post("/scenarios/\(id)/play"))
            #expect(play["startsAt"] as? Double == 0)
            #expect(play["endsAt"] as? Double == 1.2)
            #expect(play["steps"] as? Int == 5)
            for t in [0.25, 0.85, 1.1] {
                s.at(t)
                let live = try s.get("/frame.png?control=all&size=96")
                let scripted = try s.get("/frame.png?control=all&size=96&scenario=\(id)&ahead=\(t)")
                #expect(live.body == scripted.body, "t = \(t)")
            }
            let state = try s.state()
            #expect(state.playButton.mode == .pause)
            #expect(state.meter.segmentCount == 1 && !state.meter.recording)
            #expect(state.player.progress.model == 60)
        }
    }

    /// Frames of the future show the steps still to come.
    @Test func framesAheadShowTheStepsToCome() throws {
        try withTestServer(.router, clock: ManualClock(startingAt: 0)) { s in
            let id = try Scenarios.store(Scenarios.busy, on: s)
            _ = try s.post("/scenarios/\(id)/play")
            let ahead = try s.get("/frame.png?control=all&size=96&ahead=1")
            let scripted = try s.get("/frame.png?control=all&size=96&scenario=\(id)&ahead=1")
            #expect(ahead.body == scripted.body)
            #expect(try s.state().playButton.mode == .play, "the live scene itself has not moved")
        }
    }

    /// A `POST /clock` step pauses the live clock at its own scene time; later steps wait for the
    /// clock, and a paused clock runs a played scenario as it is stepped.
    @Test func aClockStepPausesTheLiveClockAtItsTime() throws {
        let clock = ManualClock(startingAt: 10)
        try withTestServer(.router, clock: clock) { s in
            let id = try Scenarios.store("""
                {"duration": 2, "steps": [
                  {"at": 0.5, "do": "POST /clock", "with": {"paused": true}},
                  {"at": 1, "do": "POST /play-button/mode", "with": {"mode": "stop"}}
                ]}
                """, on: s)
            _ = try s.post("/scenarios/\(id)/play")
            clock.advance(by: 0.8)
            #expect(try s.sceneTime() == 10.5)
            #expect(try s.state().clock.paused)
            #expect(try s.state().playButton.mode == .play)
            _ = try s.post("/clock?step=0.6")
            let state = try s.state()
            #expect(state.sceneTime == 11.1)
            #expect(state.playButton.mode == .stop)
        }
    }

    /// A step the live scene would refuse is refused before anything is scheduled.
    @Test func aStepTheLiveSceneRefusesIsAConflict() throws {
        try withTestServer(.router, clock: ManualClock(startingAt: 0)) { s in
            _ = try s.request("PUT", "/meter/config?duration=1")
            _ = try s.post("/meter/press")
            s.at(2)
            let id = try Scenarios.store(#"{"duration": 1, "steps": [{"at": 0.5, "do": "POST /meter/press"}]}"#, on: s)
            expectRefusal(try s.post("/scenarios/\(id)/play"), status: 409, parameter: "steps[0].do", "complete meter")
            expectRefusal(try s.post("/scenarios/0123456789abcdef/play"), status: 404, parameter: "id", "unknown")
        }
    }
}
