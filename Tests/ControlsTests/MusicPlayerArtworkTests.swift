import Foundation
import Testing
import Animation
@testable import Controls
@testable import SeedControls

/// The generated default cover.
@Suite struct MusicPlayerArtworkTests {

    static func rgb(_ px: UInt32) -> (Double, Double, Double) {
        (Double(px >> 16 & 0xFF) / 255, Double(px >> 8 & 0xFF) / 255, Double(px & 0xFF) / 255)
    }

    @Test func deterministicWithAFixedIdAndSize() {
        let a = DefaultArtwork.make()
        let b = DefaultArtwork.make()
        #expect(a.pixels == b.pixels && a.pixels == DefaultArtwork.bitmap.pixels)
        #expect(a.id == DefaultArtwork.id && a.id == 0x4D50_4172_7401 && a.id < 1 << 53)
        #expect(a.width == 480 && a.height == 480 && a.pixels.count == 480 * 480)
        #expect(a.pixels.allSatisfy { $0 >> 24 == 0xFF }, "opaque")
    }

    @Test func colourfulWithSeveralDistinctHues() {
        let bitmap = DefaultArtwork.bitmap
        var bins = [Int](repeating: 0, count: 12)
        for px in bitmap.pixels {
            let (r, g, b) = Self.rgb(px)
            let mx = max(r, g, b), mn = min(r, g, b)
            guard mx > 0.3, (mx - mn) / mx > 0.5 else { continue }
            var h: Double
            if mx == r { h = (g - b) / (mx - mn) } else if mx == g { h = 2 + (b - r) / (mx - mn) } else { h = 4 + (r - g) / (mx - mn) }
            h = (h / 6).truncatingRemainder(dividingBy: 1)
            if h < 0 { h += 1 }
            bins[min(11, Int(h * 12))] += 1
        }
        let significant = bins.filter { $0 > bitmap.pixels.count / 100 }.count
        #expect(significant >= 6, "hue bins: \(bins)")
    }

    @Test func notRotationallySymmetric() {
        let bitmap = DefaultArtwork.bitmap
        let n = bitmap.width
        for turns in 1...3 {
            var differing = 0
            for y in 0..<n {
                for x in 0..<n {
                    // The pixel that a rotation by `turns` quarter turns brings to (x, y).
                    let (sx, sy): (Int, Int) = switch turns {
                    case 1: (y, n - 1 - x)
                    case 2: (n - 1 - x, n - 1 - y)
                    default: (n - 1 - y, x)
                    }
                    if bitmap.pixels[y * n + x] != bitmap.pixels[sy * n + sx] { differing += 1 }
                }
            }
            #expect(differing > n * n / 2, "\(turns) quarter turns change only \(differing) pixels")
        }
    }

    @Test func edgesAreAntialiased() {
        let palette = Set(DefaultArtwork.palette.map { DefaultArtwork.argb($0) })
        let blended = DefaultArtwork.bitmap.pixels.filter { !palette.contains($0) }.count
        // Edge pixels only: a few thousand of 230,400.
        #expect(blended > 1000 && blended < 20000, "\(blended) blended pixels")
    }
}
