import Controls
import Foundation
import LayercastTesting
@testable import PreviewServer
import Scenes
import Testing
import SeedControls

/// A scenario that starts from a snapshot (`from`): its scene is the one `GET /snapshot` gave, at
/// the snapshot's scene time, and its steps run from there, on the server and in `layercast render` alike.
@Suite struct ScenarioFromSnapshotTests {

    static let fps = 10
    static let query = "control=all&size=96"
    static let options = [("control", "all"), ("size", "96"), ("fps", String(fps))]

    /// The live scene mid-animation (the meter recording, the play button mid-morph), its snapshot
    /// and the frame it shows then.
    static func midAnimation(_ s: TestServer) throws -> (snapshot: String, sceneTime: Double, frame: [UInt8]) {
        s.at(0.6)
        #expect(try s.post("/meter/press").status == 200)
        s.at(1.0)
        #expect(try s.post("/play-button/mode?mode=pause").status == 200)
        s.at(1.05)
        let snapshot = try s.get("/snapshot")
        #expect(snapshot.status == 200)
        let sceneTime = try #require(try jsonObject(snapshot)["sceneTime"] as? Double)
        #expect(sceneTime == 1.05)
        let frame = try s.frame("at=\(sceneTime)&\(query)").response.body
        return (snapshot.text, sceneTime, frame)
    }

    /// Releases the meter 0.2 s in; 1 s long.
    static func scenario(from snapshot: String) -> String {
        #"{"duration": 1, "steps": [{"at": 0.2, "do": "POST /meter/release"}], "from": "# + snapshot + "}"
    }

    @Test func itsFirstFrameIsTheSnapshotsFrameAndTheServerAndTheRendererAgree() throws {
        try withTestServer(.router) { s in
            let (snapshot, sceneTime, original) = try Self.midAnimation(s)
            let document = Self.scenario(from: snapshot)
            let id = try Scenarios.store(document, on: s)

            var served: [[UInt8]] = []
            for i in 0..<10 {
                let reply = try s.get("/frame.png?scenario=\(id)&ahead=\(Scenarios.time(i, fps: Self.fps))&\(Self.query)")
                #expect(reply.status == 200, "\(reply.text.prefix(200))")
                // X-Scene-Time has 6 decimals.
                #expect(abs((reply.sceneTime ?? 0) - (sceneTime + Double(i) / Double(Self.fps))) < 1e-6,
                        "scene times from the snapshot's on")
                served.append(reply.body)
            }
            #expect(served[0] == original, "the first frame is the frame the snapshot was taken from")
            #expect(Set(served).count > 5, "it moves on from there")

            let render = try HeadlessRender(document: Array(document.utf8), controls: .seeds, artworks: [], format: .png, options: Self.options)
            var headless: [[UInt8]] = []
            try render.renderFrames { _, _, image in headless.append(try render.png(image)) }
            #expect(headless == served, "layercast render gives the server's bytes")

            // The same steps from a fresh scene show something else.
            let fresh = #"{"duration": 1, "steps": [{"at": 0.2, "do": "POST /meter/release"}]}"#
            let freshID = try Scenarios.store(fresh, on: s)
            #expect(try s.get("/frame.png?scenario=\(freshID)&ahead=0&\(Self.query)").body != served[0])

            // A clip of it holds the same first frame's scene time; the live scene cannot play it.
            let clip = try s.get("/clip.webp?scenario=\(id)&\(Self.query)&fps=\(Self.fps)&lossless=true")
            #expect(clip.status == 200 && clip.sceneTime == sceneTime, "\(clip.text.prefix(200))")
            expectRefusal(try s.post("/scenarios/\(id)/play"), status: 409, parameter: "id", "a scenario from a snapshot")
        }
    }

    @Test func aBadSnapshotIsRefusedNamingFrom() throws {
        try withTestServer(.router) { s in
            let (snapshot, _, _) = try Self.midAnimation(s)
            let cases: [(String, String)] = [
                ("3", "from"),
                (#"{"format": 1}"#, "from"),
                // Format 1 held the four controls as the scene's own members, not by id.
                (snapshot.replacingOccurrences(of: #""format":3"#, with: #""format":1"#), "from"),
                // A format this server does not know yet.
                (snapshot.replacingOccurrences(of: #""format":3"#, with: #""format":4"#), "from"),
                (snapshot.replacingOccurrences(of: #""sceneTime":1.05"#, with: #""sceneTime":0.5"#), "from.sceneTime"),
                // Artwork this server does not keep (the document leaves out a null artwork).
                (snapshot.replacingOccurrences(of: #"{"animations""#,
                                               with: #"{"artwork":"\#(String(repeating: "ab", count: 32))","animations""#),
                 "from.artwork"),
            ]
            for (from, field) in cases {
                #expect(from != snapshot)
                let reply = try s.post("/scenarios", json: #"{"duration": 1, "steps": [], "from": "# + from + "}")
                expectRefusal(reply, status: 400, parameter: field, "from \(from.prefix(60))")
            }
            #expect((try jsonObject(try s.get("/scenarios"))["scenarios"] as? [Any])?.isEmpty == true, "nothing stored")
        }
    }
}
