import Animation
import FrameCheck
import LayercastTesting
import Testing
import SeedControls

/// PNG frames at fixed scene times (manual clock), compared with reviewed references in `Golden/`
/// within the standard tolerance (every channel within 8 on at least 99.5 % of pixels), or the
/// overlay's.
@Suite struct GoldenFrameTests {

    /// One reference: commands at scene times, then the frame at `frameTime`.
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var query: String
        /// (scene time, method, target) in order.
        var commands: [(Double, String, String)] = []
        var frameTime: Double
        var tolerance = ImageTolerance.standard
        var testDescription: String { name }
    }

    static let spinner = [
        Case(name: "spinner-1.25s", query: "control=spinner&size=240", frameTime: 1.25),
        Case(name: "spinner-6.3s", query: "control=spinner&size=240", frameTime: 6.3),
    ]

    static let meter: [Case] = {
        let q = "control=meter&size=480"
        return [
            Case(name: "meter-empty", query: q, frameTime: 0),
            Case(name: "meter-one-segment", query: q, commands: [(0, "POST", "/meter/press")], frameTime: 9),
            Case(name: "meter-three-segments", query: q, commands: [
                (0, "POST", "/meter/press"), (6, "POST", "/meter/release"),
                (8, "POST", "/meter/press"), (14, "POST", "/meter/release"),
                (16, "POST", "/meter/press"), (21, "POST", "/meter/release"),
            ], frameTime: 22),
            Case(name: "meter-complete", query: q, commands: [(0, "POST", "/meter/press")], frameTime: 46),
        ]
    }()

    /// Resting modes (buffering a quarter into its loop: the dot at x = 29) and one frame half way
    /// through each kind of morph step.
    static let playButton: [Case] = [88, 480].flatMap { size -> [Case] in
        let q = "control=play-button&size=\(size)"
        func rest(_ mode: String) -> [(Double, String, String)] {
            [(0, "POST", "/play-button/mode?mode=\(mode)&animated=false")]
        }
        return [
            Case(name: "play-button-\(size)-play", query: q, frameTime: 0),
            Case(name: "play-button-\(size)-pause", query: q, commands: rest("pause"), frameTime: 0),
            Case(name: "play-button-\(size)-stop", query: q, commands: rest("stop"), frameTime: 0),
            Case(name: "play-button-\(size)-buffering", query: q, commands: rest("buffering"), frameTime: 0.25),
            Case(name: "play-button-\(size)-triangle-to-bar", query: q, commands: [(0, "POST", "/play-button/mode?mode=pause")], frameTime: 0.1),
            Case(name: "play-button-\(size)-rotate", query: q, commands: [(0, "POST", "/play-button/mode?mode=pause")], frameTime: 0.3),
            Case(name: "play-button-\(size)-split", query: q, commands: [(0, "POST", "/play-button/mode?mode=pause")], frameTime: 0.5),
            Case(name: "play-button-\(size)-expand", query: q, commands: [(0, "POST", "/play-button/mode?mode=stop")], frameTime: 0.5),
            // The sample theme on the sample app's grey view (docs/design/play-button.md §Sample backdrop).
            Case(name: "play-button-\(size)-sample-play", query: q, commands: [(0, "PUT", "/play-button/theme?theme=sample")],
                 frameTime: 0),
            Case(name: "play-button-\(size)-sample-pause", query: q,
                 commands: [(0, "PUT", "/play-button/theme?theme=sample")] + rest("pause"), frameTime: 0),
        ]
    }

    static let player: [Case] = {
        let q = "control=player&size=480"
        return [
            Case(name: "player-paused-0s", query: q, frameTime: 0),
            Case(name: "player-playing-2s", query: q, commands: [(0, "POST", "/player/play")], frameTime: 2),
            Case(name: "player-playing-30s", query: q, commands: [(0, "POST", "/player/play")], frameTime: 30),
            // Played for 10 s, then 0.75 s into the pause: square again, blur half faded, ring frozen.
            Case(name: "player-pausing-0.75s", query: q, commands: [(0, "POST", "/player/play"), (10, "POST", "/player/pause")],
                 frameTime: 10.75),
        ]
    }()

    /// `debug=points` and `debug=bounds` in the middle of each 0.2 s step of the play → pause morph
    /// (triangle → bar, the bar turning upright, the bar splitting). Every channel within 8 on at least
    /// 99.95 % of pixels (20 of 40 000): antialiasing noise passes, a missing or moved dot (about 30
    /// pixels) does not.
    static let overlay: [Case] = [0.1, 0.3, 0.5].flatMap { t in
        ["points", "bounds"].map { debug in
            Case(name: "overlay-\(debug)-\(t)s", query: "control=play-button&size=200&debug=\(debug)",
                 commands: [(0, "POST", "/play-button/mode?mode=pause")], frameTime: t,
                 tolerance: ImageTolerance(channelDelta: 8, matchingFraction: 0.9995))
        }
    }

    @Test(arguments: spinner + meter + playButton + player + overlay)
    func matchesItsReference(_ c: Case) throws {
        try withTestServer(.router) { s in
            for (time, method, target) in c.commands {
                s.at(time)
                let response = try s.request(method, target)
                #expect(response.status == 200, "\(target): \(response.text)")
            }
            s.at(c.frameTime)
            let response = try s.get("/frame.png?\(c.query)")
            #expect(response.status == 200)
            #expect(response.sceneTime == c.frameTime)
            Golden(tolerance: c.tolerance).expect(response.body, named: c.name)
        }
    }

    /// The overlay really draws: without it the same frame has none of its colours.
    @Test func theOverlayAddsPointsAndBoxesToTheFrame() throws {
        try withTestServer(.router) { s in
            _ = try s.post("/play-button/mode?mode=pause")
            s.at(0.3)
            let plain = try s.frame("control=play-button&size=200").image
            let both = try s.frame("control=play-button&size=200&debug=points,bounds").image
            func count(_ image: Bitmap, _ r: UInt32, _ g: UInt32, _ b: UInt32) -> Int {
                image.pixels.filter { p in
                    abs(Int((p >> 16) & 0xFF) - Int(r)) < 24 && abs(Int((p >> 8) & 0xFF) - Int(g)) < 24 && abs(Int(p & 0xFF) - Int(b)) < 24
                }.count
            }
            // On-curve red (255, 45, 85), control blue (0, 122, 255), bounds green (52, 199, 89).
            for (r, g, b) in [(255, 45, 85), (0, 122, 255), (52, 199, 89)] as [(UInt32, UInt32, UInt32)] {
                #expect(count(plain, r, g, b) == 0)
                #expect(count(both, r, g, b) > 20, "colour \(r),\(g),\(b)")
            }
        }
    }
}
