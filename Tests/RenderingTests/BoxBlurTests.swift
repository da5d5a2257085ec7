import Animation
import Testing
@testable import Rendering

@Suite struct BoxBlurTests {
    @Test func boxWidthsFollowTheW3CRule() {
        #expect(BoxBlur.boxes(sigma: 0.4).isEmpty)
        #expect(BoxBlur.boxes(sigma: .nan).isEmpty)
        // σ = 4 → d = 8 (even): two offset boxes of 8 and a centred one of 9.
        #expect(BoxBlur.boxes(sigma: 4) == [.init(left: 4, right: 3), .init(left: 3, right: 4), .init(left: 4, right: 4)])
        // σ = 8 → d = 15 (odd): three centred boxes.
        #expect(BoxBlur.boxes(sigma: 8) == Array(repeating: .init(left: 7, right: 7), count: 3))
        #expect(BoxBlur.boxes(sigma: 16).first?.width == 30)
        #expect(BoxBlur.boxes(sigma: 32).first?.width == 60)
    }

    @Test func singlePixelSpreadsSymmetrically() {
        let n = 41, mid = 20
        var pixels = [UInt32](repeating: 0, count: n * n)
        pixels[mid * n + mid] = 0xFFFF_FFFF
        for sigma in [2.0, 3.0] {  // d = 4 (even) and 6 (even)… and odd below
            var p = pixels
            BoxBlur.blur(pixels: &p, width: n, height: n, stride: n, sigma: sigma)
            assertSymmetric(p, n: n, mid: mid)
        }
        var p = pixels
        BoxBlur.blur(pixels: &p, width: n, height: n, stride: n, sigma: 2.6)  // d = 5
        assertSymmetric(p, n: n, mid: mid)
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
                      content: .image(ImageContent(bitmap: bitmap, rect: Rect(x: 0, y: 0, width: 40, height: 40), blurRadius: radius)))
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
        _ = cache.blurred(a, width: 8, height: 8, sigma: 3)
        _ = cache.blurred(b, width: 8, height: 8, sigma: 3)
        _ = cache.blurred(a, width: 8, height: 8, sigma: 3)  // a is now the most recent
        _ = cache.blurred(c, width: 8, height: 8, sigma: 3)  // evicts b
        #expect(cache.blurRuns == 3)
        _ = cache.blurred(a, width: 8, height: 8, sigma: 3)
        #expect(cache.blurRuns == 3)
        _ = cache.blurred(b, width: 8, height: 8, sigma: 3)
        #expect(cache.blurRuns == 4)
    }

    /// A new artwork gets the images its predecessor has at the sizes and blurs in use, before
    /// its first draw; those draws then blur nothing.
    @Test func aReplacementIsPreparedAtThePredecessorsSizes() {
        let cache = BlurCache(maxEntries: 8, maxBytes: 1 << 30)
        let old = Scenes.redBlueBitmap(id: 1), new = Scenes.redBlueBitmap(id: 2)
        _ = cache.blurred(old, width: 8, height: 8, sigma: 3)
        _ = cache.blurred(old, width: 16, height: 16, sigma: 5)
        cache.prepare(new, like: old)
        #expect(cache.blurRuns == 4)
        _ = cache.blurred(new, width: 8, height: 8, sigma: 3)
        _ = cache.blurred(new, width: 16, height: 16, sigma: 5)
        #expect(cache.blurRuns == 4)
    }

    /// Images no draw used for a while are dropped (and their bytes reported); used ones stay.
    @Test func unusedImagesAreDropped() {
        let cache = BlurCache(maxEntries: 8, maxBytes: 1 << 30)
        let a = Scenes.redBlueBitmap(id: 1), b = Scenes.redBlueBitmap(id: 2)
        _ = cache.blurred(a, width: 8, height: 8, sigma: 3)
        _ = cache.blurred(b, width: 4, height: 4, sigma: 3)
        let later = MonotonicClock.hostTime() + 10
        #expect(cache.drop(unusedFor: 60, now: later) == 0)
        #expect(cache.drop(unusedFor: 5, now: later) == (8 * 8 + 4 * 4) * 4)
        _ = cache.blurred(a, width: 8, height: 8, sigma: 3)
        #expect(cache.blurRuns == 3)
    }
}
