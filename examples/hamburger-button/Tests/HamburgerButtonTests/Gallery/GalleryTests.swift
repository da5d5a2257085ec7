import Foundation
import Gallery
import LayercastKit
import LayercastTesting
import Testing

/// The gallery's controls served in process: each pixel checked is the closed form of what its
/// iOS code asks for (a replicator's instances, a perspective turn, a conic gradient through a
/// stroked mask), and each default frame against a reviewed PNG in `Golden/`.
@Suite struct GalleryTests {
    static let golden = Golden("Golden", tolerance: .init(channelDelta: 8, matchingFraction: 0.995))

    static func byte(_ v: Double) -> Int { Int((min(max(v, 0), 1) * 255).rounded()) }

    /// Twelve bars round the centre (20, 20), their centres 13 points out; instance k lies k bars
    /// anticlockwise of the lead and fades to 1 − k/12. The bars on the axes cover their centre
    /// pixels wholly, so those show the fade exactly.
    @Test func theBarsFadeAnticlockwiseFromTheLeadAndStepClockwise() throws {
        try withTestServer(.router, controls: ExampleControls.list) { s in
            func alpha(_ x: Int, _ y: Int) throws -> Int {
                RGBAImage(try s.frame("control=activity-bars&size=40&scale=1&background=transparent").image).pixel(x, y).a
            }
            // The lead at the top, then 9, 6 and 3 o'clock are 3, 6 and 9 bars behind it.
            for (k, (x, y)) in [(0, (20, 7)), (3, (7, 20)), (6, (20, 33)), (9, (33, 20))] {
                #expect(abs(try alpha(x, y) - Self.byte(1 - Double(k) / 12)) <= 1, "bar \(k)")
            }
            let stepped = try s.post("/activity-bars/step")
            #expect(stepped.status == 200 && stepped.text.contains("\"lead\":1"), "\(stepped.text)")
            // The lead one bar clockwise: the top is now one bar behind it.
            #expect(abs(try alpha(20, 7) - Self.byte(1 - 1.0 / 12)) <= 1)
            #expect(try s.patchProps("activity-bars", #"{"bars": 4}"#).status == 200)
            // Four bars, the lead one step on: right, top, left, bottom at 1, 3/4, 1/2, 1/4.
            for (k, (x, y)) in [(0, (33, 20)), (1, (20, 7)), (2, (7, 20)), (3, (20, 33))] {
                #expect(abs(try alpha(x, y) - Self.byte(1 - Double(k) / 4)) <= 1, "of four, bar \(k)")
            }
        }
    }

    /// The card turned θ about its vertical axis under m34 = −1/d, about the root's centre (60, 60):
    /// an edge 40 points out lands at 60 ± 40 cos θ / (1 ± 40 sin θ / d).
    @Test func theCardTurnsInPerspective() throws {
        try withTestServer(.router, controls: ExampleControls.list) { s in
            func pixel(_ x: Int, _ y: Int) throws -> (r: Int, g: Int, b: Int, a: Int) {
                RGBAImage(try s.frame("control=flip-card&size=120&scale=1&background=transparent").image).pixel(x, y)
            }
            let front = try pixel(60, 60)
            #expect(front.r == 0 && front.g == 122 && front.b == 255, "systemBlue: \(front)")
            #expect(try s.post("/flip-card/flip").status == 200)
            let back = try pixel(60, 60)
            #expect(back.r == 255 && back.g == 149 && back.b == 0, "systemOrange: \(back)")

            #expect(try s.patchProps("flip-card", #"{"turn": 60}"#).status == 200)
            let (angle, d) = (240.0 * .pi / 180, 300.0)
            // The back faces the viewer at 240°: its edges are the card's, turned by the angle.
            let right = 60 + 40 * cos(angle) / (1 + 40 * sin(angle) / d)
            let left = 60 - 40 * cos(angle) / (1 - 40 * sin(angle) / d)
            let (near, far) = (min(left, right), max(left, right))
            #expect(try pixel(Int(near.rounded(.up)) + 1, 60).a == 255 && pixel(Int(near.rounded(.down)) - 2, 60).a == 0, "\(near)")
            #expect(try pixel(Int(far.rounded(.down)) - 2, 60).a == 255 && pixel(Int(far.rounded(.up)) + 1, 60).a == 0, "\(far)")
            let turned = try s.get("/state").text
            #expect(turned.contains("\"angle\":240") && turned.contains("\"showsBack\":true"))
        }
    }

    /// The ring shows the conic gradient, teal at the top to blue all the way round, where its
    /// stroked mask reaches: a quarter, then a half after `advance`.
    @Test func theRingShowsTheGradientAsFarAsTheProgress() throws {
        try withTestServer(.router, controls: ExampleControls.list) { s in
            func pixel(_ x: Int, _ y: Int) throws -> (r: Int, g: Int, b: Int, a: Int) {
                RGBAImage(try s.frame("control=progress-ring&size=80&scale=1&background=transparent").image).pixel(x, y)
            }
            // systemTeal (48, 176, 199) to systemBlue (0, 122, 255); pixel (70, 40)'s centre is
            // atan2(0.5, 30.5) past the quarter turn.
            func expected(_ t: Double) -> [Int] {
                [Self.byte((48 + (0 - 48) * t) / 255), Self.byte((176 + (122 - 176) * t) / 255), Self.byte((199 + (255 - 199) * t) / 255)]
            }
            let quarter = 0.25 + atan2(0.5, 30.5) / (2 * .pi)
            let east = try pixel(70, 40)
            #expect(zip([east.r, east.g, east.b], expected(quarter)).allSatisfy { abs($0 - $1) <= 1 } && east.a == 255, "\(east)")
            let south = try pixel(40, 70)
            #expect(south.b < 200 || south.a < 255, "not yet filled: \(south)")
            #expect(try s.post("/progress-ring/advance").text.contains("\"progress\":0.5"))
            let half = 0.5 - atan2(0.5, 30.5) / (2 * .pi)
            let filled = try pixel(40, 70)
            #expect(zip([filled.r, filled.g, filled.b], expected(half)).allSatisfy { abs($0 - $1) <= 1 } && filled.a == 255, "\(filled)")
        }
    }

    /// The pill is 26 points wide for one digit, 34 for two and 44 for "99+", centred at x = 32,
    /// with a white 2-point border; the count's white ink is centred in it; its shadow falls below.
    /// The 64 × 40 design sits 12 pixels down in the square 64-pixel frame.
    @Test func theBadgeWidensWithItsCountAndCentresIt() throws {
        try withTestServer(.router, controls: ExampleControls.list) { s in
            func image() throws -> RGBAImage {
                RGBAImage(try s.frame("control=badge&size=64&scale=1&background=transparent").image)
            }
            func expectPill(width: Int, _ comment: String) throws {
                let picture = try image()
                let (left, right) = (32 - width / 2, 32 + width / 2)
                let red = picture.pixel(left + 4, 31)
                #expect(red.r == 255 && red.g == 59 && red.b == 48 && red.a == 255, "\(comment): systemRed inside, \(red)")
                #expect(picture.pixel(left + 1, 31).g > 200, "\(comment): the white border")
                #expect(picture.pixel(left - 3, 31).a < 40 && picture.pixel(right + 2, 31).a < 40, "\(comment): nothing beyond")
                // White ink: the columns inside the pill where the label is drawn.
                let ink = (left + 3..<right - 3).filter { x in (22..<40).contains { y in picture.pixel(x, y).g > 200 } }
                let centre = Double((ink.first ?? 0) + (ink.last ?? 0)) / 2
                #expect(!ink.isEmpty && abs(centre - 32) <= 1.5, "\(comment): ink centred at \(centre)")
                #expect(picture.pixel(32, 46).a > 20, "\(comment): the shadow below")
            }
            try expectPill(width: 26, "3")
            for _ in 0..<10 { #expect(try s.post("/badge/increment").status == 200) }
            try expectPill(width: 34, "13")
            for _ in 0..<90 { _ = try s.post("/badge/increment") }
            #expect(try s.get("/state").text.contains("\"text\":\"99+\""))
            try expectPill(width: 44, "99+")
            #expect(try s.post("/badge/clear").status == 200)
            #expect(try image().bytes.allSatisfy { $0 == 0 }, "an empty badge is hidden")
        }
    }

    /// Each control's default frame, light and dark side by side.
    @Test(arguments: ["activity-bars", "flip-card", "progress-ring", "badge"])
    func defaultFramesMatchTheirGoldens(control: String) throws {
        try withTestServer(.router, controls: ExampleControls.list) { s in
            let reply = try s.get("/frame.png?control=\(control)&size=96&variants=themes")
            #expect(reply.status == 200)
            Self.golden.expect(reply.body, named: control)
        }
    }
}
