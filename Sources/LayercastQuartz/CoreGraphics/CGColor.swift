import Animation

/// Core Graphics' colour: immutable, in sRGB (three components and alpha) or grey (one and alpha).
/// Layers keep CGColors, so a colour set on a layer is fixed when it is set, as on iOS; a dynamic
/// UIColor is resolved by its `cgColor` (docs/design/quartz.md §Colours).
public final class CGColor: Hashable, Sendable {
    /// The colour's components followed by its alpha.
    public let components: [CGFloat]?
    private let isGray: Bool

    /// iOS 13's initializer; the components are sRGB's.
    public convenience init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(srgbRed: red, green: green, blue: blue, alpha: alpha)
    }

    public init(srgbRed red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        components = [red, green, blue, alpha]
        isGray = false
    }

    public init(gray: CGFloat, alpha: CGFloat) {
        components = [gray, alpha]
        isGray = true
    }

    public static let black = CGColor(gray: 0, alpha: 1)
    public static let white = CGColor(gray: 1, alpha: 1)
    public static let clear = CGColor(gray: 0, alpha: 0)

    public var alpha: CGFloat { components?.last ?? 1 }

    public var numberOfComponents: Int { components?.count ?? 0 }

    /// The same colour with another alpha, clamped to 0…1 as Core Graphics clamps it.
    public func copy(alpha: CGFloat) -> CGColor? {
        guard var c = components else { return nil }
        c[c.count - 1] = min(max(alpha, 0), 1)
        return isGray ? CGColor(gray: c[0], alpha: c[1]) : CGColor(srgbRed: c[0], green: c[1], blue: c[2], alpha: c[3])
    }

    public func copy() -> CGColor? {
        copy(alpha: alpha)
    }

    public static func == (a: CGColor, b: CGColor) -> Bool {
        a.isGray == b.isGray && a.components == b.components
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(isGray)
        hasher.combine(components)
    }
}

extension CGColor {
    convenience init(_ c: Color) {
        self.init(srgbRed: c.red, green: c.green, blue: c.blue, alpha: c.alpha)
    }

    /// The engine's sRGB colour; a grey's one level fills red, green and blue.
    var engine: Color {
        let c = components ?? [0, 0]
        return isGray ? Color(white: Double(c[0]), alpha: Double(c[1]))
            : Color(red: Double(c[0]), green: Double(c[1]), blue: Double(c[2]), alpha: Double(c[3]))
    }
}
