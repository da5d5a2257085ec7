import Rendering

/// What the four clip routes declare differently, from the formats `ClipWriter` writes.
extension ClipWriter.Format {
    var isVideo: Bool { self == .mp4 || self == .webm }

    /// The operation id's suffix: clipWebP, clipGIF, clipMP4, clipWebM.
    var operationName: String {
        switch self {
        case .webp: "WebP"
        case .gif: "GIF"
        case .mp4: "MP4"
        case .webm: "WebM"
        }
    }

    var title: String {
        switch self {
        case .webp: "an animated WebP"
        case .gif: "an animated GIF"
        case .mp4: "an MP4 video (H.264)"
        case .webm: "a WebM video (VP9)"
        }
    }

    var encodedFormat: EncodedFormat {
        switch self {
        case .webp: .webp
        case .gif: .gif
        case .mp4: .mp4
        case .webm: .webm
        }
    }

    /// GIF delays are centiseconds, and browsers stretch delays under 2 cs to 10 cs.
    var fps: Parameter<Int> {
        Param.integer("fps", self == .gif ? 1...50 : 1...60, in: .query, example: "10", "Frames per second.")
            .defaulting(to: \.fps, flag: "--fps")
    }

    var parameters: [any DeclaredParameter] {
        FrameParameters.common + [FrameParameters.ahead, FrameParameters.at, FrameParameters.variants, APIContext.clipSeconds, fps]
            + (self == .webp ? [APIContext.clipLossless] : []) + [FrameParameters.scenario]
    }
}
