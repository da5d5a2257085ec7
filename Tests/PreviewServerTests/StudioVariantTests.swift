import Animation
import Foundation
import LayercastTesting
@testable import PreviewServer
import Rendering
import Testing
import SeedControls

/// `/frame.png?variants=modes|themes|scales`: cells side by side, each what the control shows
/// alone in that state.
@Suite struct StudioVariantTests {

    @Test func playButtonModesAreTheFourRestingModesSideBySide() throws {
        try withTestServer(.router, clock: ManualClock(startingAt: 4)) { s in
            let variants = try s.frame("control=play-button&variants=modes&size=96")
            #expect(variants.response.header("X-Variants") == "play, pause, stop, buffering")
            #expect(variants.image.width == 4 * 96 && variants.image.height == 96 + 16)
            #expect(variants.response.sceneTime == 4)
            for (i, mode) in ["play", "pause", "stop", "buffering"].enumerated() {
                _ = try s.post("/play-button/mode?mode=\(mode)&animated=false")
                let alone = try s.frame("control=play-button&size=96")
                let cell = RGBAImage(variants.image).region(x: 96 * i, width: 96, height: 96)
                #expect(cell == RGBAImage(alone.image).bytes, "\(mode) cell")
            }
            // Captions are drawn in the band under the cells.
            let band = RGBAImage(variants.image).region(y: 96, width: 4 * 96, height: 16)
            #expect(band.contains { $0 < 200 }, "caption text in the band")
        }
    }

    @Test func themesShowDefaultAndSample() throws {
        try withTestServer(.router, clock: ManualClock()) { s in
            let v = try s.frame("control=play-button&variants=themes&size=96&background=black")
            #expect(v.response.header("X-Variants") == "default, sample")
            #expect(v.image.width == 192)
            // Inside the circle above the triangle: the default's grey (170) and the sample's white.
            let inside = RGBAImage(v.image).region(x: 48, y: 12, width: 1, height: 1)
            let sample = RGBAImage(v.image).region(x: 96 + 48, y: 12, width: 1, height: 1)
            #expect(inside == [170, 170, 170, 255] && sample == [255, 255, 255, 255])
            // Light captions on a dark background.
            let band = RGBAImage(v.image).region(y: 96, width: 192, height: 16)
            #expect(band.contains { $0 > 150 && $0 < 255 })
            // The live theme is untouched.
            let state = try jsonObject(s.get("/state"))
            #expect((state["playButton"] as? [String: Any])?["theme"] as? String == "default")
        }
    }

    @Test func scalesRenderTheSameControlAtOneTwoAndThreeTimes() throws {
        try withTestServer(.router, clock: ManualClock(startingAt: 1.5)) { s in
            let v = try s.frame("control=spinner&variants=scales&size=64")
            #expect(v.response.header("X-Variants") == "1x, 2x, 3x")
            #expect(v.image.width == 64 * 6 && v.image.height == 3 * (64 + 16))
            var x = 0
            for scale in 1...3 {
                let alone = try s.frame("control=spinner&size=64&scale=\(scale)")
                let side = 64 * scale
                #expect(RGBAImage(v.image).region(x: x, width: side, height: side) == RGBAImage(alone.image).bytes, "\(scale)×")
                x += side
            }
        }
    }

    @Test func otherControlsHaveTheirOwnModes() throws {
        try withTestServer(.router, clock: ManualClock(startingAt: 100)) { s in
            let expected = ["meter": "empty, recording, complete", "player": "paused, playing", "spinner": "animating, stopped"]
            for (control, captions) in expected {
                let v = try s.frame("control=\(control)&variants=modes&size=64")
                #expect(v.response.header("X-Variants") == captions)
                let count = captions.split(separator: ",").count
                #expect(v.image.width == 64 * count)
                let cells = (0..<count).map { RGBAImage(v.image).region(x: 64 * $0, width: 64, height: 64) }
                #expect(Set(cells).count == count, "\(control): every mode looks different")
            }
            // The live meter was not pressed by the variants.
            let meter = try jsonObject(s.get("/state"))["meter"] as? [String: Any]
            #expect(meter?["segmentCount"] as? Int == 0)
        }
    }

    @Test func variantsWorkAsJPEGAndAhead() throws {
        try withTestServer(.router, clock: ManualClock(startingAt: 1)) { s in
            let r = try s.get("/frame.jpg?control=play-button&variants=modes&size=48&ahead=0.5")
            #expect(r.status == 200 && r.header("Content-Type") == "image/jpeg")
            #expect(r.sceneTime == 1.5)
        }
    }
}
