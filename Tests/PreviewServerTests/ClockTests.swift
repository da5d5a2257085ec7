import Animation
import Foundation
import HTTPClient
import HTTPServer
import LayercastTesting
import PreviewServer
import Synchronization
import Testing
import SeedControls

/// `GET /clock` and `POST /clock` (docs/design/engine.md §Preview clock): pause, speed and step the one
/// scene clock; commands while paused, stepping back, frames of the future. Exact times come from a
/// ManualClock; where a real clock is used, the assertions hold whatever the machine's speed.
@Suite(.ioTimeLimit) struct ClockTests {

    typealias ClockReply = StateReply.Clock

    static func clock(_ response: HTTPProbeResponse, sourceLocation: SourceLocation = #_sourceLocation) throws -> ClockReply {
        #expect(response.status == 200, "\(response.text)", sourceLocation: sourceLocation)
        return try decode(ClockReply.self, from: response)
    }

    @Test func pauseStepFramesAndSpeed() throws {
        try withTestServer(.router, configure: { $0.settings.fps = 20 }) { s in
            let manual = try #require(s.clock as? ManualClock)
            s.at(1)
            let running = try Self.clock(s.get("/clock"))
            #expect(running.sceneTime == 1 && !running.paused && running.speed == 1 && running.fps == 20)
            var c = try Self.clock(s.post("/clock?paused=true"))
            #expect(c.paused && c.sceneTime == 1)
            // Paused: host time passes, scene time does not.
            manual.advance(by: 3)
            #expect(try Self.clock(s.get("/clock")).sceneTime == 1)

            c = try Self.clock(s.post("/clock", form: "step=0.5"))
            #expect(c.sceneTime == 1.5)
            c = try Self.clock(s.post("/clock", json: "{\"frames\": 3}"))
            #expect(abs(c.sceneTime - 1.65) < 1e-12)
            c = try Self.clock(s.post("/clock?frames=-3"))
            #expect(abs(c.sceneTime - 1.5) < 1e-12)
            #expect(abs(try s.state().sceneTime - 1.5) < 1e-12)

            c = try Self.clock(s.post("/clock?paused=false&speed=2"))
            #expect(!c.paused && c.speed == 2)
            manual.advance(by: 1)
            #expect(abs(try Self.clock(s.get("/clock")).sceneTime - 3.5) < 1e-12)
            c = try Self.clock(s.post("/clock?speed=0.5"))
            manual.advance(by: 1)
            #expect(abs(try Self.clock(s.get("/clock")).sceneTime - 4) < 1e-12)

            // Pausing and stepping in one request is fine.
            c = try Self.clock(s.post("/clock?paused=true&step=0.25"))
            #expect(c.paused && abs(c.sceneTime - 4.25) < 1e-12)
            // A speed set while paused moves nothing; resuming runs at it.
            c = try Self.clock(s.post("/clock?speed=2"))
            #expect(c.paused && c.speed == 2 && abs(c.sceneTime - 4.25) < 1e-12)
            _ = try Self.clock(s.post("/clock?paused=false"))
            manual.advance(by: 1)
            #expect(abs(try Self.clock(s.get("/clock")).sceneTime - 6.25) < 1e-12)
        }
    }

    @Test func steppingWhileRunningIs409AndChangesNothing() throws {
        try withTestServer(.router) { s in
            s.at(3)
            for query in ["step=0.5", "frames=2", "speed=2&step=1", "paused=false&frames=1"] {
                let response = try s.post("/clock?\(query)")
                #expect(response.status == 409, "\(query)")
                let error = try decode(ErrorReply.self, from: response)
                #expect(error.error.contains("paused=true"), "\(error.error)")
                let c = try Self.clock(s.get("/clock"))
                #expect(c.sceneTime == 3 && !c.paused && c.speed == 1, "\(query) left \(c)")
            }
        }
    }

    /// A step racing a resume is applied before it or refused after it, never answered 200 having
    /// done nothing: whether the clock is paused is checked under the lock that applies the step.
    /// The host time stands still (a ManualClock), so a resumed clock keeps its scene time.
    @Test func aStepRacingAResumeIsAppliedOrRefusedNeverLost() throws {
        try withTestServer(.router) { s in
            s.at(1)
            let server = s.server
            @Sendable func post(_ name: String, _ value: String) -> Int {
                server.respond(to: HTTPRequest(method: "POST", path: "/clock", query: [(name, value)])).status
            }
            var outcomes: [Int: Int] = [:]
            for round in 0..<3000 {
                #expect(post("paused", "true") == 200)
                let before = server.scene.clock.now
                let step = Mutex(0)
                DispatchQueue.concurrentPerform(iterations: 2) { i in
                    if i == 0 { _ = post("paused", "false") } else { step.withLock { $0 = post("step", "0.5") } }
                }
                let status = step.withLock { $0 }, moved = server.scene.clock.now - before
                outcomes[status, default: 0] += 1
                #expect(status == 200 ? moved == 0.5 : status == 409 && moved == 0,
                        "round \(round): the step answered \(status) and moved the clock \(moved) s")
            }
            #expect(Set(outcomes.keys).isSubset(of: [200, 409]), "\(outcomes)")
        }
    }

    @Test func steppingBackShowsTheEarlierFrame() throws {
        try withTestServer(.router) { s in
            s.at(2)
            _ = try Self.clock(s.post("/clock?paused=true"))
            let before = try s.get("/frame.png?control=meter&size=120")
            #expect(before.sceneTime == 2)
            _ = try Self.clock(s.post("/clock?step=1"))
            #expect(try s.post("/meter/press").status == 200)
            _ = try Self.clock(s.post("/clock?step=1"))
            let pressed = try s.get("/frame.png?control=meter&size=120")
            #expect(pressed.body != before.body)
            #expect(try s.state().meter.segmentCount == 1)

            // Back before the press: the frame and the state are those of the scene at 2.
            _ = try Self.clock(s.post("/clock?step=-2"))
            let back = try s.get("/frame.png?control=meter&size=120")
            #expect(back.sceneTime == 2)
            #expect(back.body == before.body)
            #expect(try s.state().meter.segmentCount == 0)
            // Half way after the press: half a second recorded.
            _ = try Self.clock(s.post("/clock?step=1.5"))
            let halfway = try s.state().meter
            #expect(halfway.segmentCount == 1 && abs(halfway.elapsed - 0.5) < 1e-9)
            // Forward again to the press's future: the same frame as before.
            _ = try Self.clock(s.post("/clock?step=0.5"))
            #expect(try s.get("/frame.png?control=meter&size=120").body == pressed.body)
        }
    }

    @Test func pausingStopsStateAndFramesOnARealClock() throws {
        let clock = MonotonicClock()
        try withTestServer(.router, clock: clock, configure: { $0.settings.size = 96 }) { s in
            let paused = try jsonObject(s.post("/clock?paused=true"))
            #expect(paused["paused"] as? Bool == true)
            let t = try #require(paused["sceneTime"] as? Double)
            let first = try s.frame("control=spinner")
            let state1 = try jsonObject(s.get("/state"))
            // Real time has moved on between the two reads (host time, not a pause, shows it).
            let host = clock.hostNow
            #expect(eventually { clock.hostNow > host })
            let second = try s.frame("control=spinner")
            let state2 = try jsonObject(s.get("/state"))
            #expect(state1["sceneTime"] as? Double == t && state2["sceneTime"] as? Double == t)
            #expect(first.response.sceneTime == second.response.sceneTime)
            #expect(first.response.body == second.response.body)
            #expect(try s.sceneTime() == t)

            let resumed = try jsonObject(s.post("/clock?paused=false"))
            #expect(resumed["paused"] as? Bool == false)
            #expect(try #require(resumed["sceneTime"] as? Double) >= t)
            #expect(try eventually { try s.sceneTime() > t })
        }
    }

    /// Pause, press, step, step, release: one segment exactly as long as the steps, whatever
    /// real time passed in between.
    @Test func commandsWhilePausedApplyAtThePausedTime() throws {
        let clock = MonotonicClock()
        try withTestServer(.router, clock: clock, configure: { $0.settings.size = 96 }) { s in
            let t = try #require(try jsonObject(s.post("/clock?paused=true"))["sceneTime"] as? Double)
            let press = try jsonObject(s.post("/meter/press"))
            #expect(press["sceneTime"] as? Double == t)
            _ = try s.post("/clock?step=0.5")
            let host = clock.hostNow
            #expect(eventually { clock.hostNow > host })
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

    /// `ahead` renders a copy; the live scene, reached later by its own (differently sliced)
    /// steps, must draw the very same pixels.
    @Test(arguments: [0.05, 0.3, 1.5, 4.0])
    func aheadFramesEqualTheLiveFramesLater(_ ahead: Double) throws {
        let clock = ManualClock(startingAt: 1)
        try withTestServer(.router, clock: clock, configure: { $0.settings.size = 96 }) { s in
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
        try withTestServer(.router, clock: clock, configure: { $0.settings.size = 96 }) { s in
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
        try withTestServer(.router, clock: ManualClock(startingAt: 2), configure: { $0.settings.size = 96 }) { s in
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
        try withTestServer(clock: MonotonicClock(), configure: { $0.settings.size = 96 }) { s in
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
