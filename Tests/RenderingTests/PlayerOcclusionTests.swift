import Animation
import Controls
@testable import Rendering
import Testing
import SeedControls

/// The renderer's occlusion rule on the control it was made for: while the music player plays, its
/// opaque blurred cover hides the white disc and the sharp cover beneath.
@Suite struct PlayerOcclusionTests {

    static let side = 480

    static func frames(_ scene: Scene, at t: Double) -> (tree: LayerSnapshot, culled: RenderedImage, everything: RenderedImage) {
        let tree = scene.frame(.player, at: t, width: Double(side), height: Double(side))
        let culled = Renderer().render(tree, width: side, height: side, background: .color(.white))
        let everything = Renderer(cullsCoveredLayers: false).render(tree, width: side, height: side, background: .color(.white))
        return (tree, culled, everything)
    }

    /// The pixels where the two images differ, as (x, y).
    static func differences(_ a: RenderedImage, _ b: RenderedImage) -> [(x: Int, y: Int)] {
        var out: [(x: Int, y: Int)] = []
        for y in 0..<a.height {
            for x in 0..<a.width where a.word(x: x, y: y) != b.word(x: x, y: y) { out.append((x, y)) }
        }
        return out
    }

    /// The names of the disc's sublayers the renderer leaves out.
    static func hiddenUnderTheDisc(_ tree: LayerSnapshot) throws -> [String] {
        let disc = try #require(tree[["disc"]])
        let device = tree.transform.concatenating(disc.transform)
        return Occlusion.hiddenSublayers(of: disc, device: device).sorted().map { disc.sublayers[$0].name }
    }

    /// Pixels that differ more than 1 px away from the disc's rim (radius 240 px about the centre).
    static func changedAwayFromTheRim(_ changed: [(x: Int, y: Int)]) -> [(x: Int, y: Int)] {
        let c = Double(side) / 2
        return changed.filter { p in
            let (dx, dy) = (Double(p.x) + 0.5 - c, Double(p.y) + 0.5 - c)
            return abs((dx * dx + dy * dy).squareRoot() - c) > 1
        }
    }

    @Test(arguments: [2.0, 30.0])
    func playingLeavesOutWhatTheBlurredCoverHidesAndOnlyTheRimChanges(_ t: Double) throws {
        var scene = Scene(configuration: SceneConfiguration.seeds, time: 0)
        scene.player.play(at: 0)
        scene.advance(to: t)
        let (tree, culled, everything) = Self.frames(scene, at: t)
        #expect(try Self.hiddenUnderTheDisc(tree) == ["disc.background", "artwork"])

        // Inside the disc the blurred cover is opaque: the same pixels either way. On the disc's
        // antialiased rim drawing everything lets the white disc and the sharp cover leak into the
        // partly covered pixels; leaving them out shows only the blurred cover there, as Core
        // Animation (which masks the composited layer) does.
        let changed = Self.differences(culled, everything)
        #expect(!changed.isEmpty, "the covered layers were drawn after all")
        let away = Self.changedAwayFromTheRim(changed)
        #expect(away.isEmpty, "\(away.count) changed pixels away from the rim, e.g. \(away.prefix(3))")
        #expect(Double(changed.count) < 0.01 * Double(Self.side * Self.side))
    }

    @Test func aTranslucentCoverHidesNothing() throws {
        var scene = Scene(configuration: SceneConfiguration.seeds, time: 0)
        scene.player.play(at: 0)
        scene.advance(to: 1)
        // Half way through the 1.5 s fade the blurred cover is translucent: only the white disc,
        // under the opaque sharp cover, is left out.
        let fading = Self.frames(scene, at: 1)
        #expect(try Self.hiddenUnderTheDisc(fading.tree) == ["disc.background"])
        #expect(Self.changedAwayFromTheRim(Self.differences(fading.culled, fading.everything)).isEmpty)

        // A cover with transparent pixels, sharp or blurred, hides nothing: every pixel is the same.
        let translucent = Bitmap(id: 0x0CC1, width: 2, height: 2, pixels: [0x8080_0000, 0xFF00_FF00, 0xFF00_00FF, 0xFFFF_FFFF])
        var other = Scene(configuration: SceneConfiguration(artwork: translucent), time: 0)
        other.player.play(at: 0)
        other.advance(to: 30)
        let playing = Self.frames(other, at: 30)
        #expect(try Self.hiddenUnderTheDisc(playing.tree).isEmpty)
        #expect(Self.differences(playing.culled, playing.everything).isEmpty)
    }
}
