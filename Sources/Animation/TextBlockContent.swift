/// A text layer's string laid out in its bounds, as the renderer draws it: from the top, aligned,
/// wrapped and truncated as CATextLayer says, clipped to the rectangle (docs/design/quartz.md §Text).
public struct TextBlockContent: Hashable, Sendable, Codable {
    public enum Alignment: String, Hashable, Sendable, Codable, CaseIterable {
        case natural, left, right, center, justified
    }

    public enum Truncation: String, Hashable, Sendable, Codable, CaseIterable {
        case none, start, end, middle
    }

    public var rect: Rect
    public var string: String
    /// An installed family (`FontMapping`).
    public var family: String
    /// CSS's scale: 400 regular, 700 bold.
    public var weight: Int
    public var italic: Bool
    /// In points.
    public var size: Double
    public var color: Color
    public var alignment: Alignment
    public var isWrapped: Bool
    public var truncation: Truncation

    public init(rect: Rect, string: String, family: String, weight: Int, italic: Bool, size: Double, color: Color,
                alignment: Alignment, isWrapped: Bool, truncation: Truncation) {
        self.rect = rect
        self.string = string
        self.family = family
        self.weight = weight
        self.italic = italic
        self.size = size
        self.color = color
        self.alignment = alignment
        self.isWrapped = isWrapped
        self.truncation = truncation
    }
}

/// iOS's font names mapped to the families Layercast installs: Apple's fonts cannot be shipped, so
/// each name gets a family with the same metrics where one exists (Liberation's, which match
/// Helvetica's and Arial's, Times's and Courier's advances), and Inter, the nearest design, for the
/// system font, whose metrics nothing free matches (docs/design/quartz.md §Text).
public enum FontMapping {
    public struct Face: Hashable, Sendable {
        public var family: String
        public var weight: Int
        public var italic: Bool

        public init(family: String, weight: Int, italic: Bool) {
            self.family = family
            self.weight = weight
            self.italic = italic
        }
    }

    public static let systemFamily = "Inter"
    public static let sansFamily = "Liberation Sans"
    public static let serifFamily = "Liberation Serif"
    public static let monoFamily = "Liberation Mono"

    /// The family, weight and slant that stand for iOS's font `name` (its PostScript or family name).
    public static func face(for name: String) -> Face {
        let lower = name.lowercased()
        let family: String
        // The monospaced names first: the system's monospaced font is ".SFMono-…", under ".SF".
        if ["courier", "menlo", "sfmono", "sf mono", ".sfmono", "monaco"].contains(where: lower.hasPrefix) {
            family = monoFamily
        } else if lower.hasPrefix(".sf") || lower.hasPrefix("sfpro") || lower.hasPrefix("sf pro") || lower.hasPrefix(".applesystem")
            || lower == "system" {
            family = systemFamily
        } else if ["helvetica", "arial", "avenir", "gill", "verdana", "trebuchet"].contains(where: lower.hasPrefix) {
            family = sansFamily
        } else if ["times", "georgia", "baskerville", "palatino", "charter", "newyork", "new york"].contains(where: lower.hasPrefix) {
            family = serifFamily
        } else {
            family = sansFamily
        }
        // The style after the family's name: "Helvetica-BoldOblique", ".SFUI-Semibold".
        let style = lower.split(separator: "-").dropFirst().joined(separator: "-")
        let weights: [(String, Int)] = [("ultralight", 100), ("thin", 200), ("light", 300), ("medium", 500), ("semibold", 600),
                                        ("heavy", 800), ("black", 900), ("bold", 700)]
        let weight = weights.first { style.contains($0.0) }?.1 ?? 400
        return Face(family: family, weight: weight, italic: style.contains("italic") || style.contains("oblique"))
    }

    /// UIFont.Weight's value (−1…1) on CSS's scale, at the nearest of Apple's named weights.
    public static func cssWeight(_ weight: Double) -> Int {
        let named: [(Double, Int)] = [(-0.8, 100), (-0.6, 200), (-0.4, 300), (0, 400), (0.23, 500), (0.3, 600), (0.4, 700),
                                      (0.56, 800), (0.62, 900)]
        return named.min { abs($0.0 - weight) < abs($1.0 - weight) }?.1 ?? 400
    }
}
