import Animation
import Controls
import Rendering
import Testing
import SeedControls

/// The PNG encoder filters a photo-like frame (the playing music player's blurred cover) and not
/// a flat-coloured one; either way the file holds the very pixels drawn.
@Suite struct PNGSettingsTests {

    static let side = 480

    static func frame(playing: Bool) -> RenderedImage {
        var scene = Scene(configuration: SceneConfiguration.seeds, time: 0)
        if playing { scene.player.play(at: 0) }
        scene.advance(to: 5)
        let tree = scene.frame(.player, at: 5, width: Double(side), height: Double(side))
        return Renderer().render(tree, width: side, height: side, background: .color(.white))
    }

    @Test(arguments: [false, true])
    func theSettingsFollowTheFrameAndThePixelsSurvive(_ playing: Bool) throws {
        let image = Self.frame(playing: playing)
        #expect(PNGEncoder.Settings.chosen(for: image) == (playing ? .photographic : .flat))
        let png = try PNGEncoder.encode(image)
        let decoded = try PNGDecoder.decode(png)
        #expect(decoded.width == Self.side && decoded.height == Self.side)
        var differing = 0
        for y in 0..<Self.side {
            for x in 0..<Self.side where decoded.pixels[y * Self.side + x] != image.word(x: x, y: y) { differing += 1 }
        }
        #expect(differing == 0)
        if playing {
            // The point of filtering: a smaller file than the flat settings give.
            let flat = try PNGEncoder.encode(image, settings: .flat)
            #expect(png.count < flat.count * 3 / 4)
        }
    }
}
