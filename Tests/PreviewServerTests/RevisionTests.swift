import Animation
import Controls
import Foundation
import HTTPClient
import LayercastTesting
import Testing
@testable import PreviewServer
import SeedControls

/// The scene's revision: one more for each command, on a control or on the clock, in every reply,
/// in `/state` and in each event, so a client can order states when scene time steps backwards.
@Suite(.ioTimeLimit) struct RevisionTests {

    static func revision(_ response: HTTPProbeResponse) -> UInt64? {
        ((try? jsonObject(response))?["revision"] as? NSNumber)?.uint64Value
    }

    @Test func eachCommandRaisesTheRevisionByOneInItsReplyAndInState() throws {
        try withTestServer(.router) { s in
            s.at(2)
            #expect(Self.revision(try s.get("/state")) == 0)
            let commands: [(path: String, form: String?)] = [
                ("/spinner/stop", nil), ("/meter/press", nil), ("/meter/release", nil), ("/player/play", nil),
                ("/play-button/mode", "mode=pause"), ("/clock", "paused=true"), ("/player/seek", "progress=40"),
            ]
            for (i, command) in commands.enumerated() {
                let reply = try s.post(command.path, form: command.form)
                #expect(reply.status == 200, "\(command.path)")
                #expect(Self.revision(reply) == UInt64(i + 1), "\(command.path)")
                #expect(Self.revision(try s.get("/state")) == UInt64(i + 1), "/state after \(command.path)")
            }
            // Reads take no revision; GET /clock reports the current one next to the clock's fields.
            let clock = try jsonObject(try s.get("/clock"))
            #expect(Set(clock.keys) == ["sceneTime", "paused", "speed", "fps", "revision"])
            #expect((clock["revision"] as? NSNumber)?.uint64Value == 7)
        }
    }

    /// Stepping back lowers scene time; the revision still rises, so it, not time, orders states.
    @Test func steppingTheClockBackRaisesTheRevisionWhileTimeFalls() throws {
        try withTestServer(.router) { s in
            s.at(2)
            let paused = try jsonObject(try s.post("/clock", form: "paused=true"))
            let back = try jsonObject(try s.post("/clock", form: "frames=-3"))
            #expect(paused["sceneTime"] as? Double == 2)
            #expect(abs(try #require(back["sceneTime"] as? Double) - (2 - 3.0 / 30)) < 1e-12)
            #expect((paused["revision"] as? NSNumber)?.uint64Value == 1)
            #expect((back["revision"] as? NSNumber)?.uint64Value == 2)
            let reply = try s.post("/spinner/stop")
            #expect(Self.revision(reply) == 3)
            #expect(abs(try #require(try jsonObject(reply)["sceneTime"] as? Double) - (2 - 3.0 / 30)) < 1e-12)
        }
    }

    @Test func aRefusedCommandTakesNoRevision() throws {
        try withTestServer(.router) { s in
            _ = try s.post("/meter/press")
            let refused = try s.put("/meter/config", body: Array("duration=5".utf8), contentType: "application/x-www-form-urlencoded")
            #expect(refused.status == 409)
            #expect(Self.revision(refused) == nil)
            #expect(Self.revision(try s.get("/state")) == 1)
            #expect(Self.revision(try s.post("/meter/release")) == 2)
        }
    }

    /// An event is made from one copy of the scene and carries that copy's revision; a command that
    /// changes nothing a person would notice (starting a running spinner) still makes a new event.
    @Test func eventsCarryTheRevisionOfTheirCopy() throws {
        let scene = LiveScene(clock: ManualClock(), configuration: .seeds)
        let source = StateRoutes.eventSource(scene: scene, fps: 30)
        let before = source()
        let applied = scene.apply { s, t in s.spinner.start(at: t) }
        #expect(applied.revision == 1)
        let after = source()
        #expect(after.key != before.key)
        let event = try #require(try JSONSerialization.jsonObject(with: Data(after.json())) as? [String: Any])
        #expect((event["revision"] as? NSNumber)?.uint64Value == 1)
        #expect(event["spinner"] != nil && event["clock"] != nil)
    }

    /// `GET /layout` serves the grid the `control=all` frames are drawn with, which the page reads.
    @Test func layoutServesTheGridOfEveryControlFrame() throws {
        try withTestServer(.router) { s in
            let response = try s.get("/layout")
            #expect(response.status == 200)
            let layout = try jsonObject(response)
            #expect(layout["controls"] as? [String] == ["meter", "play-button", "player", "spinner"])
            let arrangements = try #require(layout["arrangements"] as? [[String: Double]])
            #expect(arrangements == [["minAspect": 2, "columns": 4, "rows": 1], ["minAspect": 0.5, "columns": 2, "rows": 2],
                                     ["minAspect": 0, "columns": 1, "rows": 4]])
            let cards = try #require(layout["cards"] as? [[String: Any]])
            #expect(cards.map { $0["id"] as? String } == ["meter", "play-button", "player", "spinner"])
            #expect(cards.first?["designWidth"] as? Double == 320)
            #expect(layout["cellMargin"] as? Double == 0.06)
            #expect(layout["maxFrameSide"] as? Int == 4096)
        }
    }
}
