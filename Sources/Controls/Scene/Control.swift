import Animation

/// What every control offers the scene: a design size it is laid out in, a way to catch up with
/// time (firing completions in order), and a render tree at a time.
public protocol Control: Sendable {
    /// The size the control is designed at; frames scale it into their own size by `contentMode`.
    var designSize: Size { get }
    /// How the design size maps onto a frame; aspect fit unless the control says otherwise.
    var contentMode: ContentMode { get }
    /// Delivers every animation stop up to `time`, in time order, to the control's state machine.
    mutating func advance(to time: Double)
    /// The control's layer tree at scene time `time`, in design coordinates, built for `options`.
    func snapshot(at time: Double, options: FrameOptions) -> LayerSnapshot
    /// The colour of the view the original sits on, as its sample app sets it (UIKit's
    /// `view.backgroundColor`): a frame paints it over the control's whole cell. nil shows the
    /// frame's own background.
    var viewBackground: Color? { get }
    /// The control's layers, whose records a timeline reads.
    var layerTree: ShapeLayer { get }
    /// Drops the records of animations that stopped showing before `time` (a timeline's bound).
    mutating func forgetAnimationRecords(endedBefore time: Double)
}

extension Control {
    public var contentMode: ContentMode { .aspectFit }
    public var viewBackground: Color? { nil }

    /// The layer tree as a default frame (label shown, light backdrop) draws it.
    public func snapshot(at time: Double) -> LayerSnapshot {
        snapshot(at: time, options: FrameOptions())
    }
}
