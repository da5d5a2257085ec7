import Animation
import Controls

extension MusicPlayer {
    /// The original's constants as knobs (docs/design/music-player.md §Progress ring, §Progress ticks,
    /// §Disc motion, §The light blur), lengths in the 240 pt design.
    public struct Configuration: PropConfiguration, Codable {
        /// The progress ring's `lineWidth`; its radius is the button's half side less this, 48 − 8 = 40.
        public var ringWidth = 8.0
        public var ringColor = Color.white
        /// One turn of the disc: 6 s, 60°/s.
        public var rotationPeriod = 6.0
        /// UIKit's light blur as `UIImageEffects` implements it: radius 30, saturation × 1.8, white at 0.3.
        public var blurRadius = 30.0
        public var blurSaturation = 1.8
        public var blurTint = Color(white: 1, alpha: 0.3)
        /// The fake player's timer: one percent per tick, and each tick's ring animation as long.
        public var tickInterval = 0.5
        /// Ours: play resumes; the original's fake player restarts at 0 and its first tick runs the ring
        /// backwards (docs/design/music-player.md §Pause and replay).
        public var restartsOnPlay = false
        public var blurFadeCurve = TimingCurve.easeInEaseOut
        public var maskCurve = TimingCurve.linear
        public var spinCurve = TimingCurve.linear
        public var ringCurve = TimingCurve.linear
        /// The server's own artwork (`--artwork`), not a prop; nil shows `DefaultArtwork`.
        public var artwork: Bitmap?

        public init() {}

        /// The blur, saturation and tint the blurred cover is drawn with.
        public var lightBlur: ImageEffect {
            ImageEffect(blurRadius: blurRadius, saturation: blurSaturation, tint: blurTint)
        }

        public static let props: [Prop<Configuration>] = [
            .number("ringWidth", \.ringWidth, 1...24, step: 0.5, unit: "points",
                    "The progress ring's width; it keeps to the 96 pt button, its radius 48 less the width."),
            .color("ringColor", \.ringColor, "The progress ring (white in the original)."),
            .number("rotationPeriod", \.rotationPeriod, 0.5...60, step: 0.5, unit: "seconds", "One turn of the playing disc."),
            .number("blurRadius", \.blurRadius, 0...60, step: 1, unit: "points", "The light blur's radius (30 pt in UIKit's)."),
            .number("blurSaturation", \.blurSaturation, 0...3, step: 0.1,
                    "Colours away from grey by this factor after the blur (1.8 in UIKit's; 1 leaves them)."),
            .color("blurTint", \.blurTint, "Painted over the blurred cover (white at 0.3 in UIKit's)."),
            .number("tickInterval", \.tickInterval, 0.05...5, step: 0.05, unit: "seconds",
                    "One percent of progress per tick, each tick's ring animation as long (0.5 s in the original)."),
            .flag("restartsOnPlay", \.restartsOnPlay,
                  "The original's fake player: play restarts at 0, the ring running back (ours resumes)."),
            .curve("blurFadeCurve", \.blurFadeCurve, "Timing of the blur's fade in and out (UIView's ease-in-out)."),
            .curve("maskCurve", \.maskCurve, "Timing of the square shrinking into the disc and back."),
            .curve("spinCurve", \.spinCurve, "Timing of each turn of the disc."),
            .curve("ringCurve", \.ringCurve, "Timing of each tick's ring animation."),
        ]
    }
}
