import Animation
import Controls
import Foundation
import LayercastTesting
import Testing
import SeedControls

/// `GET /state` against the closed forms at the time it reports.
@Suite struct StateTests {

    @Test func spinnerStateEqualsTheClosedFormAtManualTimes() throws {
        try withTestServer(.router) { s in
            for i in 0...60 {
                let t = Double(i) * 20.0 / 60.0 + 0.013
                s.at(t)
                let state = try s.state()
                #expect(state.sceneTime == t)
                #expect(state.clock.sceneTime == t)
                #expect(state.spinner.animating)
                expectSpinner(state.spinner.presentation, at: state.sceneTime)
            }
        }
    }

    /// On the real clock the spinner starts when the scene is made, after the clock's zero by as long
    /// as the machine took to get there (milliseconds on a busy one), so the closed form is taken
    /// from the spinner's own begin time, read from the live scene.
    @Test func spinnerStateEqualsTheClosedFormAtTheReportedRealTime() throws {
        try withTestServer(.router, clock: MonotonicClock(startingAt: 0)) { s in
            let spinner = s.server.scene.snapshot().scene.spinner
            let begin = try #require(spinner.layer.animation(forKey: "rotation")).animation.timing.beginTime
            #expect(begin >= 0 && begin < 5, "the spinner began at \(begin) s")
            // Back to back: each read is at its own real time, which is what the check needs; no
            // pause spreads them.
            var last = -1.0
            for _ in 0..<5 {
                let state = try s.state()
                #expect(state.sceneTime > last)
                last = state.sceneTime
                expectSpinner(state.spinner.presentation, at: state.sceneTime - begin)
            }
        }
    }

    /// `at` gives the state as it was then: the page's readouts while its timeline shows a past frame.
    @Test func stateAtAPastTimeIsTheSceneAsItWasThen() throws {
        try withTestServer(.router) { s in
            s.at(2)
            #expect(try s.post("/play-button/mode?mode=pause").status == 200)
            s.at(3)
            let then = try decode(StateReply.self, from: try s.get("/state?at=1.5"))
            #expect(then.sceneTime == 1.5 && then.clock.sceneTime == 1.5)
            #expect(then.playButton.mode == .play, "before the command")
            expectSpinner(then.spinner.presentation, at: 1.5)
            #expect(try s.state().playButton.mode == .pause)
            #expect(try decode(StateReply.self, from: try s.get("/state?at=2.5")).playButton.mode == .pause)
            expectRefusal(try s.get("/state?at=-500"), status: 400, parameter: "at", "outside the kept history")
        }
    }

    @Test func aStoppedSpinnerReportsAFullStillRing() throws {
        try withTestServer(.router) { s in
            s.at(3.3)
            let reply = try decode(CommandReply<Spinner.State>.self, from: s.post("/spinner/stop"))
            #expect(reply.sceneTime == 3.3)
            #expect(reply.state.animating == false)
            s.at(9)
            let state = try s.state()
            #expect(state.spinner.animating == false)
            #expect(state.spinner.presentation.strokeStart == 0 && state.spinner.presentation.strokeEnd == 1)
            #expect(state.spinner.presentation.rotation == 0)
            // Started again at 9, it runs the pattern from there.
            _ = try s.post("/spinner/start")
            s.at(10.25)
            expectSpinner(try s.state().spinner.presentation, at: 1.25)
        }
    }

    @Test func playerRingFollowsTheClosedFormAfterPlay() throws {
        try withTestServer(.router) { s in
            s.at(4)
            let reply = try decode(CommandReply<MusicPlayer.State>.self, from: s.post("/player/play"))
            #expect(reply.sceneTime == 4 && reply.state.playing)
            for dt in [0.0, 0.3, 0.5, 0.75, 1.0, 1.26, 7.9, 25.5, 50.0, 50.5, 51, 70] {
                s.at(4 + dt)
                let state = try s.state()
                let expected = PlayerClosedForm.strokeEnd(secondsSincePlay: state.sceneTime - 4)
                #expect(abs(state.player.ringStrokeEnd.presentation - expected) <= 1e-9, "strokeEnd \(dt) s after play")
                #expect(abs(state.player.progress.presentation - 100 * expected) <= 1e-7)
                #expect(state.player.playing, "still playing at 100 %")
            }
        }
    }
}
