import Animation
import Controls

extension RecordingMeter {
    /// The sample app's constants as knobs (docs/design/recording-meter.md §Geometry, §Colours,
    /// §Behaviour), lengths in the 320 pt design.
    public struct Configuration: PropConfiguration, Codable {
        /// Seconds a full ring takes: 45 in the class, 10 in the sample app.
        public var duration = RecordingMeter.defaultDuration
        /// `strokeWidth`: the track and every segment.
        public var lineWidth = 7.0
        /// UIColor.lightGray, RGB (170,170,170).
        public var trackColor = Color.lightGray
        /// `insets.top + insets.bottom` (10 + 10), taken off the half-width for the radius.
        public var inset = 20.0
        /// Fixes the random colours: the kth segment since the meter was made takes the kth colour the
        /// seed gives (ours: the original calls `arc4random`).
        public var seed: UInt64 = 0x5EED
        /// Ours: colours for the segments in ring order, oldest first, repeating; empty is the
        /// original's random colours.
        public var segmentColors: [Color] = []
        /// Ours: every edge moves linearly in the original (docs/design/recording-meter.md §Closed form).
        public var strokeCurve = TimingCurve.linear

        public init() {}

        /// The seed as a prop: a whole number that JSON keeps exactly (below 2^53).
        var seedNumber: Int {
            get { Int(truncatingIfNeeded: seed) }
            set { seed = UInt64(truncatingIfNeeded: newValue) }
        }

        public static let seedRange = 0...9_007_199_254_740_991

        public static let maxSegmentColors = 16

        public static let props: [Prop<Configuration>] = [
            .number("duration", \.duration, RecordingMeter.durationRange, step: 1, unit: "seconds",
                    "Seconds a full ring takes; only while the meter is empty (PUT /meter/config is the same)."),
            .number("lineWidth", \.lineWidth, 0.5...40, step: 0.5, unit: "points", "The width of the track and of every segment."),
            .color("trackColor", \.trackColor, "The track still to record (UIColor.lightGray)."),
            .number("inset", \.inset, 0...140, step: 1, unit: "points",
                    "Taken off half the 320 pt side for the radius (the original's insets, 10 + 10)."),
            .integer("seed", \.seedNumber, seedRange, "Fixes the random segment colours: the same seed, the same colours."),
            .colors("segmentColors", \.segmentColors, maxCount: maxSegmentColors,
                    "Colours for the segments, oldest first, repeating; none for the original's random ones."),
            .curve("strokeCurve", \.strokeCurve, "Timing of every edge's run to the full ring (linear in the original)."),
        ]
    }
}
