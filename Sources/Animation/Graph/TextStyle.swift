/// CATextLayer's own properties. Defaults are Core Animation's: no string, Helvetica at 36 points,
/// opaque white, natural alignment, one line, no truncation (docs/design/quartz.md §Text).
public struct TextStyle: Hashable, Sendable, Codable {
    public var string: String?
    /// A font's name as iOS gives it (`Helvetica-Bold`, `.SFUI-Semibold`); `FontMapping` finds the
    /// installed family that stands for it.
    public var fontName = "Helvetica"
    public var fontSize = 36.0
    public var foregroundColor: Color? = .white
    public var alignment = TextBlockContent.Alignment.natural
    public var isWrapped = false
    public var truncation = TextBlockContent.Truncation.none

    public init() {}

    /// What the renderer draws in `bounds`; nil with no string or colour.
    public func content(in bounds: Rect) -> TextBlockContent? {
        guard let string, !string.isEmpty, let foregroundColor, foregroundColor.alpha > 0 else { return nil }
        let font = FontMapping.face(for: fontName)
        return TextBlockContent(rect: bounds, string: string, family: font.family, weight: font.weight, italic: font.italic,
                                size: fontSize, color: foregroundColor, alignment: alignment, isWrapped: isWrapped,
                                truncation: truncation)
    }
}
