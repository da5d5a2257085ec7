import Animation
import Testing
@testable import Rendering

@Suite struct BoxBlurTests {
    @Test func boxWidthsFollowUIImageEffects() {
        // d = ⌊σ·3·√(2π)/4 + 0.5⌋, plus one when even; a box of one pixel is no blur.
        #expect(BoxBlur.boxWidth(sigma: 0.4) == 0)
        #expect(BoxBlur.boxWidth(sigma: .nan) == 0)
        #expect(BoxBlur.boxWidth(sigma: 1) == 3)  // d = 2
        #expect(BoxBlur.boxWidth(sigma: 4) == 9)  // d = 8
        #expect(BoxBlur.boxWidth(sigma: 8) == 15)  // odd already
        #expect(BoxBlur.boxWidth(sigma: 16) == 31)
        #expect(BoxBlur.boxWidth(sigma: 32) == 61)
        // The light blur's 30 pt at 1 and 2 pixels per point.
        #expect(BoxBlur.boxWidth(sigma: 30) == 57)
        #expect(BoxBlur.boxWidth(sigma: 60) == 113)
    }

    @Test func singlePixelSpreadsSymmetrically() {
        let n = 41, mid = 20
        var pixels = [UInt32](repeating: 0, count: n * n)
        pixels[mid * n + mid] = 0xFFFF_FFFF
        for sigma in [2.0, 2.6, 3.0] {  // d = 4 → 5, 5, 6 → 7
            var p = pixels
            BoxBlur.blur(pixels: &p, width: n, height: n, stride: n, sigma: sigma)
            assertSymmetric(p, n: n, mid: mid)
        }
    }

    private func assertSymmetric(_ p: [UInt32], n: Int, mid: Int) {
        let centre = p[mid * n + mid] >> 24
        #expect(centre > 0 && centre < 255)
        for k in 1...8 {
            let right = p[mid * n + mid + k], left = p[mid * n + mid - k]
            let down = p[(mid + k) * n + mid], up = p[(mid - k) * n + mid]
            #expect(left == right && up == down && left == up, "offset \(k)")
            #expect(right >> 24 <= p[mid * n + mid + k - 1] >> 24)
        }
    }

    @Test func conservesMass() {
        let n = 64
        var pixels = [UInt32](repeating: 0, count: n * n)
        for y in 28..<36 { for x in 28..<36 { pixels[y * n + x] = 0xFFFF_FFFF } }
        let before = mass(pixels)
        BoxBlur.blur(pixels: &pixels, width: n, height: n, stride: n, sigma: 4)
        #expect(abs(Double(mass(pixels) - before)) / Double(before) < 0.01)
        #expect(pixels[32 * n + 32] >> 24 < 255)
        #expect(pixels[32 * n + 45] >> 24 > 0)
    }

    private func mass(_ pixels: [UInt32]) -> Int { pixels.reduce(0) { $0 + Int($1 >> 24) } }

    @Test func keepsPremultipliedInvariantAndUniformAreas() {
        let n = 32
        var pixels = (0..<(n * n)).map { i -> UInt32 in
            i % 3 == 0 ? 0x80_40_20_10 : (i % 3 == 1 ? 0xFF_FF_00_00 : 0)
        }
        BoxBlur.blur(pixels: &pixels, width: n, height: n, stride: n, sigma: 3)
        for v in pixels {
            let a = v >> 24
            #expect((v >> 16) & 0xFF <= a && (v >> 8) & 0xFF <= a && v & 0xFF <= a)
        }
        var flat = [UInt32](repeating: 0xC0_60_30_10, count: n * n)
        BoxBlur.blur(pixels: &flat, width: n, height: n, stride: n, sigma: 5)
        #expect(flat.allSatisfy { $0 == 0xC0_60_30_10 })
    }

    @Test func honoursStrideAndIgnoresBadGeometry() {
        // Padding words past the width must stay untouched.
        let (w, h, stride) = (10, 10, 12)
        var pixels = [UInt32](repeating: 0xDEAD_BEEF, count: stride * h)
        for y in 0..<h { for x in 0..<w { pixels[y * stride + x] = x == 5 && y == 5 ? 0xFFFF_FFFF : 0 } }
        BoxBlur.blur(pixels: &pixels, width: w, height: h, stride: stride, sigma: 2)
        for y in 0..<h { #expect(pixels[y * stride + 10] == 0xDEAD_BEEF && pixels[y * stride + 11] == 0xDEAD_BEEF) }
        var short = [UInt32](repeating: 1, count: 5)
        BoxBlur.blur(pixels: &short, width: 10, height: 10, stride: 10, sigma: 4)
        #expect(short == [1, 1, 1, 1, 1])
    }
}

@Suite struct BlurCacheTests {
    func blurredImage(_ bitmap: Bitmap, scale: Double = 1, radius: Double = 4) -> LayerSnapshot {
        LayerSnapshot(transform: .scale(scale, scale),
                      content: .image(ImageContent(bitmap: bitmap, rect: Rect(x: 0, y: 0, width: 40, height: 40),
                                                   effect: ImageEffect(blurRadius: radius))))
    }

    @Test func blursOncePerBitmapSizeAndRadius() {
        let renderer = Renderer()
        let bitmap = Scenes.redBlueBitmap()
        let first = renderer.render(blurredImage(bitmap), width: 80, height: 80, background: .color(.white))
        #expect(renderer.blurRuns == 1)
        let second = renderer.render(blurredImage(bitmap), width: 80, height: 80, background: .color(.white))
        #expect(renderer.blurRuns == 1)
        #expect(first == second)
        _ = renderer.render(blurredImage(bitmap, scale: 2), width: 80, height: 80, background: .color(.white))
        #expect(renderer.blurRuns == 2)
        _ = renderer.render(blurredImage(bitmap, radius: 8), width: 80, height: 80, background: .color(.white))
        #expect(renderer.blurRuns == 3)
        _ = renderer.render(blurredImage(bitmap, radius: 0), width: 80, height: 80, background: .color(.white))
        #expect(renderer.blurRuns == 3)
    }

    @Test func blurMixesColoursButKeepsEdgesFull() {
        let renderer = Renderer()
        let image = renderer.render(blurredImage(Scenes.redBlueBitmap(), radius: 4), width: 40, height: 40,
                                    background: .color(.white))
        let middle = image.rgb(20, 20)
        #expect(middle[0] > 80 && middle[2] > 80 && middle[1] == 0, "\(middle)")
        // Edges repeat rather than fade: the corner is still pure red, not mixed with white.
        #expect(image.rgb(0, 0) == [255, 0, 0])
        #expect(image.rgb(39, 39) == [0, 0, 255])
    }

    @Test func evictsLeastRecentlyUsed() {
        let cache = BlurCache(maxEntries: 2, maxBytes: 1 << 30)
        let a = Scenes.redBlueBitmap(id: 1), b = Scenes.redBlueBitmap(id: 2), c = Scenes.redBlueBitmap(id: 3)
        let blur = PixelEffect(ImageEffect(blurRadius: 3), pixelsPerUnit: 1)
        func run(_ bitmap: Bitmap) { _ = cache.processed(bitmap, width: 8, height: 8, effect: blur) }
        run(a)
        run(b)
        run(a)  // a is now the most recent
        run(c)  // evicts b
        #expect(cache.blurRuns == 3)
        run(a)
        #expect(cache.blurRuns == 3)
        run(b)
        #expect(cache.blurRuns == 4)
    }

    @Test func saturationAndTintArePartOfTheKey() {
        let cache = BlurCache(maxEntries: 8, maxBytes: 1 << 30)
        let bitmap = Scenes.redBlueBitmap(id: 4)
        for effect in [ImageEffect(blurRadius: 3), ImageEffect(blurRadius: 3, saturation: 1.8),
                       ImageEffect(blurRadius: 3, saturation: 1.8, tint: Color(white: 1, alpha: 0.3)),
                       ImageEffect(saturation: 1.8), ImageEffect(blurRadius: 3, saturation: 1.8)] {
            _ = cache.processed(bitmap, width: 8, height: 8, effect: PixelEffect(effect, pixelsPerUnit: 1))
        }
        // The last repeats the second.
        #expect(cache.blurRuns == 4)
    }

    /// A new artwork gets the images its predecessor has at the sizes and effects in use, before
    /// its first draw; those draws then compute nothing.
    @Test func aReplacementIsPreparedAtThePredecessorsSizes() {
        let cache = BlurCache(maxEntries: 8, maxBytes: 1 << 30)
        let old = Scenes.redBlueBitmap(id: 1), new = Scenes.redBlueBitmap(id: 2)
        let small = PixelEffect(ImageEffect(blurRadius: 3), pixelsPerUnit: 1)
        let large = PixelEffect(ImageEffect(blurRadius: 5, saturation: 1.8), pixelsPerUnit: 1)
        _ = cache.processed(old, width: 8, height: 8, effect: small)
        _ = cache.processed(old, width: 16, height: 16, effect: large)
        cache.prepare(new, like: old)
        #expect(cache.blurRuns == 4)
        _ = cache.processed(new, width: 8, height: 8, effect: small)
        _ = cache.processed(new, width: 16, height: 16, effect: large)
        #expect(cache.blurRuns == 4)
    }

    /// Images no draw used for a while are dropped (and their bytes reported); used ones stay.
    @Test func unusedImagesAreDropped() {
        let cache = BlurCache(maxEntries: 8, maxBytes: 1 << 30)
        let a = Scenes.redBlueBitmap(id: 1), b = Scenes.redBlueBitmap(id: 2)
        let blur = PixelEffect(ImageEffect(blurRadius: 3), pixelsPerUnit: 1)
        _ = cache.processed(a, width: 8, height: 8, effect: blur)
        _ = cache.processed(b, width: 4, height: 4, effect: blur)
        let later = MonotonicClock.hostTime() + 10
        #expect(cache.drop(unusedFor: 60, now: later) == 0)
        #expect(cache.drop(unusedFor: 5, now: later) == (8 * 8 + 4 * 4) * 4)
        _ = cache.processed(a, width: 8, height: 8, effect: blur)
        #expect(cache.blurRuns == 3)
    }
}
