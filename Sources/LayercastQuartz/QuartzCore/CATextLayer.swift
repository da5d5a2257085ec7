import Animation

/// A layer that lays its string out in its bounds, from the top (docs/design/quartz.md §Text).
/// Defaults are Core Animation's: no string, Helvetica at 36 points, opaque white, natural alignment,
/// one line, no truncation. Fonts map to installed families (`FontMapping`).
open class CATextLayer: CALayer {
    override class var nodeKind: LayerNode.Kind { .text }

    /// A `String`, or an `NSAttributedString` whose characters are drawn in the layer's own font and
    /// colour (its attributes are not kept, and a warning says so).
    public var string: Any? {
        get { read("string") { $0.text.string as Any? } }
        set {
            let session = session(for: "string")
            let text: String?
            switch newValue {
            case nil: text = nil
            case let s as String: text = s
            case let attributed as NSAttributedString:
                text = attributed.string
                session.warn("string: an attributed string's attributes are not drawn; its characters are, in the layer's font")
            default:
                text = nil
                session.warn("string: \(type(of: newValue!)) is neither String nor NSAttributedString; nothing is drawn")
            }
            write("string") { $0.text.string = text }
        }
    }

    /// A `UIFont` or a font's name; its size is not used (`fontSize` is), as on iOS.
    public var font: AnyObject? {
        get { read("font") { $0.text.fontName as NSString } }
        set {
            let session = session(for: "font")
            let name: String
            switch newValue {
            case nil: name = TextStyle().fontName
            case let font as UIFont: name = font.fontName
            case let text as NSString: name = text as String
            default:
                return session.warn("font: \(type(of: newValue!)) is neither a UIFont nor a font's name; ignored")
            }
            write("font") { $0.text.fontName = name }
        }
    }

    public var fontSize: CGFloat {
        get { read("fontSize") { $0.text.fontSize } }
        set { write("fontSize") { $0.text.fontSize = Double(newValue) } }
    }

    public var foregroundColor: CGColor? {
        get { read("foregroundColor") { $0.text.foregroundColor.map(CGColor.init) } }
        set { write("foregroundColor") { $0.text.foregroundColor = newValue?.engine } }
    }

    public var alignmentMode: CATextLayerAlignmentMode {
        get { read("alignmentMode") { CATextLayerAlignmentMode(rawValue: $0.text.alignment.rawValue) } }
        set { write("alignmentMode", named: newValue.rawValue, as: TextBlockContent.Alignment.self) { $0.text.alignment = $1 } }
    }

    public var isWrapped: Bool {
        get { read("isWrapped") { $0.text.isWrapped } }
        set { write("isWrapped") { $0.text.isWrapped = newValue } }
    }

    public var truncationMode: CATextLayerTruncationMode {
        get { read("truncationMode") { CATextLayerTruncationMode(rawValue: $0.text.truncation.rawValue) } }
        set { write("truncationMode", named: newValue.rawValue, as: TextBlockContent.Truncation.self) { $0.text.truncation = $1 } }
    }
}

public struct CATextLayerAlignmentMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let natural = CATextLayerAlignmentMode(rawValue: "natural")
    public static let left = CATextLayerAlignmentMode(rawValue: "left")
    public static let right = CATextLayerAlignmentMode(rawValue: "right")
    public static let center = CATextLayerAlignmentMode(rawValue: "center")
    public static let justified = CATextLayerAlignmentMode(rawValue: "justified")
}

public struct CATextLayerTruncationMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let none = CATextLayerTruncationMode(rawValue: "none")
    public static let start = CATextLayerTruncationMode(rawValue: "start")
    public static let end = CATextLayerTruncationMode(rawValue: "end")
    public static let middle = CATextLayerTruncationMode(rawValue: "middle")
}
