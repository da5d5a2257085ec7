#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// A true Gaussian blur of the alpha of premultiplied ARGB32 words, for shadows
/// (docs/design/quartz.md §Shadows). `BoxBlur`'s three odd boxes cannot meet a small σ (at σ = 1
/// pixel the nearest are 1 or 3 wide, 11 levels off the Gaussian) and stay up to 3.5 levels off at
/// larger ones; a shadow's soft edge shows that. The cost grows with σ, so larger shadows are
/// blurred at a lower resolution.
enum GaussianBlur {
    /// The largest σ blurred at full resolution, in pixels.
    static let maxSigma = 8.0

    /// How far the kernel reaches, in pixels: ⌈3σ⌉ + 1, where the Gaussian's tail has fallen below a
    /// third of a level.
    static func radius(sigma: Double) -> Int {
        guard sigma.isFinite, sigma > 0 else { return 0 }
        return Int((3 * min(sigma, maxSigma)).rounded(.up)) + 1
    }

    /// Weights for offsets −r…r: the Gaussian integrated over each pixel, Φ((i + ½)/σ) − Φ((i − ½)/σ),
    /// scaled to sum to 1. Integrated rather than sampled, a straight edge on a pixel boundary comes
    /// out as the distribution function at each pixel's centre, whatever σ.
    static func kernel(sigma: Double) -> [Float] {
        let r = radius(sigma: sigma)
        guard r > 0 else { return [1] }
        func phi(_ x: Double) -> Double { 0.5 * (1 + erf(x / (sigma * 2.0.squareRoot()))) }
        let weights = (-r...r).map { i in phi(Double(i) + 0.5) - phi(Double(i) - 0.5) }
        let sum = weights.reduce(0, +)
        return weights.map { Float($0 / sum) }
    }

    /// Blurs the alpha of `pixels` (rows packed, `width` × `height`) and leaves only alpha in them.
    /// Beyond the edges the plane counts as transparent.
    static func blurAlpha(_ pixels: inout [UInt32], width: Int, height: Int, sigma: Double) {
        let k = kernel(sigma: sigma)
        let r = k.count / 2
        guard r > 0, width > 0, height > 0, pixels.count >= width * height else { return }
        var plane = pixels.map { Float($0 >> 24) }
        var spare = [Float](repeating: 0, count: width * height)
        k.withUnsafeBufferPointer { weights in
            plane.withUnsafeMutableBufferPointer { a in
                spare.withUnsafeMutableBufferPointer { b in
                    // Rows into `b`, then columns back into `a`.
                    for y in 0..<height {
                        let row = y * width
                        for x in 0..<width {
                            var sum: Float = 0
                            for i in max(-r, -x)...min(r, width - 1 - x) { sum += weights[i + r] * a[row + x + i] }
                            b[row + x] = sum
                        }
                    }
                    // Whole rows at a time: walking memory in order, not down each column.
                    for y in 0..<height {
                        let row = y * width
                        for x in 0..<width { a[row + x] = 0 }
                        for i in max(-r, -y)...min(r, height - 1 - y) {
                            let (weight, source) = (weights[i + r], (y + i) * width)
                            for x in 0..<width { a[row + x] += weight * b[source + x] }
                        }
                    }
                }
            }
        }
        for i in 0..<(width * height) {
            pixels[i] = UInt32(min(max(plane[i].rounded(), 0), 255)) << 24
        }
    }
}
