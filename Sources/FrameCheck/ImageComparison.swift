import Animation
import Rendering

/// How far an image may be from its reference: at least `matchingFraction` of the pixels must have
/// every channel within `channelDelta` levels (of 255).
public struct ImageTolerance: Sendable, CustomStringConvertible {
    public var channelDelta: Int
    public var matchingFraction: Double

    public init(channelDelta: Int, matchingFraction: Double) {
        self.channelDelta = channelDelta
        self.matchingFraction = matchingFraction
    }

    /// Absorbs antialiasing and rasteriser differences between library versions, but not a moved,
    /// resized or recoloured shape.
    public static let standard = ImageTolerance(channelDelta: 8, matchingFraction: 0.995)

    public var description: String {
        "every channel within \(channelDelta) on at least \(percent(matchingFraction)) of pixels"
    }
}

func percent(_ fraction: Double) -> String {
    let hundredths = Int((fraction * 10_000).rounded(.down))
    let fractional = hundredths % 100
    return "\(hundredths / 100).\(fractional < 10 ? "0" : "")\(fractional) %"
}

/// An image against its reference, pixel by pixel, on premultiplied ARGB words.
public struct ImageComparison: Sendable, CustomStringConvertible {
    public static let channels = ["A", "R", "G", "B"]

    public let tolerance: ImageTolerance
    public let actualSize: (width: Int, height: Int)
    public let referenceSize: (width: Int, height: Int)
    /// Largest difference per channel, in `channels` order (all 255 when the sizes differ).
    public let maxError: [Int]
    /// Mean absolute difference per channel, in `channels` order.
    public let meanError: [Double]
    public let matchingFraction: Double
    /// When the comparison fails on equal sizes: the reference dimmed to a quarter, with each pixel
    /// outside the tolerance in red (brighter the larger its difference).
    public let diff: RenderedImage?

    public var sizeMatches: Bool { actualSize == referenceSize }
    public var passes: Bool { sizeMatches && matchingFraction >= tolerance.matchingFraction }

    public init(actual: Bitmap, reference: Bitmap, tolerance: ImageTolerance = .standard) {
        self.tolerance = tolerance
        actualSize = (actual.width, actual.height)
        referenceSize = (reference.width, reference.height)
        guard actual.width == reference.width, actual.height == reference.height else {
            maxError = [255, 255, 255, 255]
            meanError = [255, 255, 255, 255]
            matchingFraction = 0
            diff = nil
            return
        }
        var maxima = (0, 0, 0, 0), sums = (0, 0, 0, 0), matching = 0
        for (a, b) in zip(actual.pixels, reference.pixels) {
            let d = Self.channelDifferences(a, b)
            maxima = (max(maxima.0, d.0), max(maxima.1, d.1), max(maxima.2, d.2), max(maxima.3, d.3))
            sums = (sums.0 + d.0, sums.1 + d.1, sums.2 + d.2, sums.3 + d.3)
            if max(d.0, d.1, d.2, d.3) <= tolerance.channelDelta { matching += 1 }
        }
        let count = max(actual.pixels.count, 1)
        maxError = [maxima.0, maxima.1, maxima.2, maxima.3]
        meanError = [sums.0, sums.1, sums.2, sums.3].map { Double($0) / Double(count) }
        matchingFraction = Double(matching) / Double(count)
        diff = matchingFraction >= tolerance.matchingFraction ? nil
            : Self.diffImage(actual: actual, reference: reference, channelDelta: tolerance.channelDelta)
    }

    /// |a − b| per channel of two ARGB words, in `channels` order.
    private static func channelDifferences(_ a: UInt32, _ b: UInt32) -> (Int, Int, Int, Int) {
        func d(_ shift: UInt32) -> Int { abs(Int((a >> shift) & 0xFF) - Int((b >> shift) & 0xFF)) }
        return (d(24), d(16), d(8), d(0))
    }

    private static func diffImage(actual: Bitmap, reference: Bitmap, channelDelta: Int) -> RenderedImage {
        let words = zip(actual.pixels, reference.pixels).map { a, b -> UInt32 in
            let d = channelDifferences(a, b)
            let worst = max(d.0, d.1, d.2, d.3)
            if worst > channelDelta { return 0xFF00_0000 | UInt32(128 + worst / 2) << 16 }
            let dimmed = (((b >> 16) & 0xFF) + ((b >> 8) & 0xFF) + (b & 0xFF)) / 12
            return 0xFF00_0000 | dimmed << 16 | dimmed << 8 | dimmed
        }
        let bytes = words.withUnsafeBytes { Array($0) }
        return RenderedImage(width: actual.width, height: actual.height, stride: actual.width * 4, pixels: bytes)
    }

    public var description: String {
        guard sizeMatches else {
            return "the image is \(actualSize.width)×\(actualSize.height), the reference \(referenceSize.width)×\(referenceSize.height)"
        }
        let errors = Self.channels.indices.map { c in
            "\(Self.channels[c]) \(maxError[c])/\((meanError[c] * 100).rounded() / 100)"
        }
        return "\(percent(matchingFraction)) of pixels within \(tolerance.channelDelta), needs \(percent(tolerance.matchingFraction)); "
            + "max/mean error per channel: \(errors.joined(separator: ", "))"
    }
}
