/// What an image layer does to its bitmap before drawing it, in the order Apple's `UIImageEffects`
/// sample applies them: a blur, a saturation change, then a tint painted over
/// (docs/design/engine.md §Blur). The parameters are generic; a control declares the values.
public struct ImageEffect: Sendable, Hashable, Codable {
    /// The blur's radius in the image rect's units, used as the Gaussian σ; 0 is no blur.
    public var blurRadius: Double
    /// Colours move away from their luminance by this factor; 1 leaves them, 0 is grey.
    public var saturation: Double
    /// Painted over the whole rect after the other two steps.
    public var tint: Color?

    public init(blurRadius: Double = 0, saturation: Double = 1, tint: Color? = nil) {
        self.blurRadius = blurRadius
        self.saturation = saturation
        self.tint = tint
    }

    /// The bitmap as it is.
    public static let none = ImageEffect()
}
