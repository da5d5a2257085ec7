import Rendering
import Scenes

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
}
