import Foundation
import Testing
import Animation
@testable import Controls
@testable import SeedControls

/// The render tree: layer order, the disc mask, the ring geometry, icons and artwork contents.
@Suite struct MusicPlayerSnapshotTests {

    @Test func treeOrder() {
        let p = MusicPlayer(artwork: nil, at: 0)
        let tree = p.snapshot(at: 0)
        #expect(tree.name == "player")
        #expect(tree.sublayers.map(\.name) == ["disc", "button"])
        #expect(tree.sublayers[0].sublayers.map(\.name) == ["disc.background", "artwork", "artwork.blurred"])
        #expect(tree.sublayers[1].sublayers.map(\.name) == ["icon", "progress"])
    }

    @Test func everyLayerIsFoundByItsPath() {
        typealias N = MusicPlayerLayers
        let p = MusicPlayer(artwork: nil, at: 0)
        for path in [N.disc, N.background, N.artwork, N.blurred, N.button, N.icon, N.iconRing, N.iconGlyph, N.ring] {
            #expect(p.layer[path]?.name == path.name, "\(path)")
        }
        #expect(N.blurred == ["disc", "artwork.blurred"] && N.iconGlyph == ["button", "icon", "icon.glyph"])
    }

    /// The mask's first point is the inscribed circle's 3 o'clock point scaled about (120, 120).
    @Test func discMaskScale() throws {
        var p = MusicPlayer(artwork: nil, at: 0)
        func maskStart(_ t: Double) throws -> Point {
            p.advance(to: t)
            let (disc, _) = try #require(MP.find("disc", in: p.snapshot(at: t)))
            let mask = try #require(disc.mask)
            return try #require(mask.elements.first?.endPoint)
        }
        #expect(MP.close(try maskStart(0), Point(120 + 120 * 1.5, 120)))
        p.play(at: 1)
        #expect(MP.close(try maskStart(1.1), Point(120 + 120 * 1.25, 120)))
        #expect(MP.close(try maskStart(1.2), Point(240, 120)))
        #expect(MP.close(try maskStart(5), Point(240, 120)))
        // Every on-curve point of the mask lies on the circle of radius 120 · scale.
        let (disc, _) = try #require(MP.find("disc", in: p.snapshot(at: 5)))
        for q in MP.points(try #require(disc.mask)) {
            #expect(abs(hypot(q.x - 120, q.y - 120) - 120) < 1e-9)
        }
    }

    @Test func ringStartsAt12OClockAndRunsClockwise() throws {
        var p = MP.playing()
        p.advance(to: 25.5)
        let (ring, toRoot) = try #require(MP.find("progress", in: p.snapshot(at: 25.5)))
        let shape = try #require(MP.shape(ring))
        let pts = MP.points(shape.path).map(toRoot.apply)
        #expect(MP.close(pts[0], Point(120, 80)))
        // θ(f) = −π/2 + 2πf: a quarter of the way is 3 o'clock, half is 6 o'clock.
        #expect(MP.close(pts[1], Point(160, 120)))
        #expect(MP.close(pts[2], Point(120, 160)))
        #expect(MP.close(pts.last!, Point(120, 80)))
        #expect(shape.strokeColor == .white && shape.fillColor == nil)
        #expect(shape.lineWidth == 8 && shape.lineCap == .butt && shape.strokeStart == 0)
        #expect(abs(shape.strokeEnd - 0.5) < 1e-9)
    }

    @Test func iconsFromThePDFs() throws {
        var p = MusicPlayer(artwork: nil, at: 0)
        let k = 96.0 / 69.0
        func glyph() throws -> [Point] {
            let (layer, toRoot) = try #require(MP.find("icon.glyph", in: p.snapshot(at: p.time)))
            let shape = try #require(MP.shape(layer))
            #expect(shape.fillColor == .white && shape.strokeColor == nil)
            return MP.points(shape.path).map(toRoot.apply)
        }
        // Paused: the play triangle, stretched by 96/69 into the button at (72, 72).
        var pts = try glyph()
        #expect(MP.close(pts[0], Point(72 + 26.27 * k, 72 + 17.6 * k)))
        #expect(MP.close(pts[1], Point(72 + 50.53 * k, 72 + 34.5 * k)))
        #expect(MP.close(pts[2], Point(72 + 26.27 * k, 72 + 51.4 * k)))
        // Playing: two bars.
        p.toggle(at: 1)
        pts = try glyph()
        let xs = Set(pts.map { (($0.x - 72) / k * 100).rounded() / 100 })
        let ys = Set(pts.map { (($0.y - 72) / k * 100).rounded() / 100 })
        #expect(xs == [25.74, 31.86, 37.14, 43.26] && ys == [23.2, 47.1])

        let (ringLayer, toRoot) = try #require(MP.find("icon.ring", in: p.snapshot(at: 1)))
        let ring = try #require(MP.shape(ringLayer))
        #expect(ring.strokeColor == .white && ring.fillColor == nil && ring.lineWidth == 3)
        for q in MP.points(ring.path).map(toRoot.apply) {
            #expect(abs(hypot(q.x - 120, q.y - 120) - 32.5 * k) < 1e-9)
        }
    }

    @Test func artworkAndBlurredArtworkContents() throws {
        var p = MP.playing()
        p.advance(to: 0.75)
        let tree = p.snapshot(at: 0.75)
        let (sharpLayer, _) = try #require(MP.find("artwork", in: tree))
        let (blurLayer, _) = try #require(MP.find("artwork.blurred", in: tree))
        let sharp = try #require(MP.image(sharpLayer))
        let blurred = try #require(MP.image(blurLayer))
        let square = Rect(x: 0, y: 0, width: 240, height: 240)
        #expect(sharp.rect == square && sharp.effect == .none)
        #expect(sharp.bitmap.id == DefaultArtwork.id)
        #expect(blurred.rect == square && blurred.bitmap === sharp.bitmap)
        // UIImageEffects' light effect: radius 30 pt, saturation × 1.8, white at 0.3.
        #expect(blurred.effect == ImageEffect(blurRadius: 30, saturation: 1.8, tint: Color(white: 1, alpha: 0.3)))
        #expect(abs(blurLayer.opacity - MP.e.solve(0.5)) < 1e-9)
        #expect(sharpLayer.opacity == 1)
    }

    @Test func setArtworkReplacesBothLayers() throws {
        var p = MP.playing()
        let art = Bitmap(id: 77, width: 2, height: 2, pixels: [0xFFFF_0000, 0xFF00_FF00, 0xFF00_00FF, 0xFFFF_FFFF])
        p.setArtwork(art, at: 3)
        let s = p.state(at: 3)
        #expect(s.artwork == .init(id: 77, width: 2, height: 2, isDefault: false))
        #expect(s.playing && abs(s.rotation.degrees - 168) < 1e-9)
        // The tree keeps the sharp cover under the blurred one; the renderer decides what it hides.
        let tree = p.snapshot(at: 3)
        for name in ["artwork", "artwork.blurred"] {
            let (layer, _) = try #require(MP.find(name, in: tree))
            #expect(try #require(MP.image(layer)).bitmap === art)
        }
        let given = MusicPlayer(artwork: art, at: 0)
        #expect(given.state(at: 0).artwork.id == 77)
    }
}
