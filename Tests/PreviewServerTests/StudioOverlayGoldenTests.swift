import Animation
import Foundation
import FrameCheck
import LayercastTesting
import Testing

/// `debug=points` and `debug=bounds` in the middle of the play → pause morph, from a server on a
/// ManualClock, against reviewed PNGs in `Golden/overlay-*.png`.
///
/// The morph runs in 0.2 s steps: triangle → bar (0–0.2 s), the bar turning upright (0.2–0.4 s),
/// the bar splitting into the two pause bars (0.4–0.6 s). 0.1, 0.3 and 0.5 s are the middles.
///
/// Tolerance: every channel within 8 on at least 99.95 % of pixels (20 of 40 000): antialiasing
/// noise passes, a missing or moved dot (about 30 pixels) does not.
@Suite(.serialized) struct StudioOverlayGoldenTests {
    static let golden = Golden(tolerance: ImageTolerance(channelDelta: 8, matchingFraction: 0.9995))

    enum Overlay: String, CaseIterable, Sendable { case points, bounds }

    static let cases: [(Double, Overlay)] = [0.1, 0.3, 0.5].flatMap { t in Overlay.allCases.map { (t, $0) } }

    @Test(arguments: cases)
    func overlayMatchesReference(_ time: Double, _ overlay: Overlay) throws {
        let clock = ManualClock()
        try withTestServer(.router, clock: clock) { s in
            _ = try s.post("/play-button/mode?mode=pause")
            clock.advance(by: time)
            let frame = try s.frame("control=play-button&size=200&debug=\(overlay.rawValue)")
            #expect(frame.response.sceneTime == time)
            Self.golden.expect(frame.response.body, named: "overlay-\(overlay.rawValue)-\(String(format: "%.1f", time))s")
        }
    }

    /// The overlay really draws: without it the same frame has none of its colours.
    @Test func overlayAddsPointsAndBoxesToTheFrame() throws {
        let clock = ManualClock()
        try withTestServer(.router, clock: clock) { s in
            _ = try s.post("/play-button/mode?mode=pause")
            clock.advance(by: 0.3)
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
