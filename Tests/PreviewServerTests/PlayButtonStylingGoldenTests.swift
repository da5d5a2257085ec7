import LayercastTesting
import Testing
import SeedControls

/// The styling cases of the original's snapshot suite (docs/design/play-button.md §Styling API), made
/// with per-request props as a CI job would, at the snapshots' pixel sizes: 44 pt at 2× (88×88),
/// 60×30 and 30×60 pt (120×60, 60×120), 176 pt (352×352). Each frame is checked against the facts of
/// the design at measured pixels before it is compared with its reviewed reference in `Golden/`.
@Suite struct PlayButtonStylingGoldenTests {

    /// UIKit's colours (docs/design/play-button.md §Styling API).
    static let systemBlue = "007aff", systemOrange = "ff9500", blue = "0000ff", lightGray = "aaaaaa"

    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var mode = "play"
        var query: String
        /// Pixels and the colour each must show (`rrggbb`, or nil for transparent).
        var facts: [(x: Int, y: Int, color: String?)]
        var testDescription: String { name }
    }

    static func colors(playBufferingBackground: String, playBufferingTint: String, pauseStopBackground: String,
                       pauseStopTint: String) -> String {
        "&props.playBufferingBackgroundColor=%23\(playBufferingBackground)&props.playBufferingTintColor=%23\(playBufferingTint)"
            + "&props.pauseStopBackgroundColor=%23\(pauseStopBackground)&props.pauseStopTintColor=%23\(pauseStopTint)"
    }

    /// `StylingColors` and `StylingShapes` in each mode at rest (buffering at phase 0: the bar), 88×88
    /// on the view's clear background. In 88 px, 2 px per design point.
    static let styling: [Case] = {
        let base = "control=play-button&size=44&scale=2&background=transparent"
        let colored = base + colors(playBufferingBackground: systemBlue, playBufferingTint: "ffffff",
                                    pauseStopBackground: systemOrange, pauseStopTint: "000000")
        let shaped = base + colors(playBufferingBackground: systemBlue, playBufferingTint: "ffffff",
                                   pauseStopBackground: systemBlue, pauseStopTint: "ffffff")
            + "&props.triangleCornerRadius=3&props.squareCornerRadius=3"
        return [
            // The triangle spans x 14.5…34.5; with corner radius 1.5 its tip reaches 32.65 (65.3 px).
            Case(name: "play-button-styling-colors-play", query: colored,
                 facts: [(0, 0, nil), (8, 44, systemBlue), (44, 44, "ffffff"), (64, 44, "ffffff"), (67, 44, systemBlue)]),
            // Bars 6 × 20 at x 13…19 and 25…31, y 12…32; the gap between them is the circle.
            Case(name: "play-button-styling-colors-pause", mode: "pause", query: colored,
                 facts: [(0, 0, nil), (32, 44, "000000"), (56, 44, "000000"), (44, 44, systemOrange), (32, 20, systemOrange)]),
            // The bar, x 12…32, y 19…25.
            Case(name: "play-button-styling-colors-buffering", mode: "buffering", query: colored,
                 facts: [(0, 0, nil), (44, 44, "ffffff"), (26, 44, "ffffff"), (44, 34, systemBlue), (44, 54, systemBlue)]),
            // The square, 14.5…29.5.
            Case(name: "play-button-styling-colors-stop", mode: "stop", query: colored,
                 facts: [(0, 0, nil), (44, 44, "000000"), (30, 30, "000000"), (44, 20, systemOrange)]),
            // Corner radius 3: the tip ends at 34.5 − 1.236 × 3 = 30.79 (61.6 px).
            Case(name: "play-button-styling-shapes-play", query: shaped,
                 facts: [(0, 0, nil), (44, 44, "ffffff"), (59, 44, "ffffff"), (63, 44, systemBlue)]),
            Case(name: "play-button-styling-shapes-pause", mode: "pause", query: shaped,
                 facts: [(32, 44, "ffffff"), (44, 44, systemBlue)]),
            Case(name: "play-button-styling-shapes-buffering", mode: "buffering", query: shaped,
                 facts: [(44, 44, "ffffff"), (44, 34, systemBlue)]),
            // Corner radius 3 cuts the square's corner: pixel (29, 29), 14.5…15 in design points, lies
            // outside the arc round (17.5, 17.5); with the default 1.5 it would be white.
            Case(name: "play-button-styling-shapes-stop", mode: "stop", query: shaped,
                 facts: [(44, 44, "ffffff"), (29, 29, systemBlue), (34, 44, "ffffff")]),
        ]
    }()

    /// `ScaleAspectFill`, `ScaleAspectFit` and `ScaleToFill` on a `.blue` view, 60×30 and 30×60 pt at 2×.
    static let contentModes: [Case] = {
        func query(_ mode: String, _ w: Int, _ h: Int) -> String {
            "control=play-button&width=\(w)&height=\(h)&scale=2&background=%23\(blue)&props.contentMode=\(mode)"
        }
        return [
            // 60 px circle in the middle of 120×60: blue beside it, grey at its edge, black in the triangle.
            Case(name: "play-button-aspect-fit-120x60", query: query("aspectFit", 60, 30),
                 facts: [(15, 30, blue), (104, 30, blue), (32, 30, lightGray), (60, 30, "000000")]),
            Case(name: "play-button-aspect-fit-60x120", query: query("aspectFit", 30, 60),
                 facts: [(30, 15, blue), (30, 104, blue), (30, 32, lightGray), (30, 60, "000000")]),
            // A 120 px circle cropped to the frame: blue only in the corners; the triangle reaches
            // y 2.7…57 px, so above it at x = 60 is grey.
            Case(name: "play-button-aspect-fill-120x60", query: query("aspectFill", 60, 30),
                 facts: [(0, 0, blue), (119, 59, blue), (2, 30, lightGray), (60, 5, lightGray), (45, 30, "000000")]),
            Case(name: "play-button-aspect-fill-60x120", query: query("aspectFill", 30, 60),
                 facts: [(0, 0, blue), (59, 119, blue), (30, 2, lightGray), (5, 60, lightGray), (25, 60, "000000")]),
            // An ellipse filling the frame: blue only in the corners, grey at the middle of each edge.
            Case(name: "play-button-scale-to-fill-120x60", query: query("scaleToFill", 60, 30),
                 facts: [(0, 0, blue), (119, 0, blue), (60, 1, lightGray), (1, 30, lightGray), (60, 30, "000000")]),
            Case(name: "play-button-scale-to-fill-60x120", query: query("scaleToFill", 30, 60),
                 facts: [(0, 0, blue), (0, 119, blue), (1, 60, lightGray), (30, 1, lightGray), (30, 60, "000000")]),
        ]
    }()

    /// `TriangleOpticalAlignment` at 176 pt (352 px, 8 px per design point), systemBlue and white:
    /// with corner radius 0 the vertices lie on the circle of radius 12.5 round the centre (100 px):
    /// (116, 96), (276, 176), (116, 256).
    static let opticalAlignment: [Case] = {
        let q = "control=play-button&size=176&scale=2" + colors(playBufferingBackground: systemBlue, playBufferingTint: "ffffff",
                                                                 pauseStopBackground: lightGray, pauseStopTint: "000000")
        return [
            Case(name: "play-button-optical-alignment-zero-radius", query: q + "&props.triangleCornerRadius=0",
                 facts: [(273, 176, "ffffff"), (278, 176, systemBlue), (118, 100, "ffffff"), (118, 252, "ffffff"),
                         (114, 176, systemBlue), (118, 92, systemBlue)]),
            // Radius 1.5 rounds the tip back to 32.65 (261.2 px) and the left corners in.
            Case(name: "play-button-optical-alignment-default-radius", query: q,
                 facts: [(259, 176, "ffffff"), (264, 176, systemBlue), (118, 100, systemBlue), (120, 176, "ffffff")]),
        ]
    }()

    @Test(arguments: styling + contentModes + opticalAlignment)
    func matchesTheFactsAndItsReference(_ c: Case) throws {
        try withTestServer(.router) { s in
            if c.mode != "play" {
                #expect(try s.post("/play-button/mode?mode=\(c.mode)&animated=false").status == 200)
            }
            let (response, bitmap) = try s.frame(c.query)
            let image = RGBAImage(bitmap)
            for fact in c.facts {
                let p = image.pixel(fact.x, fact.y)
                if let hex = fact.color, let v = Int(hex, radix: 16) {
                    let want = (v >> 16, v >> 8 & 0xFF, v & 0xFF)
                    let off = max(abs(p.r - want.0), abs(p.g - want.1), abs(p.b - want.2))
                    #expect(off <= 2 && p.a == 255, "\(c.name) (\(fact.x), \(fact.y)): \(p), want #\(hex)")
                } else {
                    #expect(p.a == 0, "\(c.name) (\(fact.x), \(fact.y)): \(p), want transparent")
                }
            }
            Golden().expect(response.body, named: c.name)
        }
    }
}
