/// A clip written frame by frame in one of the formats Layercast makes: an animated WebP or GIF,
/// or an MP4 or WebM video. Frame i is shown at `timing.offset(ofFrame: i)` for the duration its
/// container can store (`ClipTiming.durations`); frames are encoded as they are added, so memory
/// holds the encoder's window and the compressed file, not the frames.
public final class ClipWriter {
    public enum Format: String, Sendable, CaseIterable {
        case webp, gif, mp4, webm

        public var contentType: String {
            switch self {
            case .webp: "image/webp"
            case .gif: "image/gif"
            case .mp4: VideoFormat.mp4.contentType
            case .webm: VideoFormat.webm.contentType
            }
        }
    }

    public let format: Format
    public let timing: ClipTiming
    private let add: (RenderedImage, Int) throws -> Void
    private let finishing: () throws -> [UInt8]
    private let durations: [Int]
    public private(set) var frameCount = 0

    /// `quality` (1–100) and `lossless` apply to WebP only; `background`, the frames' own, to the
    /// padding a video adds to an odd width or height (`VideoEncoder.Options.background`).
    public init(_ format: Format, width: Int, height: Int, timing: ClipTiming, quality: Int = 80,
                lossless: Bool = false, background: Background = .transparent) throws {
        self.format = format
        self.timing = timing
        switch format {
        case .webp:
            let encoder = try WebPAnimationEncoder(width: width, height: height,
                                                   options: .init(lossless: lossless, quality: Double(quality)))
            (add, finishing) = ({ try encoder.add($0, durationMilliseconds: $1) }, encoder.finish)
            durations = timing.durations(unitsPerSecond: 1000)
        case .gif:
            let encoder = try GIFEncoder(width: width, height: height)
            (add, finishing) = ({ try encoder.add($0, delayCentiseconds: $1) }, encoder.finish)
            durations = timing.durations(unitsPerSecond: 100)
        case .mp4, .webm:
            let encoder = try VideoEncoder(format: format == .mp4 ? .mp4 : .webm, width: width, height: height,
                                           fps: timing.fps, frameCount: timing.frameCount,
                                           options: .init(background: background))
            (add, finishing) = ({ image, _ in try encoder.add(image) }, encoder.finish)
            durations = Array(repeating: 1, count: timing.frameCount)
        }
    }

    /// Adds the next frame; at most `timing.frameCount`.
    public func add(_ image: RenderedImage) throws {
        guard frameCount < durations.count else { throw ClipEncodingError.finished }
        try add(image, durations[frameCount])
        frameCount += 1
    }

    /// The file's bytes.
    public func finish() throws -> [UInt8] {
        try finishing()
    }
}
