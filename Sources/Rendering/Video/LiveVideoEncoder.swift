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
        /// The frame's number from the stream's start; its decode time is this many 1/fps ticks.
        public let index: Int
    }

    public let width: Int
    public let height: Int
    public let fps: Int
    public let keyInterval: Int
    /// ftyp and moov: what a player reads before any fragment.
    public let initSegment: [UInt8]
    public private(set) var frameCount = 0

    private let muxer: VideoMuxer
    private let converter: FrameConverter
    private var codec: UnsafeMutablePointer<AVCodecContext>?

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
        _ = quietLibAV
        guard let encoder = avcodec_find_encoder_by_name(VideoFormat.mp4.encoder) else {
            throw .encoderUnavailable(VideoFormat.mp4.encoder)
        }
        // A fragment holds one frame: its raw yuv420p size bounds it with room to spare.
        let fragmentLimit = FrameConverter.coded(width) * FrameConverter.coded(height) * 3 / 2 + 64 * 1024
        muxer = try VideoMuxer(format: .mp4, limit: fragmentLimit)
        converter = try FrameConverter(width: width, height: height, background: background)
        guard let context = avcodec_alloc_context3(encoder) else {
            throw .libav(step: "creating the live encoder", code: layercast_averror(ENOMEM), message: "out of memory")
        }
        codec = context
        context.pointee.width = Int32(FrameConverter.coded(width))
        context.pointee.height = Int32(FrameConverter.coded(height))
        context.pointee.pix_fmt = AV_PIX_FMT_YUV420P
        context.pointee.time_base = AVRational(num: 1, den: Int32(fps))
        context.pointee.framerate = AVRational(num: Int32(fps), den: 1)
        context.pointee.gop_size = Int32(keyInterval)
        context.pointee.max_b_frames = 0
        context.pointee.thread_count = 1
        context.pointee.bit_rate = 0
        context.pointee.color_primaries = AVCOL_PRI_BT709
        context.pointee.color_trc = AVCOL_TRC_IEC61966_2_1
        context.pointee.colorspace = AVCOL_SPC_BT709
        context.pointee.color_range = AVCOL_RANGE_MPEG
        context.pointee.flags |= AV_CODEC_FLAG_GLOBAL_HEADER
        let quality = min(max(crf, VideoFormat.mp4.crfRange.lowerBound), VideoFormat.mp4.crfRange.upperBound)
        // "forced-idr": a key frame asked for is an IDR picture, where a decoder can start.
        var options = try LibAVDictionary([("preset", "veryfast"), ("tune", "zerolatency"), ("crf", String(quality)),
                                           ("forced-idr", "1")])
        try VideoEncodingError.check(avcodec_open2(context, encoder, &options.pointer), "opening the live encoder")
        try options.requireAllUsed(by: VideoFormat.mp4.encoder)
        // An empty moov up front and each fragment on its own (frag_custom: ended by `takeFragment`),
        // its offsets counted from its own moof as Media Source needs.
        try muxer.writeHeader(codec: context, options: [
            ("movflags", "empty_moov+default_base_moof+frag_custom"),
            ("video_track_timescale", String(fps * 1000)),
        ])
        initSegment = try muxer.takeWritten()
    }

    deinit {
        avcodec_free_context(&codec)
    }

    /// Encodes the next frame and returns its fragment; a key frame when `key` or when
    /// `keyInterval` frames have passed since the last.
    public func add(_ image: RenderedImage, key: Bool = false) throws(VideoEncodingError) -> Fragment {
        guard let codec else { throw .finished }
        guard image.width == width, image.height == height else {
            throw .frameSizeMismatch(expected: "\(width)×\(height)", got: "\(image.width)×\(image.height)")
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
        return Fragment(bytes: try muxer.takeFragment(), isKey: isKey, index: index)
    }
}
