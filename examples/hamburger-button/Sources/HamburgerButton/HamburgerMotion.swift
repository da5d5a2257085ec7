import LayercastKit

extension HamburgerButton {
    /// The three animated quantities of the original's table (README.md §The original).
    enum Track: CaseIterable {
        case strokeStart, strokeEnd, transform
    }

    /// How one animation runs: for `duration` seconds on `curve`, starting `delay` seconds after the change.
    struct Motion {
        var duration: Double
        var delay: Double
        /// The engine's curve; nil is linear.
        var curve: TimingFunction?

        init(_ duration: Double, _ delay: Double, _ curve: TimingCurve) {
            (self.duration, self.delay, self.curve) = (duration, delay, curve.function)
        }
    }
}
