/// The corners of a rectangle, as UIKit names them on its y-down screen: top is the minimum y.
public struct UIRectCorner: OptionSet, Hashable, Sendable {
    /// UIKit's bits, one per corner.
    public let rawValue: UInt

    /// A set from UIKit's bits: top left 1, top right 2, bottom left 4, bottom right 8.
    public init(rawValue: UInt) {
        self.rawValue = rawValue
    }

    /// The corner at the minimum x and minimum y.
    public static let topLeft = UIRectCorner(rawValue: 1 << 0)
    /// The corner at the maximum x and minimum y.
    public static let topRight = UIRectCorner(rawValue: 1 << 1)
    /// The corner at the minimum x and maximum y.
    public static let bottomLeft = UIRectCorner(rawValue: 1 << 2)
    /// The corner at the maximum x and maximum y.
    public static let bottomRight = UIRectCorner(rawValue: 1 << 3)
    /// Every bit set, as UIKit defines it (~0), so it holds the four corners.
    public static let allCorners = UIRectCorner(rawValue: ~0)
}
