/// Gaussian-like blur as SVG's feGaussianBlur approximates it: three box blurs per axis.
///
/// Works on premultiplied ARGB32 (Cairo's format) so that transparent pixels do not bleed their
/// colour. Each box is a running sum, so the cost per pixel does not depend on the radius.
/// Beyond the edges the border pixels repeat: a blurred backdrop should reach its rect's edges
/// at full strength instead of fading to transparent.
public enum BoxBlur {
    /// Larger sigmas only cost time without a visible difference on our image sizes.
    public static let maxSigma = 512.0

    /// One box: the output pixel x averages input pixels x − left … x + right.
    public struct Box: Hashable, Sendable {
        public var left: Int
        public var right: Int
        public var width: Int { left + right + 1 }
    }

    /// The three boxes for `sigma` (in pixels); empty when the blur would be invisible.
    public static func boxes(sigma: Double) -> [Box] {
        guard sigma.isFinite, sigma > 0 else { return [] }
        let s = min(sigma, maxSigma)
        let d = Int((s * 3 * (2 * Double.pi).squareRoot() / 4 + 0.5).rounded(.down))
        guard d > 1 else { return [] }
        if d % 2 == 1 {
            let r = (d - 1) / 2
            return Array(repeating: Box(left: r, right: r), count: 3)
        }
        // Even widths cannot be centred: W3C shifts two boxes half a pixel each way and
        // widens the third, which keeps the result centred overall.
        let h = d / 2
        return [Box(left: h, right: h - 1), Box(left: h - 1, right: h), Box(left: h, right: h)]
    }

    /// Blurs `pixels` in place. `stride` is in pixels (UInt32 elements), ≥ width.
    /// Invalid geometry leaves the pixels untouched.
    public static func blur(pixels: inout [UInt32], width: Int, height: Int, stride: Int, sigma: Double) {
        guard width > 0, height > 0, stride >= width,
              pixels.count >= stride * (height - 1) + width else { return }
        pixels.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            blur(base, width: width, height: height, stride: stride, sigma: sigma)
        }
    }

    static func blur(_ base: UnsafeMutablePointer<UInt32>, width: Int, height: Int, stride: Int, sigma: Double) {
        let passes = boxes(sigma: sigma)
        guard !passes.isEmpty else { return }

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
            runPasses(passes, line: out, scratch: scratch, count: width)
        }

        // Vertical boxes run a whole row of column sums at a time: walking memory row by row
        // is several times faster than gathering each column.
        let sums = UnsafeMutablePointer<Int>.allocate(capacity: width * 4)
        defer { sums.deallocate() }
        for box in passes {
            boxColumns(plane, spare, sums: sums, rowLength: width * 4, height: height, box: box)
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
                                   sums: UnsafeMutablePointer<Int>, rowLength n: Int, height: Int, box: Box) {
        let d = box.width
        let recip = ((1 << 32) + d / 2) / d
        let half = 1 << 31
        sums.update(repeating: 0, count: n)
        for k in -box.left...box.right {
            let row = src + min(max(k, 0), height - 1) * n
            for i in 0..<n { sums[i] = sums[i] &+ Int(row[i]) }
        }
        for y in 0..<height {
            let out = dst + y * n
            let add = src + min(y + box.right + 1, height - 1) * n
            let sub = src + max(y - box.left, 0) * n
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

    /// Runs the boxes over `line` in place, using `scratch` for the ping-pong.
    private static func runPasses(_ passes: [Box], line: UnsafeMutablePointer<Int32>,
                                  scratch: UnsafeMutablePointer<Int32>, count: Int) {
        var src = line, dst = scratch
        for box in passes {
            boxLine(src, dst, count: count, box: box)
            swap(&src, &dst)
        }
        if src != line { line.update(from: src, count: count * 4) }
    }

    /// One running-sum box over four interleaved channels, edges clamped.
    private static func boxLine(_ src: UnsafeMutablePointer<Int32>, _ dst: UnsafeMutablePointer<Int32>,
                                count n: Int, box: Box) {
        let d = box.width
        // Multiply by a 32-bit fixed-point reciprocal: a division per channel per pixel would
        // dominate the cost. Sums stay below 2¹⁶·d and products below 2⁵⁸ (σ ≤ maxSigma), so
        // the wrapping operators never wrap; they only drop the overflow checks that stop
        // the loops from vectorising.
        let recip = ((1 << 32) + d / 2) / d
        let half = 1 << 31
        var s0 = 0, s1 = 0, s2 = 0, s3 = 0
        for k in -box.left...box.right {
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
        let middleStart = min(box.left, n)
        let middleEnd = max(middleStart, n - 1 - box.right)
        var x = 0
        while x < middleStart { step(x, add: min(x + box.right + 1, n - 1), sub: max(x - box.left, 0)); x += 1 }
        while x < middleEnd { step(x, add: x &+ box.right &+ 1, sub: x &- box.left); x += 1 }
        while x < n { step(x, add: min(x + box.right + 1, n - 1), sub: max(x - box.left, 0)); x += 1 }
    }
}
