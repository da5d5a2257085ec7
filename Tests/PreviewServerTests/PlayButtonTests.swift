import Animation
import Controls
import Foundation
import HTTPClient
import LayercastTesting
import Testing
import SeedControls

/// The play button's routes on a manual clock: modes in every body form, flags, themes, the paths
/// endpoint and what /state reports.
@Suite(.ioTimeLimit) struct PlayButtonTests {

    static func reply(_ response: HTTPProbeResponse, sourceLocation: SourceLocation = #_sourceLocation) throws -> CommandReply<PlayButton.State> {
        #expect(response.status == 200, "\(response.text)", sourceLocation: sourceLocation)
        return try decode(CommandReply<PlayButton.State>.self, from: response)
    }

    @Test func modeByQueryFormAndJSON() throws {
        try withTestServer(.router) { s in
            s.at(1)
            let query = try Self.reply(s.post("/play-button/mode?mode=pause"))
            #expect(query.sceneTime == 1)
            #expect(query.state.mode == .pause)
            // The first step starts at once: triangle → bar.
            #expect(query.state.animationState == "playToBar.triangleToBar")
            s.at(2)
            #expect(PlayButtonRest.names(.pause).contains(try s.state().playButton.animationState))

            let form = try Self.reply(s.post("/play-button/mode", form: "mode=stop"))
            #expect(form.state.mode == .stop)
            // pause → stop merges and expands without rotating (0.4 s).
            #expect(form.state.animationState == "pauseToBar.barsMerge")
            s.at(2.3)
            #expect(try s.state().playButton.animationState == "barToStop.barExpand")
            s.at(2.5)
            #expect(PlayButtonRest.names(.stop).contains(try s.state().playButton.animationState))

            let json = try Self.reply(s.post("/play-button/mode", json: "{\"mode\": \"buffering\"}"))
            #expect(json.state.mode == .buffering)
            s.at(4)
            #expect(try s.state().playButton.animationState == "buffering.buffering")

            let play = try Self.reply(s.post("/play-button/mode", json: "{\"mode\": \"play\", \"animated\": true}"))
            #expect(play.state.mode == .play)
            s.at(5)
            let rest = try s.state().playButton
            #expect(PlayButtonRest.names(.play).contains(rest.animationState))
            #expect(rest.left.path.count == 11)
        }
    }

    @Test func highlightedAndEnabled() throws {
        try withTestServer(.router) { s in
            s.at(1)
            var state = try Self.reply(s.post("/play-button/highlighted?value=true")).state
            #expect(state.highlighted)
            s.at(1.05)
            // Half way through the 0.1 s scale animation to 0.92.
            #expect(abs(try s.state().playButton.scale - 0.96) < 1e-9)
            s.at(1.2)
            #expect(abs(try s.state().playButton.scale - 0.92) < 1e-9)
            state = try Self.reply(s.post("/play-button/highlighted", form: "value=false")).state
            #expect(!state.highlighted)
            s.at(1.4)
            #expect(try s.state().playButton.scale == 1)

            state = try Self.reply(s.post("/play-button/enabled", json: "{\"value\": false}")).state
            #expect(!state.enabled && state.opacity == 0.5)
            state = try Self.reply(s.post("/play-button/enabled?value=true")).state
            #expect(state.enabled && state.opacity == 1)
        }
    }

    @Test func themeDefaultAndSample() throws {
        try withTestServer(.router) { s in
            s.at(0)
            _ = try Self.reply(s.post("/play-button/mode?mode=pause&animated=false"))
            var state = try Self.reply(s.put("/play-button/theme", body: Array("sample".utf8),
                                             contentType: "application/x-www-form-urlencoded")).state
            #expect(state.theme == "sample")
            // The colours are the model's: they show once applied (there is no rotation running).
            s.at(0.5)
            let sample = try s.state().playButton
            #expect(sample.background == "#007aff" && sample.left.fill == "#ffffff")

            state = try Self.reply(s.request("PUT", "/play-button/theme", body: Array("{\"theme\": \"default\"}".utf8),
                                             contentType: "application/json")).state
            #expect(state.theme == "default")
            s.at(1)
            let back = try s.state().playButton
            #expect(back.background == "#aaaaaa" && back.left.fill == "#000000")

            let refused = try s.request("PUT", "/play-button/theme?theme=neon")
            #expect(refused.status == 400)
            #expect(try decode(ErrorReply.self, from: refused).allowed == "default, sample")
        }
    }

    /// docs/design/play-button.md §Sample backdrop: the sample theme's white circle on the sample app's
    /// grey (136), over the button's whole cell and nowhere else, whatever the frame's background.
    @Test func theSampleThemeSitsOnItsGreyView() throws {
        try withTestServer(.router) { s in
            s.at(0)
            _ = try Self.reply(s.request("PUT", "/play-button/theme?theme=sample"))
            s.at(0.5)
            let alone = try RGBAImage.png(s.get("/frame.png?control=play-button&width=120&height=60").body)
            // The corners and the sides beside the 60 px circle are grey; the circle above the triangle white.
            for (x, y) in [(0, 0), (119, 59), (10, 30), (110, 30)] {
                #expect(alone.pixel(x, y) == (136, 136, 136, 255), "(\(x), \(y))")
            }
            #expect(alone.pixel(60, 8) == (255, 255, 255, 255))

            for background in ["white", "dark"] {
                let all = try RGBAImage.png(s.get("/frame.png?control=all&size=480&background=\(background)").body)
                let frameColour = background == "white" ? 255 : 0x33
                for (id, cell) in ControlList.seeds.grid.cells(width: 480, height: 480) {
                    let corner = all.pixel(Int(cell.minX) + 1, Int(cell.minY) + 1)
                    let want = id == .playButton ? 136 : frameColour
                    #expect(corner == (want, want, want, 255), "\(id) on \(background): \(corner)")
                }
            }

            _ = try Self.reply(s.request("PUT", "/play-button/theme?theme=default"))
            let plain = try RGBAImage.png(s.get("/frame.png?control=play-button&width=120&height=60").body)
            #expect(plain.pixel(0, 0) == (255, 255, 255, 255))
        }
    }

    /// The endpoint serves each shape's path as the control draws it (PlayButtonShapesTests checks
    /// those numbers against the design).
    @Test(arguments: PlayButton.Shape.allCases)
    func pathsServeTheControlsShapes(_ shape: PlayButton.Shape) throws {
        struct Served: Decodable {
            var shape: String, elementCount: Int, kinds: String, elements: [PlayButton.State.Element]
        }
        try withTestServer(.router) { s in
            let served = try decode(Served.self, from: s.get("/play-button/paths?shape=\(shape.rawValue)"))
            #expect(served.shape == shape.rawValue && served.elementCount == 11)
            #expect(served.kinds == (shape == .triangle ? "M C C L C L C L C C Z" : "M C L L C L C L L C Z"))
            #expect(PlayButtonRest.distance(served.elements, PlayButton.shapePath(shape)) == 0)
        }
    }

    @Test func stateShowsModeAnimationStateRotationAndBackground() throws {
        try withTestServer(.router) { s in
            s.at(0)
            _ = try Self.reply(s.put("/play-button/theme?theme=sample", body: [], contentType: nil))
            _ = try Self.reply(s.post("/play-button/mode?mode=pause"))
            // 0.1 s into triangle → bar: no rotation yet, play colours.
            s.at(0.1)
            var state = try s.state().playButton
            #expect(state.mode == .pause && state.animationState == "playToBar.triangleToBar")
            #expect(state.rotation == 0 && state.background == "#ffffff")
            // Half way through the rotation: 45°, the colours half way from white to systemBlue.
            s.at(0.3)
            state = try s.state().playButton
            #expect(state.animationState == "barToPause.barRotateVertical")
            #expect(abs(state.rotation - 45) < 1e-9)
            // Linear in RGB: (255,255,255) → (0,122,255) half way is (127.5, 188.5, 255).
            let rgb = try #require(Color(hex: state.background))
            #expect(abs(rgb.red * 255 - 127.5) <= 1 && abs(rgb.green * 255 - 188.5) <= 1 && rgb.blue == 1, "\(state.background)")
            s.at(0.5)
            state = try s.state().playButton
            #expect(state.animationState == "barToPause.barSplit")
            #expect(abs(state.rotation - 90) < 1e-9 && state.background == "#007aff")
            // Three 0.2 s steps end at 0.6 (give or take a rounding of the summed step times).
            s.at(0.61)
            state = try s.state().playButton
            #expect(PlayButtonRest.names(.pause).contains(state.animationState))
            #expect(PlayButtonRest.distance(state.left.path, PlayButton.shapePath(.pauseLeft)) < 1e-9)
            #expect(PlayButtonRest.distance(state.right.path, PlayButton.shapePath(.pauseRight)) < 1e-9)
        }
    }
}
