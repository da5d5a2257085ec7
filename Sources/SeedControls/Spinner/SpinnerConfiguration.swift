import Animation
import Controls

extension Spinner {
    /// The post's constants as knobs (docs/design/spinner.md §Geometry and colour, §Animations).
    public struct Configuration: PropConfiguration, Codable {
        /// #CE413D, the red the post sets before its tint-colour step.
        public var color = Color(red: 0.8078, green: 0.2549, blue: 0.2392)
        public var lineWidth = 4.0
        /// Each stroke end's run from 0 to 1.
        public var strokeDuration = 2.0
        /// One cycle of the two groups, after which both ends start again.
        public var cycleDuration = 2.5
        /// How long the start waits, in each cycle, before it runs after the end.
        public var strokeStartDelay = 0.5
        /// One turn of the layer.
        public var rotationPeriod = 4.0
        public var strokeEndCurve = TimingCurve.easeInEaseOut
        public var strokeStartCurve = TimingCurve.easeInEaseOut
        public var rotationCurve = TimingCurve.linear

        public init() {}

        public static let props: [Prop<Configuration>] = [
            .color("color", \.color, "The stroke (the post's red, #CE413D)."),
            .number("lineWidth", \.lineWidth, 0.5...16, step: 0.5, unit: "points",
                    "The stroke's width; the circle keeps inside the 48 pt view."),
            .number("strokeDuration", \.strokeDuration, 0.1...10, step: 0.1, unit: "seconds",
                    "How long each end takes to run round the circle."),
            .number("cycleDuration", \.cycleDuration, 0.1...10, step: 0.1, unit: "seconds",
                    "One cycle: both ends start again after it."),
            .number("strokeStartDelay", \.strokeStartDelay, 0...10, step: 0.1, unit: "seconds",
                    "How long the start waits in each cycle before it follows the end."),
            .number("rotationPeriod", \.rotationPeriod, 0.1...20, step: 0.1, unit: "seconds", "One turn of the whole ring."),
            .curve("strokeEndCurve", \.strokeEndCurve, "Timing of the end's run."),
            .curve("strokeStartCurve", \.strokeStartCurve, "Timing of the start's run."),
            .curve("rotationCurve", \.rotationCurve, "Timing of each turn."),
        ]
    }
}
