/// The two video files Layercast writes, and the codec settings each one uses.
///
/// Both are yuv420p at a constant frame rate, encoded on one thread so the same frames give the
/// same bytes (see `VideoEncoderTests`).
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
    /// of their ranges: on layercast-bench video's 480×480 scenes both decode to 49–54 dB PSNR of
    /// the converted frames, within 2 dB of each other, at 25–50 KiB a second. Flat areas cost
    /// almost nothing at any level.
    public var defaultCRF: Int {
        switch self {
        case .mp4: 18
        case .webm: 24
        }
    }

    /// Each encoder's CRF scale: x264's 0…51, libvpx's 0…63 (lower is better).
    public var crfRange: ClosedRange<Int> {
        switch self {
        case .mp4: 0...51
        case .webm: 0...63
        }
    }

    /// A key frame at least this often, so a player seeks without decoding from the start.
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
            // deblocking, more reference frames, less psycho-visual noise). "medium" costs about
            // 4 ms a frame at 480×480; "veryfast" saves 40 % of that for 2 dB less. A 20-frame
            // look-ahead instead of medium's 40 holds 20 MB less at 480×480 for 0.3 dB.
            [("preset", "medium"), ("tune", "animation"), ("crf", String(crf)), ("rc-lookahead", "20")]
        case .webm:
            // Constant quality needs the bit-rate target at 0 (set on the context). libvpx's
            // realtime mode at speed 6 is 4–7× faster than its "good" mode at speed 4–5 for the
            // same quality (about 2.5 against 11 ms a frame at 480×480) and 20–35 % larger, which
            // at these sizes is tens of kilobytes. Without look-ahead frames (libvpx keeps 25 by
            // default, even in realtime mode) it holds 20 MB less at 480×480 for the same result.
            [("crf", String(crf)), ("deadline", "realtime"), ("cpu-used", "6"), ("lag-in-frames", "0")]
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
