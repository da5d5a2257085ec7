/// UIKit's insets: distances in from each edge of a rectangle, positive inwards.
public struct UIEdgeInsets: Hashable, Sendable {
    public var top: CGFloat
    public var left: CGFloat
    public var bottom: CGFloat
    public var right: CGFloat

    public init() {
        (top, left, bottom, right) = (0, 0, 0, 0)
    }

    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        (self.top, self.left, self.bottom, self.right) = (top, left, bottom, right)
    }

    public static let zero = UIEdgeInsets()
}

extension CGRect {
    /// The rectangle with each edge moved in by its inset (out, for a negative one). Insets wider
    /// than the rectangle leave the null rectangle, as UIKit's `UIEdgeInsetsInsetRect` does through
    /// `CGRectInset`.
    public func inset(by insets: UIEdgeInsets) -> CGRect {
        let r = standardized
        let width = r.width - insets.left - insets.right, height = r.height - insets.top - insets.bottom
        guard width >= 0, height >= 0 else { return .null }
        return CGRect(x: r.minX + insets.left, y: r.minY + insets.top, width: width, height: height)
    }
}
