import Animation
import Controls

extension PlayButton {
    /// What a user of the original configures (docs/design/play-button.md §Styling API), by its names and
    /// with its defaults, plus what the original keeps private (the durations) and our timing curves.
    /// Lengths are in the 44×44 design space.
    public struct Configuration: PropConfiguration, Codable {
        public var playBufferingBackgroundColor = Color.lightGray
        public var playBufferingTintColor = Color.black
        public var pauseStopBackgroundColor = Color.lightGray
        public var pauseStopTintColor = Color.black
        /// Ours: the view behind the button, which is not a button property (the sample app's
        /// `view.backgroundColor`); clear shows the frame's background.
        public var viewBackgroundColor = Color.clear
        /// Bar thickness and corner radius, square width and corner radius, triangle width and corner radius.
        public var geometry = Geometry()
        /// One bar → dot right → bar → dot left → bar cycle.
        public var bufferingDuration = 1.0
        /// Every step but the buffering loop: 0.2 × the buffering cycle in the original.
        public var animationStepDuration = 0.2
        public var contentMode = ContentMode.aspectFit
        /// Ours: the original's steps are all linear.
        public var morphCurve = TimingCurve.linear
        public var rotationCurve = TimingCurve.linear
        public var bufferingCurve = TimingCurve.linear
        public var highlightCurve = TimingCurve.linear

        public init() {}

        /// The defaults with `theme`'s colours.
        public init(theme: Theme) {
            theme.apply(to: &self)
        }

        public static let props: [Prop<Configuration>] = [
            .color("playBufferingBackgroundColor", \.playBufferingBackgroundColor,
                   "The circle in play and buffering. An alpha of 0 is the original's nil: no fill."),
            .color("playBufferingTintColor", \.playBufferingTintColor, "The triangle and the buffering bar."),
            .color("pauseStopBackgroundColor", \.pauseStopBackgroundColor, "The circle in pause and stop."),
            .color("pauseStopTintColor", \.pauseStopTintColor, "The pause bars and the stop square."),
            .color("viewBackgroundColor", \.viewBackgroundColor,
                   "Ours: the view behind the button, over the whole frame (the sample theme's grey); #00000000 is none."),
            .number("barThickness", \.geometry.barThickness, 0...22, step: 0.5, unit: "points",
                    "Height of the horizontal bar (width of a vertical one). Changed alone, the bars come out tapered, as "
                        + "the original builds them from barCornerRadius: keep that at half of this for plain round-ended bars."),
            .number("barCornerRadius", \.geometry.barCornerRadius, 0...11, step: 0.5, unit: "points",
                    "Corner radius of the bars; the pause bars sit ±2 × this from the centre."),
            .number("squareWidth", \.geometry.squareWidth, 0...44, step: 0.5, unit: "points", "Side of the stop square."),
            .number("squareCornerRadius", \.geometry.squareCornerRadius, 0...22, step: 0.5, unit: "points",
                    "Corner radius of the stop square."),
            .number("triangleWidth", \.geometry.triangleWidth, 0...35, step: 0.5, unit: "points",
                    "Height and depth of the play triangle, and the length of the bar."),
            .number("triangleCornerRadius", \.geometry.triangleCornerRadius, 0...10, step: 0.5, unit: "points",
                    "Corner radius of the play triangle."),
            .number("bufferingDuration", \.bufferingDuration, 0.1...10, step: 0.1, unit: "seconds",
                    "One cycle of the buffering loop (private in the original)."),
            .number("animationStepDuration", \.animationStepDuration, 0.05...5, step: 0.05, unit: "seconds",
                    "Each morph, rotation, split and merge step (private in the original: 0.2 × the buffering cycle)."),
            .choice("contentMode", \.contentMode,
                    "How the 44×44 design maps onto the frame: UIKit's .scaleToFill, .scaleAspectFit, .scaleAspectFill."),
            .curve("morphCurve", \.morphCurve, "Timing of the path morphs (triangle ↔ bar, split, merge, expand, shrink)."),
            .curve("rotationCurve", \.rotationCurve, "Timing of the 90° turns and the colour changes that go with them."),
            .curve("bufferingCurve", \.bufferingCurve, "Timing of each buffering cycle."),
            .curve("highlightCurve", \.highlightCurve, "Timing of the 0.92 highlight scale (ours)."),
        ]

        /// The view behind the button; nil when clear.
        var viewBackground: Color? { viewBackgroundColor.alpha > 0 ? viewBackgroundColor : nil }

        /// The background colour for the pause/stop side (`vertical`) or the play/buffering side.
        func background(vertical: Bool) -> Color {
            vertical ? pauseStopBackgroundColor : playBufferingBackgroundColor
        }

        func tint(vertical: Bool) -> Color {
            vertical ? pauseStopTintColor : playBufferingTintColor
        }
    }
}
