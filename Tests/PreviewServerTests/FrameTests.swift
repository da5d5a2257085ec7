import Animation
import Foundation
import LayercastTesting
import Testing
import SeedControls

/// `/frame.png` and `/frame.jpg` over HTTP: sizes, headers, and the spinner's arc where
/// docs/design/spinner.md §Closed form puts it.
@Suite struct FrameTests {

    struct SizeCase: CustomTestStringConvertible, Sendable {
        var query: String
        var width: Int
        var height: Int
        var testDescription: String { query }
    }

    static let sizeCases = [
        SizeCase(query: "size=200", width: 200, height: 200),
        SizeCase(query: "width=320&height=180", width: 320, height: 180),
        SizeCase(query: "size=120&width=300", width: 300, height: 120),
        SizeCase(query: "size=100&scale=2", width: 200, height: 200),
        SizeCase(query: "width=90&height=60&scale=1.5", width: 135, height: 90),
        SizeCase(query: "size=16", width: 16, height: 16),
    ]

    @Test(arguments: sizeCases)
    func pngAndJPEGDecodeToTheRequestedSize(_ c: SizeCase) throws {
        try withTestServer(.router) { s in
            s.at(1.5)
            let png = try s.get("/frame.png?control=spinner&\(c.query)")
            #expect(png.status == 200)
            #expect(png.header("Content-Type") == "image/png")
            #expect(png.sceneTime == 1.5)
            #expect(png.header("X-Timestamp").flatMap(Double.init) != nil)
            let decodedPNG = try RGBAImage.png(png.body)
            #expect(decodedPNG.width == c.width && decodedPNG.height == c.height)

            let jpeg = try s.get("/frame.jpg?control=all&\(c.query)&quality=60")
            #expect(jpeg.status == 200)
            #expect(jpeg.header("Content-Type") == "image/jpeg")
            let decodedJPEG = try RGBAImage.jpeg(jpeg.body)
            #expect(decodedJPEG.width == c.width && decodedJPEG.height == c.height)
        }
    }

    @Test func theDefaultSizeIsTheConfiguredOne() throws {
        try withTestServer(.router, configure: { $0.settings.size = 72 }) { s in
            let image = try RGBAImage.png(s.get("/frame.png").body)
            #expect(image.width == 72 && image.height == 72)
        }
    }

    /// Times across the 20 s pattern: empty at 0, the longest arc at 1.25, start and end both moving,
    /// the end resting at 1 while the start catches up, and late in the cycle with the ring turned;
    /// JPEG at fewer times, with a wider margin for its blur.
    static let arcCases = [0.5, 1.0, 1.25, 1.9, 2.2, 3.7, 6.3, 11.0, 17.45].map { ("png", $0) }
        + [1.0, 1.25, 5.6].map { ("jpg", $0) }

    @Test(arguments: arcCases)
    func theFrameShowsTheArcWhereTheClosedFormPutsIt(format: String, t: Double) throws {
        try withTestServer(.router) { s in
            s.at(t)
            let response = try s.get("/frame.\(format)?control=spinner&width=300&height=256&quality=90")
            #expect(response.sceneTime == t)
            let image = try format == "png" ? RGBAImage.png(response.body) : RGBAImage.jpeg(response.body)
            let problems = SpinnerGeometry.mismatches(in: image, at: t, margin: format == "png" ? 0.01 : 0.02)
            #expect(problems.isEmpty, "t=\(t): \(problems.prefix(5))")
        }
    }

    /// On the real clock the frame's time is only known from its header: the arc must match that time.
    @Test func aRunningClockFrameMatchesItsOwnSceneTime() throws {
        try withTestServer(.router, clock: MonotonicClock(startingAt: 0)) { s in
            // Back to back: each frame is at its own real time, read from its header.
            var last = -1.0
            for _ in 0..<3 {
                let response = try s.get("/frame.png?control=spinner&size=256")
                let time = try #require(response.sceneTime)
                #expect(time > last)
                last = time
                let problems = SpinnerGeometry.mismatches(in: try RGBAImage.png(response.body), at: time, margin: 0.015)
                #expect(problems.isEmpty, "t=\(time): \(problems.prefix(5))")
            }
        }
    }

    @Test func aStoppedSpinnerIsAFullStillRing() throws {
        try withTestServer(.router) { s in
            s.at(1.25)
            #expect(try s.post("/spinner/stop").status == 200)
            s.at(7.1)
            let image = try RGBAImage.png(s.get("/frame.png?control=spinner&size=128").body)
            let problems = SpinnerGeometry(width: 128, height: 128)
                .mismatches(in: image, start: 0, end: 1, rotation: 0, margin: 0)
            #expect(problems.isEmpty, "\(problems.prefix(5))")
        }
    }

    @Test func backgroundNamesAndHexColoursFillTheFrame() throws {
        try withTestServer(.router) { s in
            s.at(0)
            // At t = 0 the spinner is empty, so the whole frame is background.
            for (query, rgb) in [("%23336699", (0x33, 0x66, 0x99)), ("dark", (0x33, 0x33, 0x33)), ("black", (0, 0, 0)),
                                 ("light", (0xF8, 0xF8, 0xF8))] {
                let image = try RGBAImage.png(s.get("/frame.png?control=spinner&size=32&background=\(query)").body)
                let p = image.pixel(3, 3)
                #expect(p.r == rgb.0 && p.g == rgb.1 && p.b == rgb.2 && p.a == 255, "\(query): \(p)")
            }
            let clear = try RGBAImage.png(s.get("/frame.png?control=spinner&size=32&background=transparent").body)
            #expect(clear.pixel(3, 3).a == 0)
        }
    }

    /// The meter's label in the middle of the ring: dark grey, gone with label=off (the ring is the
    /// same), and on #333333 drawn in white 2/3 (#aaaaaa) instead of white 1/3.
    @Test func theMetersLabelFollowsLabelAndBackground() throws {
        try withTestServer(.router) { s in
            s.at(0)
            _ = try s.post("/meter/press")
            s.at(10)
            func count(_ query: String, _ matches: ((r: Int, g: Int, b: Int, a: Int)) -> Bool) throws -> Int {
                let image = try RGBAImage.png(s.get("/frame.png?control=meter&size=240" + query).body)
                return (100..<140).reduce(0) { n, y in n + (70..<170).filter { matches(image.pixel($0, y)) }.count }
            }
            let dark = { (p: (r: Int, g: Int, b: Int, a: Int)) in p.r < 160 }
            #expect(try count("", dark) > 50)
            #expect(try count("&label=off", dark) == 0)
            let with = try RGBAImage.png(s.get("/frame.png?control=meter&size=240").body)
            let without = try RGBAImage.png(s.get("/frame.png?control=meter&size=240&label=off").body)
            #expect(with.pixel(120, 12) == without.pixel(120, 12))
            #expect(try count("&background=dark") { $0.r >= 0x99 && $0.g == $0.r && $0.b == $0.r } > 50)
            #expect(try count("&background=dark") { $0.r < 0x33 } == 0)
        }
    }
}
