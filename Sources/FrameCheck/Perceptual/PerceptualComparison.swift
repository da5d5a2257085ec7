import Animation
import Rendering

/// A frame against its reference by a `FrameCriterion`: which pixels differ perceptually, and the
/// measures that decided it.
public struct PerceptualComparison: Sendable, CustomStringConvertible {
    public let criterion: FrameCriterion
    public let actualSize: (width: Int, height: Int)
    public let referenceSize: (width: Int, height: Int)
    /// Pixels of the image (width × height); 0 when the sizes differ.
    public let pixelCount: Int
    /// Pixels inside a mask (left out of every measure).
    public let maskedPixels: Int
    /// Pixels that differ by the criterion (see `FrameCriterion`).
    public let differingPixels: Int
    /// Pixels past the limit but skipped as antialiasing (0 unless `ignoresAntialiasing`).
    public let antialiasedPixels: Int
    /// `differingPixels` / `pixelCount` (1 when the sizes differ).
    public let diffPixelRatio: Double
    /// For `.deltaE`: the largest and the mean ΔE00 over the compared pixels (not masked, not skipped as
    /// antialiasing); nil for `.ssim`.
    public let maxDeltaE: Double?
    public let meanDeltaE: Double?
    /// For `.ssim`: the mean and the least SSIM of the unmasked pixels' windows; nil for `.deltaE`.
    public let meanSSIM: Double?
    public let minSSIM: Double?
    /// When the comparison fails on equal sizes: the reference dimmed to a quarter of its luma; differing
    /// pixels from yellow to red as their measure grows (ΔE00 0 → 50, or SSIM 1 → 0); antialiasing skipped
    /// in blue; masks tinted green.
    public let heatMap: RenderedImage?

    public var sizeMatches: Bool { actualSize == referenceSize }
    public var passes: Bool { sizeMatches && criterion.allows(differing: differingPixels, of: pixelCount) }

    /// The heat map's colours (opaque ARGB).
    public static let antialiasingColour: UInt32 = 0xFF30_70FF
    static let maskTint: UInt32 = 0x0030_6030

    private enum Kind: UInt8 { case same = 0, differs, antialiasing }

    public init(actual: Bitmap, reference: Bitmap, criterion: FrameCriterion = .standard) {
        self.criterion = criterion
        actualSize = (actual.width, actual.height)
        referenceSize = (reference.width, reference.height)
        guard actual.width == reference.width, actual.height == reference.height else {
            pixelCount = 0; maskedPixels = 0; differingPixels = 0; antialiasedPixels = 0; diffPixelRatio = 1
            maxDeltaE = nil; meanDeltaE = nil; meanSSIM = nil; minSSIM = nil; heatMap = nil
            return
        }
        let (width, height) = (actual.width, actual.height)
        let n = width * height
        pixelCount = n
        var masked = [Bool](repeating: false, count: n)
        var maskedCount = 0
        for rect in criterion.masks {
            guard let r = rect.clipped(width: width, height: height) else { continue }
            for y in r.y..<(r.y + r.height) {
                for x in r.x..<(r.x + r.width) where !masked[y * width + x] {
                    masked[y * width + x] = true
                    maskedCount += 1
                }
            }
        }
        maskedPixels = maskedCount

        let a = CompositedImage(actual, over: criterion.background)
        let b = CompositedImage(reference, over: criterion.background)
        // Per pixel: what it is (Kind) and its magnitude 0…1 for the heat map.
        var kinds = [UInt8](repeating: 0, count: n)
        var magnitudes = [Float](repeating: 0, count: n)
        var differing = 0, antialiased = 0
        let ignoresAA = criterion.ignoresAntialiasing

        switch criterion.measure {
        case .deltaE(let threshold):
            var maxE = 0.0, sum = 0.0, compared = 0
            SRGB.linearLevels.withUnsafeBufferPointer { linear in
                a.rgb.withUnsafeBufferPointer { ar in
                    b.rgb.withUnsafeBufferPointer { br in
                        a.luma.withUnsafeBufferPointer { al in
                            b.luma.withUnsafeBufferPointer { bl in
                                for i in 0..<n where !masked[i] {
                                    let wa = ar[i], wb = br[i]
                                    guard wa != wb else { compared += 1; continue }
                                    let e = CIEDE2000.deltaE(SRGB.lab(word: wa, linear: linear), SRGB.lab(word: wb, linear: linear))
                                    if e > threshold {
                                        if ignoresAA && Antialiasing.eitherWay(i, width: width, height: height, ar, al, br, bl) {
                                            antialiased += 1
                                            kinds[i] = Kind.antialiasing.rawValue
                                            continue
                                        }
                                        differing += 1
                                        kinds[i] = Kind.differs.rawValue
                                        magnitudes[i] = Float(min(1, e / 50))
                                    }
                                    compared += 1
                                    sum += e
                                    maxE = max(maxE, e)
                                }
                            }
                        }
                    }
                }
            }
            maxDeltaE = maxE
            meanDeltaE = compared == 0 ? 0 : sum / Double(compared)
            meanSSIM = nil
            minSSIM = nil

        case .ssim(let minimum):
            // Masked pixels take the reference's luma, so that what changed under a mask reaches no window.
            var lumaA = a.luma
            for i in 0..<n where masked[i] { lumaA[i] = b.luma[i] }
            let map = SSIMMap(lumaOne: lumaA, lumaTwo: b.luma, width: width, height: height)
            var sum = 0.0, least = 1.0, compared = 0
            a.rgb.withUnsafeBufferPointer { ar in
                b.rgb.withUnsafeBufferPointer { br in
                    a.luma.withUnsafeBufferPointer { al in
                        b.luma.withUnsafeBufferPointer { bl in
                            for i in 0..<n where !masked[i] {
                                let s = map.values[i]
                                compared += 1
                                sum += s
                                least = min(least, s)
                                guard ar[i] != br[i], s < minimum else { continue }
                                if ignoresAA && Antialiasing.eitherWay(i, width: width, height: height, ar, al, br, bl) {
                                    antialiased += 1
                                    kinds[i] = Kind.antialiasing.rawValue
                                    continue
                                }
                                differing += 1
                                kinds[i] = Kind.differs.rawValue
                                magnitudes[i] = Float(min(1, max(0, 1 - s)))
                            }
                        }
                    }
                }
            }
            meanSSIM = compared == 0 ? 1 : sum / Double(compared)
            minSSIM = least
            maxDeltaE = nil
            meanDeltaE = nil
        }

        differingPixels = differing
        antialiasedPixels = antialiased
        diffPixelRatio = Double(differing) / Double(max(n, 1))
        heatMap = criterion.allows(differing: differing, of: n) ? nil
            : Self.heatMap(reference: b, kinds: kinds, magnitudes: magnitudes, masked: masked)
    }

    private static func heatMap(reference: CompositedImage, kinds: [UInt8], magnitudes: [Float], masked: [Bool]) -> RenderedImage {
        let words = (0..<kinds.count).map { i -> UInt32 in
            switch Kind(rawValue: kinds[i]) ?? .same {
            case .differs:
                // Yellow (small) to red (large).
                let green = UInt32((1 - magnitudes[i]) * 224)
                return 0xFF00_0000 | 0xFF << 16 | green << 8
            case .antialiasing:
                return antialiasingColour
            case .same:
                let dimmed = UInt32(reference.luma[i] / 4)
                let grey = 0xFF00_0000 | dimmed << 16 | dimmed << 8 | dimmed
                return masked[i] ? grey + maskTint : grey
            }
        }
        let bytes = words.withUnsafeBytes { Array($0) }
        return RenderedImage(width: reference.width, height: reference.height, stride: reference.width * 4, pixels: bytes)
    }

    public var description: String {
        guard sizeMatches else {
            return "the image is \(actualSize.width)×\(actualSize.height), the reference \(referenceSize.width)×\(referenceSize.height)"
        }
        var text = "\(differingPixels) of \(pixelCount) pixels differ (\(percent(diffPixelRatio)))"
        if let maxDeltaE, let meanDeltaE {
            text += "; ΔE00 max \(Self.rounded(maxDeltaE)), mean \(Self.rounded(meanDeltaE))"
        }
        if let meanSSIM, let minSSIM {
            text += "; SSIM mean \(Self.rounded(meanSSIM, places: 4)), min \(Self.rounded(minSSIM, places: 4))"
        }
        if criterion.ignoresAntialiasing { text += "; \(antialiasedPixels) antialiased skipped" }
        if maskedPixels > 0 { text += "; \(maskedPixels) masked" }
        return text + " — needs: \(criterion)"
    }

    private static func rounded(_ value: Double, places: Int = 2) -> Double {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        return (value * scale).rounded() / scale
    }
}
