import Animation
import Controls
import Foundation
import HTTPClient
import LayercastTesting
@testable import PreviewServer
import Rendering
import Testing
import SeedControls

/// `POST /scenarios/record`: the commands that arrive become a scenario at their scene times, and
/// the scenario replays from a fresh scene to the frames the live scene showed.
@Suite(.ioTimeLimit) struct ScenarioRecordingTests {

    /// Change props and press the meter, then record an interaction on a server with a manual clock,
    /// keeping its live frames; replay the recording from its snapshot; compare the pixels.
    @Test func aRecordedInteractionReplaysToTheLiveFrames() throws {
        let clock = ManualClock(startingAt: 0)
        try withTestServer(.router, clock: clock) { s in
            _ = try s.request("PATCH", "/controls/meter/props", body: Array(#"{"duration": 2}"#.utf8),
                              contentType: "application/merge-patch+json")
            _ = try s.post("/meter/press")
            s.at(0.3)
            let start = try jsonObject(s.post("/scenarios/record", form: "action=start"))
            let since = try #require(start["since"] as? Double)
            #expect(start["recording"] as? Bool == true && abs(since - 0.3) < 1e-9)
            var live: [(Double, Bitmap)] = []
            var times: [Double] = []
            func look(at t: Double) throws {
                s.at(t)
                live.append((t, try s.frame("control=all&size=96").image))
            }
            // (When, whether it is a step, the command.)
            let interaction: [(Double, Bool, () throws -> HTTPProbeResponse)] = [
                (0.5, true, { try s.post("/play-button/mode", json: #"{"mode": "pause"}"#) }),
                (0.9, false, { try s.post("/clock?speed=0.5") }),
                (1.1, true, { try s.post("/meter/release") }),
                (1.3, true, { try s.post("/player/seek?progress=40") }),
                (1.45, true, { try s.request("PATCH", "/controls/spinner/props", body: Array(##"{"color": "#1e88e5"}"##.utf8),
                                       contentType: "application/merge-patch+json") }),
                (1.6, true, { try s.post("/play-button/enabled?value=false") }),
            ]
            for (t, isStep, command) in interaction {
                try look(at: t - 0.05)
                s.at(t)
                let time = try jsonObject(command())["sceneTime"] as? Double
                if isStep, let time { times.append(time) }
                try look(at: t + 0.05)
            }
            try look(at: 2.4)
            s.at(2.5)
            let stop = try s.post("/scenarios/record", form: "action=stop")
            let reply = try jsonObject(stop)
            let id = try #require(reply["id"] as? String, "\(stop.text)")
            #expect(reply["steps"] as? Int == 5, "the clock command is not a step")
            let scenario = try #require(reply["scenario"] as? [String: Any])
            #expect(scenario["duration"] as? Double == 2.2)
            #expect((scenario["from"] as? [String: Any])?["sceneTime"] as? Double == since, "it starts from the snapshot")
            let steps = try #require(scenario["steps"] as? [[String: Any]])
            #expect(steps.map { since + ($0["at"] as? Double ?? .nan) } == times, "each at the scene time it had, exactly")
            #expect(steps.map { $0["do"] as? String } == ["POST /play-button/mode", "POST /meter/release",
                                                          "POST /player/seek", "PATCH /controls/spinner/props",
                                                          "POST /play-button/enabled"])
            #expect(steps[0]["with"] as? [String: String] == ["mode": "pause"])
            #expect(steps[3]["with"] as? [String: String] == ["color": "#1e88e5"], "a props patch is kept as its document")

            // Each frame, the props and the press before the recording included.
            for (t, frame) in live {
                let replayed = try s.frame("control=all&size=96&scenario=\(id)&ahead=\(t - since)").image
                #expect(replayed.pixels == frame.pixels, "t = \(t)")
            }
            // Its state, as GET /state tells the live scene's: the press before the recording, then the release.
            let state = { (t: Double) throws -> [String: Any]? in
                try jsonObject(s.get("/state?scenario=\(id)&ahead=\(t)"))["meter"] as? [String: Any]
            }
            #expect(try state(0)?["segmentCount"] as? Int == 1 && state(0)?["recording"] as? Bool == true)
            #expect(try state(1)?["recording"] as? Bool == false)
        }
    }

    /// Uploaded artwork is kept as its SHA-256, and the replay shows it.
    @Test func artworkIsRecordedByItsHash() throws {
        let png = try PNGEncoder.encode(RenderedImage(width: 4, height: 4, stride: 16,
                                                      pixels: Array(repeating: [0x30, 0x60, 0xC0, 0xFF], count: 16).flatMap { $0 }))
        try withTestServer(.router, clock: ManualClock(startingAt: 3)) { s in
            _ = try s.post("/scenarios/record?action=start")
            s.at(3.5)
            #expect(try s.put("/player/artwork", body: png, contentType: "image/png").status == 200)
            s.at(4)
            let live = try s.frame("control=player&size=64").image
            let reply = try jsonObject(s.post("/scenarios/record?action=stop"))
            let steps = try #require((reply["scenario"] as? [String: Any])?["steps"] as? [[String: Any]])
            let hash = SHA256Reference.hex(png)
            #expect(steps.first?["do"] as? String == "PUT /player/artwork/by-hash")
            #expect(steps.first?["with"] as? [String: String] == ["sha256": hash])
            #expect(steps.first?["at"] as? Double == 0.5)
            let id = try #require(reply["id"] as? String)
            let replayed = try s.frame("control=player&size=64&scenario=\(id)&ahead=0.5").image
            let before = try s.frame("control=player&size=64&scenario=\(id)&ahead=0.4").image
            #expect(replayed.pixels != before.pixels, "the artwork changes at 0.5 s")
            // The artwork is the upload; the fresh scene's player is paused, as the live one was.
            #expect(replayed.pixels == live.pixels)
            // The hash brings the image back without sending it again.
            #expect(try s.put("/player/artwork/by-hash?sha256=\(hash)", body: [], contentType: nil).status == 200)
            expectRefusal(try s.put("/player/artwork/by-hash?sha256=\(String(repeating: "0", count: 64))", body: [],
                                    contentType: nil), status: 404, parameter: "sha256", "an unknown hash")
            let listed = try jsonObject(s.get("/scenarios"))["artworks"] as? [[String: Any]]
            #expect(listed?.first?["sha256"] as? String == hash)
        }
    }

    /// Stepping the clock back and commanding there rewrites the recording as it rewrites the scene.
    @Test func aCommandAtAnEarlierTimeRewritesWhatFollows() throws {
        let clock = ManualClock(startingAt: 1)
        try withTestServer(.router, clock: clock) { s in
            _ = try s.post("/scenarios/record?action=start")
            expectRefusal(try s.post("/scenarios/record?action=start"), status: 409, parameter: "action", "twice")
            s.at(1.5)
            _ = try s.post("/spinner/stop")
            s.at(2)
            _ = try s.post("/play-button/mode?mode=stop")
            s.at(1.2)
            let rewrite = try jsonObject(s.post("/play-button/mode?mode=buffering"))["sceneTime"] as? Double
            s.at(2)
            let list = try jsonObject(s.get("/scenarios"))["recording"] as? [String: Any]
            let since = try #require(list?["since"] as? Double)
            #expect(list?["steps"] as? Int == 1 && abs(since - 1) < 1e-9)
            let reply = try jsonObject(s.post("/scenarios/record?action=stop"))
            let steps = (reply["scenario"] as? [String: Any])?["steps"] as? [[String: Any]]
            #expect(steps?.map { since + ($0["at"] as? Double ?? .nan) } == [rewrite], "at the scene time it had, exactly")
            #expect(steps?.first?["with"] as? [String: String] == ["mode": "buffering"])
            expectRefusal(try s.post("/scenarios/record?action=stop"), status: 409, parameter: "action", "no recording")

            // One before the start starts it again, from the scene as that command left it.
            _ = try s.post("/scenarios/record?action=start")
            s.at(1.6)
            _ = try s.post("/meter/press")
            let pressed = try s.frame("control=meter&size=64").image
            s.at(1.9)
            let again = try jsonObject(s.post("/scenarios/record?action=stop"))
            let scenario = try #require(again["scenario"] as? [String: Any])
            #expect((scenario["steps"] as? [Any])?.isEmpty == true, "the press is in the snapshot")
            let id = try #require(again["id"] as? String)
            #expect(try s.frame("control=meter&size=64&scenario=\(id)&ahead=0").image.pixels == pressed.pixels)
        }
    }
}
