import Animation
import Foundation
import LayercastTesting
@testable import PreviewServer
import Testing

/// The clock over HTTP (issue 11, docs/design/engine.md §Preview clock): pause, step, speed, commands while
/// paused, stepping back, frames of the future. Exact times come from a ManualClock; where a real clock
/// is used, the assertions hold whatever the machine's speed.
@Suite struct ClockHTTPTests {
    @Test func pausingStopsStateAndFramesOnARealClock() throws {
        try withTestServer(.router, clock: MonotonicClock(), configure: { $0.size = 96 }) { s in
            let paused = try jsonObject(s.post("/clock?paused=true"))
            #expect(paused["paused"] as? Bool == true)
            let t = try #require(paused["sceneTime"] as? Double)
            let first = try s.frame("control=spinner")
            let state1 = try jsonObject(s.get("/state"))
            usleep(50_000)
            let second = try s.frame("control=spinner")
            let state2 = try jsonObject(s.get("/state"))
            #expect(state1["sceneTime"] as? Double == t && state2["sceneTime"] as? Double == t)
            #expect(first.response.sceneTime == second.response.sceneTime)
            #expect(first.response.body == second.response.body)
            #expect(try s.sceneTime() == t)

            let resumed = try jsonObject(s.post("/clock?paused=false"))
            #expect(resumed["paused"] as? Bool == false)
            #expect(try #require(resumed["sceneTime"] as? Double) >= t)
            var moved = false
            for _ in 0..<500 where !moved {
                usleep(2_000)
                moved = try s.sceneTime() > t
            }
            #expect(moved)
        }
    }

    @Test func pausedManualClockIgnoresPassingTime() throws {
        let clock = ManualClock(startingAt: 3)
        try withTestServer(.router, clock: clock, configure: { $0.size = 96 }) { s in
            _ = try s.post("/clock?paused=true")
            clock.advance(by: 5)
            #expect(try s.sceneTime() == 3)
            _ = try s.post("/clock?paused=false")
            clock.advance(by: 1)
            #expect(try s.sceneTime() == 4)
        }
    }

    @Test func steppingBySecondsAndFramesAtTheServersRate() throws {
        let clock = ManualClock()
        try withTestServer(.router, clock: clock, configure: { $0.fps = 25; $0.size = 96 }) { s in
            _ = try s.post("/clock?paused=true")
            #expect(try jsonObject(s.post("/clock?step=0.25"))["sceneTime"] as? Double == 0.25)
            // 5 frames at 25 fps = 0.2 s, from a JSON body; −2 frames from a form.
            let five = try #require(try jsonObject(s.post("/clock", json: #"{"frames": 5}"#))["sceneTime"] as? Double)
            #expect(abs(five - 0.45) < 1e-12)
            let back = try #require(try jsonObject(s.post("/clock", form: "frames=-2"))["sceneTime"] as? Double)
            #expect(abs(back - 0.37) < 1e-12)
            #expect(try jsonObject(s.get("/clock"))["fps"] as? Int == 25)
            let frame = try s.frame("control=spinner")
            #expect(frame.response.sceneTime.map { abs($0 - 0.37) < 1e-6 } == true)
        }
    }

    @Test func steppingARunningClockIsAConflict() throws {
        try withTestServer(.router, clock: ManualClock(startingAt: 1), configure: { $0.size = 96 }) { s in
            let r = try s.post("/clock?step=0.1")
            #expect(r.status == 409)
            #expect((try jsonObject(r)["error"] as? String)?.contains("paused") == true)
            #expect(try s.post("/clock?frames=1").status == 409)
            #expect(try s.sceneTime() == 1)
        }
    }

    @Test func badClockCommandsAreRefusedWithTheParameterNamed() throws {
        try withTestServer(.router, clock: ManualClock(), configure: { $0.size = 96 }) { s in
            for (query, parameter) in [("speed=9", "speed"), ("speed=0.01", "speed"), ("paused=maybe", "paused"),
                                       ("frames=1.5", "frames"), ("step=abc", "step"), ("step=1&frames=1", "step"), ("", "paused")] {
                expectRefusal(try s.post("/clock?" + query), parameter: parameter, query)
            }
        }
    }

    @Test func speedChangesDoNotJump() throws {
        let clock = ManualClock()
        try withTestServer(.router, clock: clock, configure: { $0.size = 96 }) { s in
            clock.advance(by: 2)
            #expect(try jsonObject(s.post("/clock?speed=0.25"))["sceneTime"] as? Double == 2)
            clock.advance(by: 2)
            #expect(try s.sceneTime() == 2.5)
            #expect(try jsonObject(s.post("/clock?speed=4"))["sceneTime"] as? Double == 2.5)
            clock.advance(by: 0.5)
            #expect(try s.sceneTime() == 4.5)
            // Changing speed while paused does not move time either; resuming picks up at the new rate.
            _ = try s.post("/clock?paused=true")
            let state = try jsonObject(s.post("/clock?speed=2"))
            #expect(state["sceneTime"] as? Double == 4.5 && state["speed"] as? Double == 2 && state["paused"] as? Bool == true)
            _ = try s.post("/clock?paused=false")
            clock.advance(by: 1)
            #expect(try s.sceneTime() == 6.5)
            let frame = try s.frame("control=spinner")
            #expect(frame.response.sceneTime == 6.5)
        }
    }

    /// Pause, press, step, step, release: one segment exactly as long as the steps, whatever
    /// real time passed in between.
    @Test func commandsWhilePausedApplyAtThePausedTime() throws {
        try withTestServer(.router, clock: MonotonicClock(), configure: { $0.size = 96 }) { s in
            let t = try #require(try jsonObject(s.post("/clock?paused=true"))["sceneTime"] as? Double)
            let press = try jsonObject(s.post("/meter/press"))
            #expect(press["sceneTime"] as? Double == t)
            _ = try s.post("/clock?step=0.5")
            usleep(20_000)
            _ = try s.post("/clock?step=0.5")
            let release = try jsonObject(s.post("/meter/release"))
            let released = try #require(release["sceneTime"] as? Double)
            #expect(abs(released - (t + 1)) < 1e-9)

            let meter = try #require(try jsonObject(s.get("/state"))["meter"] as? [String: Any])
            #expect(meter["segmentCount"] as? Int == 1)
            #expect(meter["recording"] as? Bool == false)
            let elapsed = try #require(meter["elapsed"] as? Double)
            #expect(abs(elapsed - 1) < 1e-9)
            #expect(meter["label"] as? String == "0:01.0")
            let segment = try #require((meter["segments"] as? [[String: Any]])?.first?["presentation"] as? [String: Double])
            let length = try #require(segment["strokeEnd"]) - (try #require(segment["strokeStart"]))
            #expect(abs(length - 1 / 45) < 1e-9)
        }
    }

    @Test func steppingBackShowsTheEarlierFrame() throws {
        let clock = ManualClock(startingAt: 10)
        try withTestServer(.router, clock: clock, configure: { $0.size = 96 }) { s in
            _ = try s.post("/clock?paused=true")
            let atRest = try s.frame("control=play-button").response.body
            let spinnerA = try s.frame("control=spinner").response.body
            _ = try s.post("/clock?step=0.3")
            #expect(try s.frame("control=spinner").response.body != spinnerA)
            _ = try s.post("/clock?step=-0.3")
            #expect(try s.frame("control=spinner").response.body == spinnerA)

            // Across a command: the morph's frames come back, and so does the time before it.
            _ = try s.post("/play-button/mode?mode=pause")
            _ = try s.post("/clock?step=0.1")
            let m1 = try s.frame("control=play-button").response.body
            _ = try s.post("/clock?step=0.1")
            let m2 = try s.frame("control=play-button").response.body
            #expect(m1 != m2 && m1 != atRest)
            _ = try s.post("/clock?step=-0.1")
            #expect(try s.frame("control=play-button").response.body == m1)
            _ = try s.post("/clock?step=-0.2")
            #expect(try s.frame("control=play-button").response.body == atRest)
            let state = try jsonObject(s.get("/state"))
            #expect((state["playButton"] as? [String: Any])?["mode"] as? String == "play", "before the command")
        }
    }

    /// `ahead` renders a copy; the live scene, reached later by its own (differently sliced)
    /// steps, must draw the very same pixels.
    @Test(arguments: [0.05, 0.3, 1.5, 4.0])
    func aheadFramesEqualTheLiveFramesLater(_ ahead: Double) throws {
        let clock = ManualClock(startingAt: 1)
        try withTestServer(.router, clock: clock, configure: { $0.size = 96 }) { s in
            _ = try s.post("/play-button/mode?mode=pause")
            _ = try s.post("/meter/press")
            _ = try s.post("/player/play")
            let future = try s.frame("control=all&size=160&ahead=\(ahead)")
            #expect(future.response.sceneTime.map { abs($0 - (1 + ahead)) < 1e-6 } == true)
            clock.advance(by: ahead * 0.4)
            _ = try s.get("/state")
            clock.advance(by: ahead * 0.6)
            let live = try s.frame("control=all&size=160")
            #expect(live.response.header("X-Scene-Time") == future.response.header("X-Scene-Time"))
            #expect(live.image.pixels == future.image.pixels)
            #expect(live.response.body == future.response.body)
        }
    }

    @Test func aCommandInBetweenMakesTheFutureDiffer() throws {
        let clock = ManualClock(startingAt: 1)
        try withTestServer(.router, clock: clock, configure: { $0.size = 96 }) { s in
            let future = try s.frame("control=play-button&ahead=1")
            clock.advance(by: 0.5)
            _ = try s.post("/play-button/mode?mode=stop")
            clock.advance(by: 0.5)
            let live = try s.frame("control=play-button")
            #expect(live.response.header("X-Scene-Time") == future.response.header("X-Scene-Time"))
            #expect(live.image.pixels != future.image.pixels)
        }
    }

    @Test func aheadWhilePausedEqualsSteppingThere() throws {
        try withTestServer(.router, clock: ManualClock(startingAt: 2), configure: { $0.size = 96 }) { s in
            _ = try s.post("/clock?paused=true")
            _ = try s.post("/player/play")
            let future = try s.frame("control=player&ahead=0.75")
            _ = try s.post("/clock?step=0.75")
            #expect(try s.frame("control=player").response.body == future.response.body)
        }
    }

    /// Slow motion is smooth: at speed 0.1 every part of a stream is a new frame at a new time
    /// (the spinner turns about 0.3° per frame, so the frame is large enough to show it). The clock
    /// is first stepped to mid-sweep: around a cycle's start the arc is empty for a while, and
    /// empty frames are rightly identical.
    @Test func slowMotionStreamStillDeliversDistinctFrames() throws {
        try withTestServer(clock: MonotonicClock(), configure: { $0.size = 96 }) { s in
            _ = try s.post("/clock?paused=true")
            let now = try #require(try jsonObject(try s.get("/clock"))["sceneTime"] as? Double)
            let toMidSweep = 2.5 - now.truncatingRemainder(dividingBy: 2.5) + 1.0
            _ = try s.post("/clock?step=\(toMidSweep)")
            _ = try s.post("/clock?speed=0.1&paused=false")
            let reader = try StreamClient(port: s.port, target: "/stream.mjpg?control=spinner&size=400&fps=30")
            defer { reader.close() }
            var times: [Double] = []
            var frames = Set<[UInt8]>()
            for _ in 0..<12 {
                let part = try reader.nextPart()
                times.append(try #require(part.sceneTime))
                frames.insert(part.body)
            }
            #expect(Set(times).count == times.count, "scene times \(times)")
            #expect(times == times.sorted())
            #expect(frames.count == times.count)
        }
    }
}
