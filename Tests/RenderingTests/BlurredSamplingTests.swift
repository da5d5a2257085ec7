import Animation
import Controls
import Rendering
import Testing
import SeedControls

/// The playing music player's blurred cover is drawn with the nearest pixel rather than the
/// bilinear filter (`ImageDrawing.cheapSamplingMinBoxWidth`): the frames stay within a few levels
/// of the bilinear ones (measured: at most 2–4 levels, 0.04–0.19 on average), not far from the
/// rounding of the filter itself.
@Suite struct BlurredSamplingTests {

    /// The largest difference of one colour channel, and the mean over every channel of every pixel.
    static func difference(_ a: RenderedImage, _ b: RenderedImage) -> (max: Int, mean: Double) {
        var worst = 0
        var total = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                let (p, q) = (a.pixel(x: x, y: y), b.pixel(x: x, y: y))
                for d in [Int(p.r) - Int(q.r), Int(p.g) - Int(q.g), Int(p.b) - Int(q.b), Int(p.a) - Int(q.a)] {
                    worst = max(worst, abs(d))
                    total += abs(d)
                }
            }
        }
        return (worst, Double(total) / Double(a.width * a.height * 4))
    }

    @Test(arguments: [(FrameSubject.player, 480), (.player, 240), (.all, 480)])
    func theCheapFilterStaysWithinAFewLevelsOfTheBilinearOne(_ subject: FrameSubject, _ side: Int) {
        var scene = Scene(configuration: SceneConfiguration.seeds, time: 0)
        scene.player.play(at: 0)
        let cheap = Renderer(), bilinear = Renderer(samplesBlurredImagesCheaply: false)
        var changed = 0
        for t in [2.0, 7.3, 30.0] {
            scene.advance(to: t)
            let tree = scene.frame(subject, at: t, width: Double(side), height: Double(side))
            let a = cheap.render(tree, width: side, height: side, background: .color(.white))
            let b = bilinear.render(tree, width: side, height: side, background: .color(.white))
            let d = Self.difference(a, b)
            #expect(d.max <= 6 && d.mean <= 0.5, "\(subject) at \(side), t = \(t): \(d)")
            if a.pixels != b.pixels { changed += 1 }
        }
        #expect(changed > 0, "the cheap filter was not used")
    }
}
