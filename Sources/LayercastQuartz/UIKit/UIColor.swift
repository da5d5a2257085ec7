import Animation

/// UIKit's colour: a fixed sRGB or grey colour, or a dynamic one that depends on the current trait
/// collection (the system colours). `cgColor` resolves a dynamic colour against
/// `UITraitCollection.current`, as iOS does when the colour reaches a layer
/// (docs/design/quartz.md §Colours).
open class UIColor: NSObject, @unchecked Sendable {
    // Immutable after init, so sharing across threads is safe (hence the unchecked Sendable).
    private enum Storage {
        case fixed(CGColor)
        case dynamic(@Sendable (UITraitCollection) -> UIColor)
    }

    private let storage: Storage

    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        storage = .fixed(CGColor(srgbRed: red, green: green, blue: blue, alpha: alpha))
    }

    public init(white: CGFloat, alpha: CGFloat) {
        storage = .fixed(CGColor(gray: white, alpha: alpha))
    }

    public init(hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat) {
        storage = .fixed(CGColor(Color(hue: Double(hue), saturation: Double(saturation), brightness: Double(brightness),
                                       alpha: Double(alpha))))
    }

    public init(cgColor: CGColor) {
        storage = .fixed(cgColor)
    }

    /// A colour that `provider` chooses for each trait collection.
    public init(dynamicProvider provider: @escaping @Sendable (UITraitCollection) -> UIColor) {
        storage = .dynamic(provider)
    }

    /// The colour for `traitCollection`: itself when fixed.
    open func resolvedColor(with traitCollection: UITraitCollection) -> UIColor {
        switch storage {
        case .fixed: self
        case .dynamic(let provider): provider(traitCollection).resolvedColor(with: traitCollection)
        }
    }

    /// The colour as a layer keeps it, resolved against the current trait collection.
    open var cgColor: CGColor {
        switch resolvedColor(with: .current).storage {
        case .fixed(let c): c
        case .dynamic: CGColor.clear // unreachable: resolving ends on a fixed colour
        }
    }

    open func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
        switch storage {
        case .fixed(let c): UIColor(cgColor: c.copy(alpha: alpha) ?? c)
        case .dynamic(let provider): UIColor { provider($0).withAlphaComponent(alpha) }
        }
    }

    /// sRGB components (a grey's level in each); true, as every colour here converts.
    open func getRed(_ red: UnsafeMutablePointer<CGFloat>?, green: UnsafeMutablePointer<CGFloat>?,
                     blue: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        let c = cgColor.engine
        red?.pointee = c.red
        green?.pointee = c.green
        blue?.pointee = c.blue
        alpha?.pointee = c.alpha
        return true
    }

    /// The grey level and alpha; false for a colour that is not a grey, as UIKit answers.
    open func getWhite(_ white: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        let c = cgColor
        guard c.numberOfComponents == 2, let components = c.components else { return false }
        white?.pointee = components[0]
        alpha?.pointee = components[1]
        return true
    }

    /// Hue, saturation and brightness, each in 0…1, as UIKit defines them.
    open func getHue(_ hue: UnsafeMutablePointer<CGFloat>?, saturation: UnsafeMutablePointer<CGFloat>?,
                     brightness: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        let c = cgColor.engine
        let high = max(c.red, c.green, c.blue), low = min(c.red, c.green, c.blue), range = high - low
        var h = 0.0
        if range > 0 {
            switch high {
            case c.red: h = (c.green - c.blue) / range
            case c.green: h = 2 + (c.blue - c.red) / range
            default: h = 4 + (c.red - c.green) / range
            }
            h /= 6
            if h < 0 { h += 1 }
        }
        hue?.pointee = h
        saturation?.pointee = high > 0 ? range / high : 0
        brightness?.pointee = high
        alpha?.pointee = c.alpha
        return true
    }

    /// Equal when both are fixed and the same colour, or are the same dynamic colour.
    override open func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UIColor else { return false }
        switch (storage, other.storage) {
        case (.fixed(let a), .fixed(let b)): return a == b
        default: return self === other
        }
    }

    override open var hash: Int {
        switch storage {
        case .fixed(let c): c.hashValue
        case .dynamic: ObjectIdentifier(self).hashValue
        }
    }
}
