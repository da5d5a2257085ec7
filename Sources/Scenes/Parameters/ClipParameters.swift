import APIModel
import Rendering

/// The parameters of every clip, declared once: the four clip routes and `layercast render` read
/// these. Only `fps`'s range and `lossless` differ by format.
package enum ClipParameters {
    package static let secondsRange = 0.1...20.0

    package static let seconds = Param.number(
        "seconds", secondsRange, unit: "seconds", in: .query, example: "0.1",
        "Length of the clip in seconds of scene time. With `scenario` and no `seconds`: the rest of the scenario from "
            + "`ahead`, at most 20."
    ).defaulting(3.0)

    package static let lossless = Param.boolean("lossless", in: .query, "Lossless WebP frames instead of lossy ones at `quality`.")
        .defaulting(false)

    /// What a clip of `format` takes, as the decoder reads it.
    package static func set(_ format: ClipWriter.Format) -> ParameterSet {
        ParameterSet(name: "GET /clip.\(format.rawValue)", parameters: format.parameters, rules: FrameParameters.whenRules,
                     families: [FrameParameters.props], takesBody: false)
    }
}

extension ClipWriter.Format {
    /// GIF delays are centiseconds, and browsers stretch delays under 2 cs to 10 cs.
    package var fps: Parameter<Int> {
        Param.integer("fps", self == .gif ? 1...50 : 1...60, in: .query, example: "10", "Frames per second.")
            .defaulting(to: \.fps, flag: "--fps")
    }

    package var parameters: [any DeclaredParameter] {
        FrameParameters.common + [FrameParameters.ahead, FrameParameters.at, FrameParameters.variants, ClipParameters.seconds, fps]
            + (self == .webp ? [ClipParameters.lossless] : []) + [FrameParameters.scenario]
    }
}
