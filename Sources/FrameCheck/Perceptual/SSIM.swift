#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// The structural similarity index of Wang, Bovik, Sheikh & Simoncelli, "Image quality assessment:
/// from error visibility to structural similarity" (IEEE TIP 13(4), 2004): local means, variances and
/// covariance under an 11×11 Gaussian window, σ = 1.5, with C1 = (K1·L)², C2 = (K2·L)², K1 = 0.01,
/// K2 = 0.03, L = 255, on BT.601 luma Y′ (`CompositedImage.luma`).
///
/// The map has one value per pixel, the window centred on it. Where the window overhangs the image the
/// part outside is dropped and the weights renormalised (the paper's code keeps only whole windows,
/// which would leave a 5-pixel border without values); the mean is the map's mean.
public struct SSIMMap: Sendable {
    public static let k1 = 0.01, k2 = 0.03, dynamicRange = 255.0
    public static let windowRadius = 5, sigma = 1.5

    public let width: Int
    public let height: Int
    /// SSIM of each pixel's window, rows packed; 1 where the two images agree there, lower (down to −1) the
    /// more they differ.
    public let values: [Double]

    public var mean: Double { values.isEmpty ? 1 : values.reduce(0, +) / Double(values.count) }
    public var minimum: Double { values.min() ?? 1 }

    /// The normalised 1-D Gaussian, 2·radius + 1 taps (the 2-D window is its outer product).
    static let kernel: [Double] = {
        let taps = (-windowRadius...windowRadius).map { i in exp(-Double(i * i) / (2 * sigma * sigma)) }
        let sum = taps.reduce(0, +)
        return taps.map { $0 / sum }
    }()

    public init(_ one: CompositedImage, _ two: CompositedImage) {
        self.init(lumaOne: one.luma, lumaTwo: two.luma, width: one.width, height: one.height)
    }

    /// The map of two luma planes of `width` × `height`, rows packed, values 0…255.
    public init(lumaOne x: [Double], lumaTwo y: [Double], width: Int, height: Int) {
        precondition(x.count == width * height && y.count == width * height, "luma planes must be width × height")
        self.width = width
        self.height = height
        let n = width * height
        let c1 = (Self.k1 * Self.dynamicRange) * (Self.k1 * Self.dynamicRange)
        let c2 = (Self.k2 * Self.dynamicRange) * (Self.k2 * Self.dynamicRange)
        let r = Self.windowRadius
        // Horizontal pass: five planes (x, y, x², y², xy) filtered along the rows.
        var rows = [Double](repeating: 0, count: 5 * n)
        var map = [Double](repeating: 1, count: n)
        Self.kernel.withUnsafeBufferPointer { k in
            x.withUnsafeBufferPointer { x in
                y.withUnsafeBufferPointer { y in
                    rows.withUnsafeMutableBufferPointer { h in
                        for row in 0..<height {
                            let base = row * width
                            for col in 0..<width {
                                let lo = max(0, col - r), hi = min(width - 1, col + r)
                                var w = 0.0, sx = 0.0, sy = 0.0, sxx = 0.0, syy = 0.0, sxy = 0.0
                                for c in lo...hi {
                                    let kw = k[c - col + r], vx = x[base + c], vy = y[base + c]
                                    w += kw
                                    sx += kw * vx
                                    sy += kw * vy
                                    // Products first, so that the two images' roles are interchangeable bit for bit.
                                    sxx += kw * (vx * vx)
                                    syy += kw * (vy * vy)
                                    sxy += kw * (vx * vy)
                                }
                                let i = base + col
                                h[i] = sx / w
                                h[n + i] = sy / w
                                h[2 * n + i] = sxx / w
                                h[3 * n + i] = syy / w
                                h[4 * n + i] = sxy / w
                            }
                        }
                    }
                    // Vertical pass, then SSIM per pixel.
                    rows.withUnsafeBufferPointer { h in
                        map.withUnsafeMutableBufferPointer { out in
                            for row in 0..<height {
                                let lo = max(0, row - r), hi = min(height - 1, row + r)
                                for col in 0..<width {
                                    var w = 0.0, mx = 0.0, my = 0.0, exx = 0.0, eyy = 0.0, exy = 0.0
                                    for rr in lo...hi {
                                        let kw = k[rr - row + r], i = rr * width + col
                                        w += kw
                                        mx += kw * h[i]
                                        my += kw * h[n + i]
                                        exx += kw * h[2 * n + i]
                                        eyy += kw * h[3 * n + i]
                                        exy += kw * h[4 * n + i]
                                    }
                                    mx /= w; my /= w; exx /= w; eyy /= w; exy /= w
                                    let vx = exx - mx * mx, vy = eyy - my * my, cov = exy - mx * my
                                    out[row * width + col] = ((2 * mx * my + c1) * (2 * cov + c2))
                                        / ((mx * mx + my * my + c1) * (vx + vy + c2))
                                }
                            }
                        }
                    }
                }
            }
        }
        values = map
    }
}
