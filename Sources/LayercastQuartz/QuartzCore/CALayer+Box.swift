import Animation

/// What a layer draws around its contents: background, rounded corners, border, clipping, shadow,
/// opacity (docs/design/quartz.md §Box).
extension CALayer {
    public var backgroundColor: CGColor? {
        get { read("backgroundColor") { $0.box.backgroundColor.map(CGColor.init) } }
        set { write("backgroundColor") { $0.box.backgroundColor = newValue?.engine } }
    }

    public var cornerRadius: CGFloat {
        get { read("cornerRadius") { $0.box.cornerRadius } }
        set { write("cornerRadius") { $0.box.cornerRadius = Double(newValue) } }
    }

    public var maskedCorners: CACornerMask {
        get { read("maskedCorners") { CACornerMask(rawValue: $0.box.maskedCorners.rawValue) } }
        set { write("maskedCorners") { $0.box.maskedCorners = LayerBox.Corners(rawValue: newValue.rawValue & 15) } }
    }

    public var cornerCurve: CALayerCornerCurve {
        get { read("cornerCurve") { $0.box.cornerCurve == .continuous ? .continuous : .circular } }
        set { write("cornerCurve") { $0.box.cornerCurve = newValue == .continuous ? .continuous : .circular } }
    }

    public var borderWidth: CGFloat {
        get { read("borderWidth") { $0.box.borderWidth } }
        set { write("borderWidth") { $0.box.borderWidth = Double(newValue) } }
    }

    public var borderColor: CGColor? {
        get { read("borderColor") { $0.box.borderColor.map(CGColor.init) } }
        set { write("borderColor") { $0.box.borderColor = newValue?.engine } }
    }

    public var masksToBounds: Bool {
        get { read("masksToBounds") { $0.box.masksToBounds } }
        set { write("masksToBounds") { $0.box.masksToBounds = newValue } }
    }

    public var shadowColor: CGColor? {
        get { read("shadowColor") { $0.box.shadowColor.map(CGColor.init) } }
        set { write("shadowColor") { $0.box.shadowColor = newValue?.engine } }
    }

    public var shadowOpacity: Float {
        get { read("shadowOpacity") { Float($0.box.shadowOpacity) } }
        set { write("shadowOpacity") { $0.box.shadowOpacity = Double(newValue) } }
    }

    public var shadowOffset: CGSize {
        get { read("shadowOffset") { CGSize($0.box.shadowOffset) } }
        set { write("shadowOffset") { $0.box.shadowOffset = newValue.engine } }
    }

    public var shadowRadius: CGFloat {
        get { read("shadowRadius") { $0.box.shadowRadius } }
        set { write("shadowRadius") { $0.box.shadowRadius = Double(newValue) } }
    }

    /// Copied on set, as Core Animation copies it.
    public var shadowPath: CGPath? {
        get { read("shadowPath") { $0.box.shadowPath.map { CGPath(elements: CGPath.elements(of: $0)) } } }
        set { write("shadowPath") { $0.box.shadowPath = newValue?.engine } }
    }

    /// Pixels per point of the layer's contents. Kept and read back; vector contents (text,
    /// gradients, paths) are drawn at the frame's scale whatever it is (docs/design/quartz.md §Text).
    public var contentsScale: CGFloat {
        get { read("contentsScale") { $0.contentsScale } }
        set { write("contentsScale") { $0.contentsScale = Double(newValue) } }
    }

    public var opacity: Float {
        get { read("opacity") { Float($0.opacity) } }
        set { write("opacity") { $0.opacity = Double(newValue) } }
    }

    public var isHidden: Bool {
        get { read("isHidden") { $0.isHidden } }
        set { write("isHidden") { $0.isHidden = newValue } }
    }
}

/// Which corners `cornerRadius` rounds. On iOS, MinY is the top.
public struct CACornerMask: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let layerMinXMinYCorner = CACornerMask(rawValue: 1)
    public static let layerMaxXMinYCorner = CACornerMask(rawValue: 2)
    public static let layerMinXMaxYCorner = CACornerMask(rawValue: 4)
    public static let layerMaxXMaxYCorner = CACornerMask(rawValue: 8)
}

/// The shape of rounded corners: circular arcs, or Apple's continuous curve.
public struct CALayerCornerCurve: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let circular = CALayerCornerCurve(rawValue: "circular")
    public static let continuous = CALayerCornerCurve(rawValue: "continuous")
}
