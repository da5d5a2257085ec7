/// The two video files Layercast writes, and the codec settings each one uses.
///
/// Both are yuv420p at a constant frame rate, single-threaded (so the bytes are the same on
/// every run and every machine: see `VideoEncoderTests`), with a key frame every
/// `keyFrameSeconds` so a player can seek without decoding from the start.
public enum VideoFormat: String, Sendable, CaseIterable {
    /// H.264 (libx264) in MP4, the index (moov) before the data so playback starts at once.
    case mp4
    /// VP9 (libvpx-vp9) in WebM.
    case webm

    public var contentType: String {
        switch self {
        case .mp4: "video/mp4"
        case .webm: "video/webm"
        }
    }

    /// Constant-quality level when the caller gives none. UI motion is flat colours and sharp
    /// edges, where a blocky or ringing edge shows at once, so both sit at the high-quality end
    /// of their usual ranges; flat areas cost almost nothing at any level.
    public var defaultCRF: Int {
        switch self {
        case .mp4: 18
        case .webm: 30
        }
    }

    /// Each encoder's CRF scale: x264's 0…51, libvpx's 0…63 (lower is better).
    public var crfRange: ClosedRange<Int> {
        switch self {
        case .mp4: 0...51
        case .webm: 0...63
        }
    }

    static let keyFrameSeconds = 2

    /// libavformat's muxer name.
    var muxer: String { rawValue }

    /// libavcodec's encoder name.
    var encoder: String {
        switch self {
        case .mp4: "libx264"
        case .webm: "libvpx-vp9"
        }
    }

    /// The encoder's private options (libavcodec's names), besides threads, GOP and colour,
    /// which are set on the codec context for both.
    func encoderOptions(crf: Int) -> [(String, String)] {
        switch self {
        case .mp4:
            // "animation" is x264's tune for cartoons: flat colour, hard edges (stronger
            // deblocking, more reference frames, less psycho-visual noise).
            [("preset", "medium"), ("tune", "animation"), ("crf", String(crf))]
        case .webm:
            // Constant quality needs the bit-rate target at 0 (set on the context). "screen"
            // content tuning is libvpx's mode for UI captures; cpu-used 4 is the speed of x264's
            // medium preset on this content (layercast-bench video).
            [("crf", String(crf)), ("deadline", "good"), ("cpu-used", "4"), ("row-mt", "0"), ("tune-content", "screen")]
        }
    }

    /// The muxer's options.
    func muxerOptions(fps: Int) -> [(String, String)] {
        switch self {
        case .mp4:
            // 1000 ticks per frame for the track and the movie header alike, so every duration,
            // the file's included, is exact (by default the movie header counts milliseconds).
            [("movflags", "+faststart"), ("video_track_timescale", String(fps * 1000)), ("movie_timescale", String(fps * 1000))]
        case .webm:
            // Matroska as libavformat writes it counts whole milliseconds.
            []
        }
    }
}
