import Animation
import Controls
import Foundation
import LayercastTesting
@testable import PreviewServer
import Rendering
import Scenes
import Testing
import SeedControls

/// A scenario's frames are a pure function of the scenario, the time and the frame parameters:
/// the same bytes every time, from the server and from the headless renderer alike.
@Suite struct ScenarioRenderTests {

    static let fps = 10
    static let query = "control=all&size=96"

    @Test func theSameScenarioGivesTheSamePNGBytesTwice() throws {
        let first = try withTestServer(.router) { s in try frames(of: Scenarios.busy, on: s) }
        // A second server, started at another time, in another state.
        let second = try withTestServer(.router, clock: ManualClock(startingAt: 42)) { s in
            _ = try s.post("/player/play")
            _ = try s.post("/meter/press")
            return try frames(of: Scenarios.busy, on: s)
        }
        #expect(first.count == 12)
        #expect(first == second)
        // Something moves in every frame up to 1.0 s, when the seek ends; then the scene rests.
        #expect(Set(first.prefix(11)).count == 11)
        #expect(first[10] == first[11])
    }

    /// What `layercast render` computes is byte for byte what `/frame.png?scenario=` serves.
    @Test func theHeadlessRendererGivesTheServersBytes() throws {
        let render = try HeadlessRender(document: Array(Scenarios.busy.utf8), controls: .seeds, artworks: [], format: .png,
                                        options: [("control", "all"), ("size", "96"), ("fps", String(Self.fps))])
        var headless: [[UInt8]] = []
        try render.renderFrames { _, _, image in headless.append(try render.png(image)) }
        let served = try withTestServer(.router) { s in try frames(of: Scenarios.busy, on: s) }
        #expect(headless.count == served.count)
        #expect(headless == served)
    }

    /// A lossless clip of a scenario holds exactly its frames, and comes out the same twice.
    @Test func aClipOfAScenarioIsItsFrames() throws {
        try withTestServer(.router) { s in
            let id = try Scenarios.store(Scenarios.busy, on: s)
            let target = "/clip.webp?scenario=\(id)&\(Self.query)&fps=\(Self.fps)&lossless=true"
            let clip = try s.get(target)
            #expect(clip.status == 200, "\(clip.text.prefix(200))")
            #expect(clip.header("X-Clip-Frames") == "12")
            #expect(clip.header("X-Clip-Seconds") == "1.2")
            #expect(clip.sceneTime == 0)
            #expect(clip.header("Content-Disposition") == "attachment; filename=\"layercast-scenario-\(id)-all-1.2s-10fps.webp\"")
            #expect(try s.get(target).body == clip.body)
            let decoded = try ClipDecoder.decodeWebP(clip.body)
            #expect(decoded.totalDuration == 1200)
            // Identical frames in a row are stored once, for longer: the frame shown at i / fps.
            var starts: [Int] = []
            for frame in decoded.frames { starts.append((starts.last ?? 0) + frame.duration) }
            for (i, png) in try frames(of: Scenarios.busy, on: s).enumerated() {
                let shown = try #require(starts.firstIndex { $0 > i * 100 })
                #expect(decoded.frames[shown].rgba == RGBAImage(try PNGDecoder.decode(png)).bytes, "frame \(i)")
            }
            // From t on, for the rest of the scenario.
            let late = try s.get("/clip.gif?scenario=\(id)&\(Self.query)&fps=\(Self.fps)&ahead=0.7")
            #expect(late.header("X-Clip-Frames") == "5")
            #expect(late.sceneTime == 0.7)
        }
    }

    /// Variants of a scenario: each cell is the scenario's scene in that variant, the steps still to come
    /// applied to every cell.
    @Test func variantsOfAScenario() throws {
        try withTestServer(.router) { s in
            let id = try Scenarios.store(Scenarios.busy, on: s)
            let scales = try s.frame("control=meter&size=64&variants=scales&scenario=\(id)&ahead=1").image
            let alone = try s.frame("control=meter&size=64&scale=2&scenario=\(id)&ahead=1").image
            // The 2× cell, right of the 1× one, is the 2× frame alone.
            let cell = RGBAImage(scales).region(x: 64, y: 0, width: 128, height: 128)
            #expect(cell == RGBAImage(alone).bytes)
            let clip = try s.get("/clip.webp?control=play-button&size=64&variants=themes&scenario=\(id)&fps=5")
            #expect(clip.status == 200 && clip.header("X-Clip-Frames") == "6", "\(clip.text.prefix(200))")
            expectRefusal(try s.get("/frame.png?scenario=0123456789abcdef"), status: 404, parameter: "scenario", "unknown")
        }
    }

    /// The frames of the scenario stored on `server`, at i / fps.
    private func frames(of document: String, on server: TestServer) throws -> [[UInt8]] {
        let id = try Scenarios.store(document, on: server)
        return try (0..<12).map { i in
            let reply = try server.get("/frame.png?scenario=\(id)&ahead=\(Scenarios.time(i, fps: Self.fps))&\(Self.query)")
            #expect(reply.status == 200, "\(reply.text.prefix(200))")
            #expect(reply.sceneTime == Double(i) / Double(Self.fps))
            return reply.body
        }
    }
}
