import Animation
import Foundation
import HTTPServer
@testable import PreviewServer
import Rendering
import Testing

/// `debug=points` and `debug=bounds` in the middle of the play → pause morph, from a server on a
/// ManualClock, against reviewed PNGs in `Golden/overlay-*.png`.
///
/// The morph runs in 0.2 s steps: triangle → bar (0–0.2 s), the bar turning upright (0.2–0.4 s),
/// the bar splitting into the two pause bars (0.4–0.6 s). 0.1, 0.3 and 0.5 s are the middles.
///
/// After an intended visual change, rewrite the references with
/// `LAYERCAST_REGENERATE_GOLDEN=1 swift test --filter StudioOverlayGoldenTests`, look at them, commit.
/// Tolerance: every channel within 8 on at least 99.95 % of pixels (20 of 40 000): antialiasing
/// noise passes, a missing or moved dot (about 30 pixels) does not.
@Suite(.serialized) struct StudioOverlayGoldenTests {
    static let maxChannelDiff = 8
    static let minMatchingFraction = 0.9995
    /// Where regenerated references are written: the source tree, not the test bundle.
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    enum Overlay: String, CaseIterable, Sendable { case points, bounds }

    static let cases: [(Double, Overlay)] = [0.1, 0.3, 0.5].flatMap { t in Overlay.allCases.map { (t, $0) } }

    @Test(arguments: cases)
    func overlayMatchesReference(_ time: Double, _ overlay: Overlay) throws {
        let clock = ManualClock()
        try withStudioServer(clock: clock) { s in
            _ = try s.post("/play-button/mode?mode=pause")
            clock.advance(by: time)
            let frame = try s.frame("control=play-button&size=200&debug=\(overlay.rawValue)")
            #expect(frame.response.sceneTimeHeader == time)
            let name = "overlay-\(overlay.rawValue)-\(String(format: "%.1f", time))s.png"
            let url = Self.directory.appendingPathComponent(name)
            if ProcessInfo.processInfo.environment["LAYERCAST_REGENERATE_GOLDEN"] == "1" {
                try FileManager.default.createDirectory(at: Self.directory, withIntermediateDirectories: true)
                try Data(frame.response.body).write(to: url)
                return
            }
            let bundled = try #require(Bundle.module.url(forResource: (name as NSString).deletingPathExtension, withExtension: "png",
                                                         subdirectory: "Golden"),
                                       "missing Golden/\(name); run with LAYERCAST_REGENERATE_GOLDEN=1")
            let data = try Data(contentsOf: bundled)
            let reference = try PNGDecoder.decode(Array(data))
            let image = frame.image
            #expect(reference.width == image.width && reference.height == image.height)
            guard reference.width == image.width && reference.height == image.height else { return }
            var matching = 0, worst = 0
            for (a, b) in zip(image.pixels, reference.pixels) {
                let diff = stride(from: 0, to: 32, by: 8).map { abs(Int((a >> $0) & 0xFF) - Int((b >> $0) & 0xFF)) }.max() ?? 0
                worst = max(worst, diff)
                if diff <= Self.maxChannelDiff { matching += 1 }
            }
            let fraction = Double(matching) / Double(image.pixels.count)
            #expect(fraction >= Self.minMatchingFraction, "\(name): \(fraction * 100)% within \(Self.maxChannelDiff), worst \(worst)")
        }
    }

    /// The overlay really draws: without it the same frame has none of its colours.
    @Test func overlayAddsPointsAndBoxesToTheFrame() throws {
        let clock = ManualClock()
        try withStudioServer(clock: clock) { s in
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
