import Animation
import Foundation
import HTTPClient
import LayercastTesting
import Testing

/// `GET /clock` and `POST /clock`: pause, speed and step the one scene clock.
@Suite struct ClockTests {
    typealias ClockReply = StateReply.Clock

    static func clock(_ response: HTTPProbeResponse, sourceLocation: SourceLocation = #_sourceLocation) throws -> ClockReply {
        #expect(response.status == 200, "\(response.text)", sourceLocation: sourceLocation)
        return try decode(ClockReply.self, from: response)
    }

    @Test func getReportsTimePausedSpeedAndFps() throws {
        try withTestServer(.router, configure: { $0.fps = 20 }) { s in
            s.at(2.5)
            let c = try Self.clock(s.get("/clock"))
            #expect(c.sceneTime == 2.5 && !c.paused && c.speed == 1 && c.fps == 20)
        }
    }

    @Test func pauseStepFramesAndSpeed() throws {
        try withTestServer(.router, configure: { $0.fps = 20 }) { s in
            let manual = try #require(s.clock as? ManualClock)
            s.at(1)
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
}
