import LayercastKit

extension HamburgerButton {
    /// Puts `new` into effect at `time`, at once: the stroke colour and line width show immediately,
    /// also while a change runs, and the background is read each time a frame is painted. Durations,
    /// delays and curves apply from the next change: the running animations keep theirs, so what is on
    /// screen does not jump (the original's constants only ever reach animations added after them).
    public mutating func configure(_ new: Configuration, at time: Double) {
        advance(to: time)
        guard new != configuration else { return }
        configuration = new
        applyStyle()
    }
}
