import LayercastKit

extension HamburgerButton.Configuration {
    /// The props panel, the schema of `GET /controls/hamburger-button/props` and its checks: the
    /// style, then each animation's duration, delay and curve, opening first.
    public static let props: [Prop<Self>] = [
        .color("strokeColor", \.strokeColor, "The three strokes (white in the original)."),
        .color("background", \.background,
               "The view behind the button (the demo's green, #269744); a clear colour shows the frame's own."),
        .number("lineWidth", \.lineWidth, 0.5...10, step: 0.5, unit: "points",
                "The strokes' width; the strokes still turn about their ends as at the original's 4."),
    ]
        + timing("openStrokeStart", "Opening: the ring's start (it dips back first)",
                 \.openStrokeStartDuration, \.openStrokeStartDelay, \.openStrokeStartCurve)
        + timing("openStrokeEnd", "Opening: the ring's end, drawn round the circle",
                 \.openStrokeEndDuration, \.openStrokeEndDelay, \.openStrokeEndCurve)
        + timing("openTransform", "Opening: the outer strokes' turn into the X",
                 \.openTransformDuration, \.openTransformDelay, \.openTransformCurve)
        + timing("closeStrokeStart", "Closing: the ring's start, back to the middle bar",
                 \.closeStrokeStartDuration, \.closeStrokeStartDelay, \.closeStrokeStartCurve)
        + timing("closeStrokeEnd", "Closing: the ring's end, back to the bar's end",
                 \.closeStrokeEndDuration, \.closeStrokeEndDelay, \.closeStrokeEndCurve)
        + timing("closeTransform", "Closing: the outer strokes' turn back to bars",
                 \.closeTransformDuration, \.closeTransformDelay, \.closeTransformCurve)

    /// Durations a change's animations may take, in seconds.
    public static let durations = 0.05...5.0
    /// Delays after a change before an animation starts, in seconds.
    public static let delays = 0.0...5.0

    /// One animation's three props: `{name}Duration`, `{name}Delay` and `{name}Curve`.
    private static func timing(
        _ name: String, _ what: String, _ duration: WritableKeyPath<Self, Double> & Sendable,
        _ delay: WritableKeyPath<Self, Double> & Sendable, _ curve: WritableKeyPath<Self, TimingCurve> & Sendable
    ) -> [Prop<Self>] {
        [
            .number(name + "Duration", duration, durations, step: 0.05, unit: "seconds", "\(what): how long it runs."),
            .number(name + "Delay", delay, delays, step: 0.05, unit: "seconds",
                    "\(what): how long after the change it starts, holding its from value meanwhile."),
            .curve(name + "Curve", curve, "\(what): its timing curve (y may overshoot, within −1…2)."),
        ]
    }
}
