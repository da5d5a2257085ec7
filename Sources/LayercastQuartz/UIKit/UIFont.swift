import Animation

/// UIKit's font: a name and a size. Drawing maps the name to an installed family
/// (docs/design/quartz.md §Text): the system font's names are iOS's (`.SFUI-Semibold`).
open class UIFont: @unchecked Sendable {
    // Unchecked: immutable after init.
    public let fontName: String
    public let pointSize: CGFloat

    public init?(name fontName: String, size fontSize: CGFloat) {
        guard !fontName.isEmpty else { return nil }
        self.fontName = fontName
        pointSize = fontSize
    }

    private init(systemName: String, size: CGFloat) {
        fontName = systemName
        pointSize = size
    }

    /// The family's name: the PostScript name's part before its style.
    public var familyName: String {
        fontName.split(separator: "-").first.map(String.init) ?? fontName
    }

    public func withSize(_ fontSize: CGFloat) -> UIFont {
        UIFont(systemName: fontName, size: fontSize)
    }

    public class func systemFont(ofSize fontSize: CGFloat) -> UIFont {
        systemFont(ofSize: fontSize, weight: .regular)
    }

    public class func systemFont(ofSize fontSize: CGFloat, weight: UIFont.Weight) -> UIFont {
        UIFont(systemName: ".SFUI-" + weight.styleName, size: fontSize)
    }

    public class func boldSystemFont(ofSize fontSize: CGFloat) -> UIFont {
        systemFont(ofSize: fontSize, weight: .bold)
    }

    public class func italicSystemFont(ofSize fontSize: CGFloat) -> UIFont {
        UIFont(systemName: ".SFUI-RegularItalic", size: fontSize)
    }

    public class func monospacedSystemFont(ofSize fontSize: CGFloat, weight: UIFont.Weight) -> UIFont {
        UIFont(systemName: ".SFMono-" + weight.styleName, size: fontSize)
    }

    /// The system font; digits of the same width are the drawing's to keep (Inter's are tabular
    /// only with a feature Layercast does not set).
    public class func monospacedDigitSystemFont(ofSize fontSize: CGFloat, weight: UIFont.Weight) -> UIFont {
        systemFont(ofSize: fontSize, weight: weight)
    }

    public struct Weight: RawRepresentable, Hashable, Sendable {
        public let rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public init(_ rawValue: CGFloat) { self.rawValue = rawValue }
        public static let ultraLight = Weight(rawValue: -0.8)
        public static let thin = Weight(rawValue: -0.6)
        public static let light = Weight(rawValue: -0.4)
        public static let regular = Weight(rawValue: 0)
        public static let medium = Weight(rawValue: 0.23)
        public static let semibold = Weight(rawValue: 0.3)
        public static let bold = Weight(rawValue: 0.4)
        public static let heavy = Weight(rawValue: 0.56)
        public static let black = Weight(rawValue: 0.62)

        /// The style in the system font's name, by the nearest named weight.
        var styleName: String {
            let names = [100: "Ultralight", 200: "Thin", 300: "Light", 400: "Regular", 500: "Medium", 600: "Semibold",
                         700: "Bold", 800: "Heavy", 900: "Black"]
            return names[FontMapping.cssWeight(Double(rawValue))] ?? "Regular"
        }
    }
}
