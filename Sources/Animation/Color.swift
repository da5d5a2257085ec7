#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// An sRGB colour with straight (not premultiplied) alpha, each component in 0…1.
/// Animations blend the four components linearly, as Core Animation does for CGColor.
public struct Color: Hashable, Sendable, Codable {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        (self.red, self.green, self.blue, self.alpha) = (red, green, blue, alpha)
    }

    public init(white: Double, alpha: Double = 1) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    /// 8-bit components, as design tools write them.
    public init(r: Int, g: Int, b: Int, alpha: Double = 1) {
        self.init(red: Double(r) / 255, green: Double(g) / 255, blue: Double(b) / 255, alpha: alpha)
    }

    /// `#rrggbb` or `#rrggbbaa`, the `#` optional; nil for anything else. ASCII digits only:
    /// Unicode counts fullwidth digits as hex digits too.
    public init?(hex: String) {
        var s = Substring(hex)
        if s.first == "#" { s = s.dropFirst() }
        guard s.count == 6 || s.count == 8, s.allSatisfy({ $0.isASCII && $0.isHexDigit }),
              let v = UInt32(s, radix: 16) else { return nil }
        let rgb = s.count == 8 ? v >> 8 : v
        let alpha = s.count == 8 ? Double(v & 0xFF) / 255 : 1
        self.init(r: Int(rgb >> 16 & 0xFF), g: Int(rgb >> 8 & 0xFF), b: Int(rgb & 0xFF), alpha: alpha)
    }

    /// HSB as UIColor(hue:saturation:brightness:alpha:) defines it.
    public init(hue: Double, saturation s: Double, brightness v: Double, alpha: Double = 1) {
        let h = (hue - floor(hue)) * 6
        let i = Int(h) % 6
        let f = h - floor(h)
        let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
        let rgb: (Double, Double, Double)
        switch i {
        case 0: rgb = (v, t, p)
        case 1: rgb = (q, v, p)
        case 2: rgb = (p, v, t)
        case 3: rgb = (p, q, v)
        case 4: rgb = (t, p, v)
        default: rgb = (v, p, q)
        }
        self.init(red: rgb.0, green: rgb.1, blue: rgb.2, alpha: alpha)
    }

    public static let black = Color(white: 0)
    public static let white = Color(white: 1)
    public static let clear = Color(white: 0, alpha: 0)
    /// UIColor.lightGray: white 2/3, i.e. RGB (170,170,170).
    public static let lightGray = Color(white: 2.0 / 3.0)

    /// `#rrggbb`, alpha dropped.
    public var hex: String { Self.hex([red, green, blue]) }

    /// `#rrggbb` when opaque, else `#rrggbbaa`: what `init?(hex:)` reads back to the same bytes.
    public var hexWithAlpha: String {
        Self.byte(alpha) == 255 ? hex : Self.hex([red, green, blue, alpha])
    }

    private static func byte(_ v: Double) -> Int { Int((min(max(v, 0), 1) * 255).rounded()) }

    private static func hex(_ components: [Double]) -> String {
        let digits = Array("0123456789abcdef")
        return "#" + String(components.map(byte).flatMap { [digits[$0 >> 4], digits[$0 & 15]] })
    }

    public func lerp(to other: Color, _ t: Double) -> Color {
        Color(red: red + (other.red - red) * t,
              green: green + (other.green - green) * t,
              blue: blue + (other.blue - blue) * t,
              alpha: alpha + (other.alpha - alpha) * t)
    }
}
