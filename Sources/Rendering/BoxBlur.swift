/// Gaussian-like blur as Apple's `UIImageEffects` sample builds it: three passes of one centred box
/// per axis (docs/design/engine.md §Blur).
///
/// Works on premultiplied ARGB32 (Cairo's format) so that transparent pixels do not bleed their
/// colour. Each box is a running sum, so the cost per pixel does not depend on the radius.
/// Beyond the edges the border pixels repeat (vImage's edge-extend): a blurred backdrop reaches its
/// rect's edges at full strength instead of fading to transparent.
public enum BoxBlur {
    /// Larger sigmas only cost time without a visible difference on our image sizes.
    public static let maxSigma = 512.0
    /// Passes of the box along each axis.
    public static let passes = 3

    /// The box's width for `sigma` (in pixels): d = ⌊σ·3·√(2π)/4 + 0.5⌋, made odd by adding one so
    /// that it centres on the pixel. 0 when the blur would be invisible (a box of 1 is no blur).
    public static func boxWidth(sigma: Double) -> Int {
        guard sigma.isFinite, sigma > 0 else { return 0 }
        let d = Int((min(sigma, maxSigma) * 3 * (2 * Double.pi).squareRoot() / 4 + 0.5).rounded(.down))
        let odd = d % 2 == 1 ? d : d + 1
        return odd > 1 ? odd : 0
    }

    /// Blurs `pixels` in place. `stride` is in pixels (UInt32 elements), ≥ width.
    /// Invalid geometry leaves the pixels untouched.
    public static func blur(pixels: inout [UInt32], width: Int, height: Int, stride: Int, sigma: Double) {
        blur(pixels: &pixels, width: width, height: height, stride: stride, boxWidth: boxWidth(sigma: sigma))
    }

    /// Blurs `pixels` in place with three boxes of `boxWidth` (odd; 1 or less is no blur).
    static func blur(pixels: inout [UInt32], width: Int, height: Int, stride: Int, boxWidth d: Int) {
        guard d > 1, width > 0, height > 0, stride >= width,
              pixels.count >= stride * (height - 1) + width else { return }
        pixels.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            blur(base, width: width, height: height, stride: stride, radius: d / 2)
        }
    }

    private static func blur(_ base: UnsafeMutablePointer<UInt32>, width: Int, height: Int, stride: Int, radius: Int) {

        // Channels are kept with 8 fractional bits between passes; rounding to 8-bit after each
        // of the six passes would visibly lose the faint tails of the blur.
        let count = width * height * 4
        var plane = UnsafeMutablePointer<Int32>.allocate(capacity: count)
        var spare = UnsafeMutablePointer<Int32>.allocate(capacity: count)
        defer { plane.deallocate(); spare.deallocate() }
        let scratch = UnsafeMutablePointer<Int32>.allocate(capacity: width * 4)
        defer { scratch.deallocate() }

        for y in 0..<height {
            let row = base + y * stride
            let out = plane + y * width * 4
            for x in 0..<width {
                let v = row[x]
                out[x * 4] = Int32(v >> 24) << 8
                out[x * 4 + 1] = Int32((v >> 16) & 0xFF) << 8
                out[x * 4 + 2] = Int32((v >> 8) & 0xFF) << 8
                out[x * 4 + 3] = Int32(v & 0xFF) << 8
            }
            runPasses(radius: radius, line: out, scratch: scratch, count: width)
        }

        // Vertical boxes run a whole row of column sums at a time: walking memory row by row
        // is several times faster than gathering each column.
        let sums = UnsafeMutablePointer<Int>.allocate(capacity: width * 4)
        defer { sums.deallocate() }
        for _ in 0..<passes {
            boxColumns(plane, spare, sums: sums, rowLength: width * 4, height: height, radius: radius)
            swap(&plane, &spare)
        }

        for y in 0..<height {
            let c = plane + y * width * 4
            let row = base + y * stride
            for x in 0..<width {
                let o = x * 4
                row[x] = UInt32(toByte(c[o])) << 24 | UInt32(toByte(c[o + 1])) << 16
                    | UInt32(toByte(c[o + 2])) << 8 | UInt32(toByte(c[o + 3]))
            }
        }
    }

    private static func boxColumns(_ src: UnsafeMutablePointer<Int32>, _ dst: UnsafeMutablePointer<Int32>,
                                   sums: UnsafeMutablePointer<Int>, rowLength n: Int, height: Int, radius r: Int) {
        let d = 2 * r + 1
        let recip = ((1 << 32) + d / 2) / d
        let half = 1 << 31
        sums.update(repeating: 0, count: n)
        for k in -r...r {
            let row = src + min(max(k, 0), height - 1) * n
            for i in 0..<n { sums[i] = sums[i] &+ Int(row[i]) }
        }
        for y in 0..<height {
            let out = dst + y * n
            let add = src + min(y + r + 1, height - 1) * n
            let sub = src + max(y - r, 0) * n
            for i in 0..<n {
                out[i] = Int32(truncatingIfNeeded: (sums[i] &* recip &+ half) &>> 32)
                sums[i] = sums[i] &+ Int(add[i]) &- Int(sub[i])
            }
        }
    }

    @inline(__always)
    private static func toByte(_ v: Int32) -> Int32 {
        min(max((v + 128) >> 8, 0), 255)
    }

    /// Runs the passes over `line` in place, using `scratch` for the ping-pong.
    private static func runPasses(radius: Int, line: UnsafeMutablePointer<Int32>,
                                  scratch: UnsafeMutablePointer<Int32>, count: Int) {
        var src = line, dst = scratch
        for _ in 0..<passes {
            boxLine(src, dst, count: count, radius: radius)
            swap(&src, &dst)
        }
        if src != line { line.update(from: src, count: count * 4) }
    }

    /// One running-sum box of width 2r + 1 over four interleaved channels, edges clamped.
    private static func boxLine(_ src: UnsafeMutablePointer<Int32>, _ dst: UnsafeMutablePointer<Int32>,
                                count n: Int, radius r: Int) {
        let d = 2 * r + 1
        // Multiply by a 32-bit fixed-point reciprocal: a division per channel per pixel would
        // dominate the cost. Sums stay below 2¹⁶·d and products below 2⁵⁸ (σ ≤ maxSigma), so
        // the wrapping operators never wrap; they only drop the overflow checks that stop
        // the loops from vectorising.
        let recip = ((1 << 32) + d / 2) / d
        let half = 1 << 31
        var s0 = 0, s1 = 0, s2 = 0, s3 = 0
        for k in -r...r {
            let i = min(max(k, 0), n - 1) * 4
            s0 += Int(src[i]); s1 += Int(src[i + 1]); s2 += Int(src[i + 2]); s3 += Int(src[i + 3])
        }
        @inline(__always) func step(_ x: Int, add: Int, sub: Int) {
            let o = x &* 4
            dst[o] = Int32(truncatingIfNeeded: (s0 &* recip &+ half) &>> 32)
            dst[o + 1] = Int32(truncatingIfNeeded: (s1 &* recip &+ half) &>> 32)
            dst[o + 2] = Int32(truncatingIfNeeded: (s2 &* recip &+ half) &>> 32)
            dst[o + 3] = Int32(truncatingIfNeeded: (s3 &* recip &+ half) &>> 32)
            let (a, r) = (add &* 4, sub &* 4)
            s0 = s0 &+ Int(src[a]) &- Int(src[r])
            s1 = s1 &+ Int(src[a + 1]) &- Int(src[r + 1])
            s2 = s2 &+ Int(src[a + 2]) &- Int(src[r + 2])
            s3 = s3 &+ Int(src[a + 3]) &- Int(src[r + 3])
        }
        // Only the ends need clamped indices; the middle runs without the min/max.
        let middleStart = min(r, n)
        let middleEnd = max(middleStart, n - 1 - r)
        var x = 0
        while x < middleStart { step(x, add: min(x + r + 1, n - 1), sub: max(x - r, 0)); x += 1 }
        while x < middleEnd { step(x, add: x &+ r &+ 1, sub: x &- r); x += 1 }
        while x < n { step(x, add: min(x + r + 1, n - 1), sub: max(x - r, 0)); x += 1 }
    }
}
