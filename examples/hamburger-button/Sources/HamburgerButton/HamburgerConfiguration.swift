import LayercastKit

extension HamburgerButton {
    /// The original's constants as knobs, with its values as defaults (README.md §The original,
    /// Animations: the repository's final code, not the post's draft).
    ///
    /// Curves are Controls' `TimingCurve`, cubic Béziers by their control points, which the props
    /// panel edits; each animation takes its engine curve (`TimingCurve.function`). Every delayed
    /// animation fills backwards, so it shows its from value while it waits; with no delay that
    /// changes nothing, so the fill is not a knob.
    public struct Configuration: PropConfiguration, Codable {
        /// The three strokes.
        public var strokeColor = Color.white
        /// The view behind the button: the demo's green, RGB (38, 151, 68)/255, since white strokes on a
        /// white frame would not show. An alpha of 0 is none (the frame's own background).
        public var background = Color(r: 38, g: 151, b: 68)
        /// The strokes' width. The layout keeps the original's bounds (`Geometry.layoutLineWidth`).
        public var lineWidth = 4.0

        /// Opening (to the X): the ring's start, which dips back before it runs on (anticipation).
        public var openStrokeStartDuration = 0.5
        /// Seconds after the change before it starts.
        public var openStrokeStartDelay = 0.0
        /// Its timing curve.
        public var openStrokeStartCurve = TimingCurve.bezier(x1: 0.25, y1: -0.4, x2: 0.5, y2: 1)
        /// Opening: the ring's end, drawn round the circle on the same anticipating curve.
        public var openStrokeEndDuration = 0.6
        /// Seconds after the change before it starts.
        public var openStrokeEndDelay = 0.0
        /// Its timing curve.
        public var openStrokeEndCurve = TimingCurve.bezier(x1: 0.25, y1: -0.4, x2: 0.5, y2: 1)
        /// The outer strokes' turn and shift, which waits for the ring to start drawing.
        public var openTransformDuration = 0.4
        /// Seconds after the change before it starts.
        public var openTransformDelay = 0.25
        /// Its timing curve.
        public var openTransformCurve = TimingCurve.bezier(x1: 0.5, y1: -0.8, x2: 0.5, y2: 1.85)

        /// Closing (to the hamburger): the ring's start, back to the bar with a little overshoot.
        public var closeStrokeStartDuration = 0.5
        /// The start waits, so the ring's tail first runs on before the bar comes back.
        public var closeStrokeStartDelay = 0.1
        /// Its timing curve.
        public var closeStrokeStartCurve = TimingCurve.bezier(x1: 0.25, y1: 0, x2: 0.5, y2: 1.2)
        /// Closing: the ring's end, back to the bar's end.
        public var closeStrokeEndDuration = 0.6
        /// Seconds after the change before it starts.
        public var closeStrokeEndDelay = 0.0
        /// Its timing curve.
        public var closeStrokeEndCurve = TimingCurve.bezier(x1: 0.25, y1: 0.3, x2: 0.5, y2: 0.9)
        /// Closing: the outer strokes turn back after a short wait, on the same overshooting curve.
        public var closeTransformDuration = 0.4
        /// Seconds after the change before it starts.
        public var closeTransformDelay = 0.05
        /// Its timing curve.
        public var closeTransformCurve = TimingCurve.bezier(x1: 0.5, y1: -0.8, x2: 0.5, y2: 1.85)

        /// The original's values.
        public init() {}

        /// The view background, or nil when it is clear.
        public var viewBackground: Color? { background.alpha > 0 ? background : nil }

        /// One animation's timing for a change towards `open`.
        func motion(_ track: Track, opening open: Bool) -> Motion {
            switch (track, open) {
            case (.strokeStart, true): Motion(openStrokeStartDuration, openStrokeStartDelay, openStrokeStartCurve)
            case (.strokeEnd, true): Motion(openStrokeEndDuration, openStrokeEndDelay, openStrokeEndCurve)
            case (.transform, true): Motion(openTransformDuration, openTransformDelay, openTransformCurve)
            case (.strokeStart, false): Motion(closeStrokeStartDuration, closeStrokeStartDelay, closeStrokeStartCurve)
            case (.strokeEnd, false): Motion(closeStrokeEndDuration, closeStrokeEndDelay, closeStrokeEndCurve)
            case (.transform, false): Motion(closeTransformDuration, closeTransformDelay, closeTransformCurve)
            }
        }
    }
}
