#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// An opaque 8-bit sRGB colour: what a pixel shows once composited over a background.
public struct RGB8: Sendable, Hashable, Codable, CustomStringConvertible {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// From a 0xRRGGBB word (higher bits ignored).
    public init(word: UInt32) {
        self.init(red: UInt8((word >> 16) & 0xFF), green: UInt8((word >> 8) & 0xFF), blue: UInt8(word & 0xFF))
    }

    public static let white = RGB8(red: 255, green: 255, blue: 255)
    public static let black = RGB8(red: 0, green: 0, blue: 0)

    /// 0xRRGGBB.
    public var word: UInt32 { UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue) }

    public var description: String {
        let hex = String(word, radix: 16, uppercase: true)
        return "#" + String(repeating: "0", count: 6 - hex.count) + hex
    }

    /// A premultiplied ARGB word (`Bitmap`'s format) composited over `background`, each channel
    /// `premultiplied + background × (255 − alpha) / 255`, rounded to the nearest level.
    @inline(__always)
    public static func composite(_ argb: UInt32, over background: RGB8) -> RGB8 {
        RGB8(word: compositeWord(argb, over: background.word))
    }

    /// `composite(_:over:)` on words: premultiplied ARGB over 0xRRGGBB, giving 0xRRGGBB.
    @inline(__always)
    static func compositeWord(_ argb: UInt32, over background: UInt32) -> UInt32 {
        let alpha = argb >> 24
        if alpha == 0xFF { return argb & 0xFF_FFFF }
        let rest = 255 - alpha
        @inline(__always) func channel(_ shift: UInt32) -> UInt32 {
            let p = (argb >> shift) & 0xFF, b = (background >> shift) & 0xFF
            return min(255, (p * 255 + b * rest + 127) / 255)
        }
        return channel(16) << 16 | channel(8) << 8 | channel(0)
    }

    /// Luma Y′ by BT.601 (0.299 R′ + 0.587 G′ + 0.114 B′) on the gamma-encoded levels, 0…255.
    @inline(__always)
    static func luma(word: UInt32) -> Double {
        // In integers first, so that a grey's luma is its level exactly.
        let r: UInt32 = 299 * ((word >> 16) & 0xFF), g: UInt32 = 587 * ((word >> 8) & 0xFF), b: UInt32 = 114 * (word & 0xFF)
        return Double(r + g + b) / 1000
    }
}

/// A CIELAB colour (D65 white, 2° observer).
public struct Lab: Sendable, Hashable, Codable, CustomStringConvertible {
    public var L: Double
    public var a: Double
    public var b: Double

    public init(L: Double, a: Double, b: Double) {
        self.L = L
        self.a = a
        self.b = b
    }

    public var description: String { "Lab(\(L), \(a), \(b))" }
}

/// sRGB (IEC 61966-2-1) to CIELAB: the sRGB transfer function undone (a table of the 256 levels),
/// linear RGB to CIE XYZ with the sRGB primaries and D65 white, then XYZ to L*a*b* relative to
/// that white (the matrix's row sums, so that sRGB white is exactly L 100, a 0, b 0).
public enum SRGB {
    /// Linear light of each 8-bit sRGB level, 0…1.
    public static let linearLevels: [Double] = (0...255).map { level in
        let c = Double(level) / 255
        return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }

    // sRGB → XYZ (D65), IEC 61966-2-1 / Lindbloom.
    static let m: (Double, Double, Double, Double, Double, Double, Double, Double, Double) =
        (0.4124564, 0.3575761, 0.1804375,
         0.2126729, 0.7151522, 0.0721750,
         0.0193339, 0.1191920, 0.9503041)
    static let whiteX = 0.4124564 + 0.3575761 + 0.1804375
    static let whiteY = 0.2126729 + 0.7151522 + 0.0721750
    static let whiteZ = 0.0193339 + 0.1191920 + 0.9503041

    public static func lab(_ colour: RGB8) -> Lab {
        linearLevels.withUnsafeBufferPointer { lab(word: colour.word, linear: $0) }
    }

    /// `lab(_:)` of a 0xRRGGBB word with the table at hand (the comparison's inner loop).
    @inline(__always)
    static func lab(word: UInt32, linear: UnsafeBufferPointer<Double>) -> Lab {
        let r = linear[Int((word >> 16) & 0xFF)], g = linear[Int((word >> 8) & 0xFF)], b = linear[Int(word & 0xFF)]
        let x = (m.0 * r + m.1 * g + m.2 * b) / whiteX
        let y = (m.3 * r + m.4 * g + m.5 * b) / whiteY
        let z = (m.6 * r + m.7 * g + m.8 * b) / whiteZ
        let fx = f(x), fy = f(y), fz = f(z)
        return Lab(L: 116 * fy - 16, a: 500 * (fx - fy), b: 200 * (fy - fz))
    }

    @inline(__always)
    private static func f(_ t: Double) -> Double {
        // δ = 6/29: cube root above δ³, the linear segment below it.
        t > 216.0 / 24389.0 ? cbrt(t) : t * (841.0 / 108.0) + 4.0 / 29.0
    }
}
