import CAVCodec

/// H.264 in fragmented MP4, a frame at a time, for a live stream (issue 33): `initSegment` (ftyp
/// and an empty moov) once, then each `add` gives that frame's fragment (moof and mdat) at once, so
/// one encoder can serve every viewer of a feed, and a viewer that joins takes the init segment and
/// the fragments from the last key frame on. This is the shape Media Source Extensions and players
/// (ffplay, VLC) read: `default_base_moof`, each fragment decodable after its predecessors.
///
/// Latency: x264's zero-latency tune, so no B-frames and no look-ahead, and a frame's packet leaves
/// the encoder as the frame goes in. A key frame every `keyInterval` frames and whenever `add` is
/// asked for one. One thread, as the clips' encoder (`VideoEncoder`): a feed never takes more than a
/// core, and the same frames give the same bytes.
///
/// Memory: the encoder's frames (a handful at zero latency) and one fragment's bytes; each fragment
/// is handed over as it is made, and one larger than `fragmentLimit` fails instead of growing.
public final class LiveVideoEncoder {
    /// One frame's fragment.
    public struct Fragment: Sendable {
        public let bytes: [UInt8]
        /// Whether it starts with a key frame (an IDR picture): a viewer can start here.
        public let isKey: Bool
        /// The frame's number from the stream's start; its decode time is this × `ticksPerFrame`.
        public let index: Int
    }

    /// The scheme of the `emsg` box before each fragment that carries its source time: the frame's
    /// scene time as text, as the stream's `X-Scene-Time` writes it. A client matches a decoded frame
    /// to the exact still frame of that time with it (`frame.png?at=`).
    public static let sceneTimeScheme = "urn:layercast:scene-time"

    /// The track counts this many ticks a frame, so each frame's decode time is its number × this.
    public static let ticksPerFrame = 1000

    public let width: Int
    public let height: Int
    public let fps: Int
    public let keyInterval: Int
    /// ftyp and moov: what a player reads before any fragment.
    public let initSegment: [UInt8]
    public private(set) var frameCount = 0
    /// The constant quality frames are encoded at unless `add` asks for another.
    public let crf: Int
    /// x264's settings beyond its veryfast preset and zero-latency tune:
    /// - `scenecut=0`: no scene-cut key frames; x264 took a small spinner's turn for a cut every few
    ///   frames, and key frames come only on the interval or when asked;
    /// - `subme=1` (one quarter-pixel step, SAD decisions, against veryfast's 2) and `weightp=0` (no
    ///   weighted prediction, which serves fades): together 25 % less of x264's time on the fresh
    ///   scene, for 2.4 % more bytes (docs/performance.md, "Server CPU, MP4 against MJPEG").
    static let x264Parameters = "scenecut=0:subme=1:weightp=0"

    private let muxer: VideoMuxer
    private let converter: FrameConverter
    private var codec: UnsafeMutablePointer<AVCodecContext>?
    /// The quality x264 is set to now: a change is applied before the next frame (libx264
    /// reconfigures its rate control when its `crf` option differs from the one in use).
    private var currentCRF: Int

    /// `crf` on x264's scale (`VideoFormat.mp4.crfRange`); `keyInterval` in frames.
    public init(width: Int, height: Int, fps: Int, keyInterval: Int, crf: Int,
                background: Background = .transparent) throws(VideoEncodingError) {
        guard (1...VideoEncoder.maxDimension).contains(width), (1...VideoEncoder.maxDimension).contains(height) else {
            throw .invalidSize(width: width, height: height)
        }
        guard VideoEncoder.fpsRange.contains(fps), keyInterval >= 1 else { throw .invalidTiming(fps: fps, frameCount: keyInterval) }
        self.width = width
        self.height = height
        self.fps = fps
        self.keyInterval = keyInterval
        // A fragment holds one frame: its raw yuv420p size bounds it with room to spare.
        let fragmentLimit = FrameConverter.coded(width) * FrameConverter.coded(height) * 3 / 2 + 64 * 1024
        muxer = try VideoMuxer(format: .mp4, limit: fragmentLimit)
        converter = try FrameConverter(width: width, height: height, background: background, matrix: .bt601Fast)
        let quality = Self.clamped(crf)
        self.crf = quality
        currentCRF = quality
        // Zero latency (no B-frames, no look-ahead); "forced-idr": a key frame asked for is an IDR
        // picture, where a decoder can start.
        let context = try openVideoCodec(VideoFormat.mp4.encoder, width: width, height: height, fps: fps,
                                         keyInterval: keyInterval, globalHeader: true, matrix: converter.matrix,
                                         options: [("preset", "veryfast"), ("tune", "zerolatency"),
                                                   ("crf", String(quality)), ("forced-idr", "1"),
                                                   ("x264-params", Self.x264Parameters)])
        codec = context
        // An empty moov up front and each fragment on its own (frag_custom: ended by `takeFragment`),
        // its offsets counted from its own moof as Media Source needs.
        try muxer.writeHeader(codec: context, options: [
            ("movflags", "empty_moov+default_base_moof+frag_custom"),
            ("video_track_timescale", String(fps * Self.ticksPerFrame)),
        ])
        initSegment = try muxer.takeWritten()
    }

    deinit {
        avcodec_free_context(&codec)
    }

    private static func clamped(_ crf: Int) -> Int {
        min(max(crf, VideoFormat.mp4.crfRange.lowerBound), VideoFormat.mp4.crfRange.upperBound)
    }

    /// Encodes the next frame and returns its fragment; a key frame when `key` or when
    /// `keyInterval` frames have passed since the last. `crf`, when given, is this frame's quality
    /// (a still picture sent again finer: its residual against the coarser frame before it);
    /// `sceneTime`, when given, goes before the fragment in an `emsg` box (`sceneTimeScheme`).
    public func add(_ image: RenderedImage, key: Bool = false, crf: Int? = nil,
                    sceneTime: String? = nil) throws(VideoEncodingError) -> Fragment {
        guard let codec else { throw .finished }
        guard image.width == width, image.height == height else {
            throw .frameSizeMismatch(expected: "\(width)×\(height)", got: "\(image.width)×\(image.height)")
        }
        let quality = crf.map(Self.clamped) ?? self.crf
        if quality != currentCRF {
            try VideoEncodingError.check(av_opt_set(codec.pointee.priv_data, "crf", String(quality), 0), "setting the quality")
            currentCRF = quality
        }
        let frame = try converter.convert(image, pts: Int64(frameCount))
        frame.pointee.pict_type = key ? AV_PICTURE_TYPE_I : AV_PICTURE_TYPE_NONE
        try VideoEncodingError.check(avcodec_send_frame(codec, frame), "encoding a frame")
        let index = frameCount
        frameCount += 1
        var isKey = false
        let packet = muxer.packet
        while true {
            let status = avcodec_receive_packet(codec, packet)
            if status == layercast_averror_eagain() || status == layercast_averror_eof() { break }
            try VideoEncodingError.check(status, "encoding a frame")
            defer { av_packet_unref(packet) }
            isKey = isKey || packet.pointee.flags & AV_PKT_FLAG_KEY != 0
            try muxer.write(packet, codecTimeBase: codec.pointee.time_base)
        }
        let fragment = try muxer.takeFragment()
        let event = sceneTime.map { Self.eventMessage($0, timescale: fps * Self.ticksPerFrame, id: index) } ?? []
        return Fragment(bytes: event + fragment, isKey: isKey, index: index)
    }

    /// An `emsg` box, version 0 (ISO/IEC 23009-1 §5.10.3.3): its time is that of the fragment that
    /// follows it (a delta of 0), so it needs no change when a viewer's timeline is moved back.
    static func eventMessage(_ text: String, timescale: Int, id: Int) -> [UInt8] {
        func u32(_ v: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: v >> (24 - 8 * $0)) } }
        let body: [UInt8] = [0, 0, 0, 0] + Array(sceneTimeScheme.utf8) + [0] + [0]
            + u32(timescale) + u32(0) + u32(ticksPerFrame) + u32(id) + Array(text.utf8)
        return u32(8 + body.count) + Array("emsg".utf8) + body
    }
}
