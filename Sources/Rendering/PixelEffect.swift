import Animation

/// An `ImageEffect` measured in the pixels of the buffer it runs on: what the blur cache keys on,
/// and the three steps of Apple's `UIImageEffects` that produce the cached image
/// (docs/design/engine.md §Blur).
struct PixelEffect: Hashable {
    /// Each of the three box passes' width; 0 is no blur.
    var boxWidth: Int
    /// 1 leaves colours as they are.
    var saturation: Double
    /// nil when nothing would show.
    var tint: Color?

    /// `pixelsPerUnit`: device pixels per unit of the image rect, which the blur radius is given in.
    init(_ effect: ImageEffect, pixelsPerUnit: Double) {
        let radius = effect.blurRadius.isFinite ? max(effect.blurRadius, 0) : 0
        boxWidth = BoxBlur.boxWidth(sigma: radius * pixelsPerUnit)
        // UIImageEffects skips the step within float precision of 1.
        let s = effect.saturation
        saturation = s.isFinite && abs(s - 1) > Double(Float.ulpOfOne) ? s : 1
        tint = effect.tint.flatMap { $0.alpha.isFinite && $0.alpha > 0 ? $0 : nil }
    }

    /// The bitmap as it is: only a size change can make drawing it differ from the bitmap.
    var isIdentity: Bool { boxWidth == 0 && saturation == 1 && tint == nil }

    /// Runs the steps over premultiplied ARGB32 `pixels` (rows packed) in place.
    func apply(to pixels: inout [UInt32], width: Int, height: Int) {
        BoxBlur.blur(pixels: &pixels, width: width, height: height, stride: width, boxWidth: boxWidth)
        if saturation != 1 { Self.saturate(&pixels, by: saturation) }
        if let tint { Self.paint(tint, over: &pixels) }
    }

    // MARK: Saturation

    /// The luminance weights UIImageEffects' saturation matrix is built on (Rec. 709).
    static let luminanceWeights = (red: 0.2126, green: 0.7152, blue: 0.0722)
    /// The matrix is in integers over this divisor, as `vImageMatrixMultiply_ARGB8888` takes it.
    static let matrixDivisor: Int32 = 256

    /// Row `out`, column `in`, for red, green, blue: c′ = L + s·(c − L) with L the weighted
    /// luminance, i.e. w_in·(1 − s), plus s on the diagonal; each rounded to 1/256 as Apple rounds it.
    static func saturationMatrix(_ s: Double) -> [[Int32]] {
        let w = [luminanceWeights.red, luminanceWeights.green, luminanceWeights.blue]
        return (0..<3).map { out in
            (0..<3).map { input in
                Int32((Double(matrixDivisor) * (w[input] * (1 - s) + (out == input ? s : 0))).rounded())
            }
        }
    }

    /// Applies the saturation matrix to premultiplied pixels (the matrix is linear, so premultiplied
    /// colours stay premultiplied), rounding to nearest and clamping each colour to 0…alpha.
    static func saturate(_ pixels: inout [UInt32], by s: Double) {
        let m = saturationMatrix(s)
        let (rr, rg, rb) = (m[0][0], m[0][1], m[0][2])
        let (gr, gg, gb) = (m[1][0], m[1][1], m[1][2])
        let (br, bg, bb) = (m[2][0], m[2][1], m[2][2])
        let half = matrixDivisor / 2
        for i in pixels.indices {
            let p = pixels[i]
            let a = Int32(p >> 24)
            let (r, g, b) = (Int32((p >> 16) & 0xFF), Int32((p >> 8) & 0xFF), Int32(p & 0xFF))
            @inline(__always) func clamped(_ sum: Int32) -> UInt32 { UInt32(min(max((sum + half) >> 8, 0), a)) }
            pixels[i] = UInt32(a) << 24 | clamped(rr * r + rg * g + rb * b) << 16
                | clamped(gr * r + gg * g + gb * b) << 8 | clamped(br * r + bg * g + bb * b)
        }
    }

    // MARK: Tint

    /// `tint` over every pixel (source over), in 16-bit fixed point.
    static func paint(_ tint: Color, over pixels: inout [UInt32]) {
        func unit(_ v: Double) -> Double { v.isFinite ? min(max(v, 0), 1) : 0 }
        let alpha = unit(tint.alpha)
        let one: UInt32 = 1 << 16
        let keep = UInt32(((1 - alpha) * Double(one)).rounded())
        // Each channel of the premultiplied tint in 8.16 fixed point, plus a half for rounding.
        func fixed(_ v: Double) -> UInt32 { UInt32((v * alpha * 255 * Double(one)).rounded()) + one / 2 }
        let (ta, tr, tg, tb) = (fixed(1), fixed(unit(tint.red)), fixed(unit(tint.green)), fixed(unit(tint.blue)))
        for i in pixels.indices {
            let p = pixels[i]
            @inline(__always) func over(_ add: UInt32, _ shift: UInt32) -> UInt32 {
                min((add + ((p >> shift) & 0xFF) * keep) >> 16, 255) << shift
            }
            pixels[i] = over(ta, 24) | over(tr, 16) | over(tg, 8) | over(tb, 0)
        }
    }
}
