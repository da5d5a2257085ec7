import CAVCodec

/// An MP4 (H.264) or WebM (VP9) video built frame by frame with libavcodec and libavformat, the
/// same way as the animated WebP and GIF clips: create it with the clip's size, frame rate and
/// frame count, add each rendered frame, then `finish()` for the file's bytes.
///
/// Timing: constant frame rate, frame i at i/fps lasting 1/fps, so the video lasts exactly
/// frameCount/fps (MP4 counts 1000 ticks per frame, exact; WebM counts milliseconds, so each
/// frame's start and the total are rounded to the nearest one).
///
/// Memory is bounded by what the caller declares: the file in memory may not pass
/// `outputLimit` (the raw yuv420p size of every frame plus container overhead, which encoded UI
/// motion never comes near; a runaway becomes `.outputTooLarge`), and the encoders keep a
/// bounded window of frames of their own (x264's look-ahead, libvpx's lag) whatever the clip's
/// length. One encoder serves one thread.
public final class VideoEncoder {
    public struct Options: Sendable, Equatable {
        /// Constant-quality level on the encoder's own scale (`VideoFormat.crfRange`);
        /// nil for `VideoFormat.defaultCRF`.
        public var crf: Int?

        public init(crf: Int? = nil) {
            self.crf = crf
        }
    }

    /// Largest width or height: H.264 level 6.2's limit, far above any clip the server allows.
    public static let maxDimension = 8192

    public let format: VideoFormat
    /// The picture's size; the coded size is these rounded up to even (see `FrameConverter`).
    public let width: Int
    public let height: Int
    public let fps: Int
    /// How many frames the caller declared; `finish()` needs exactly this many.
    public let declaredFrames: Int
    public private(set) var frameCount = 0
    /// The most bytes the file may take in memory.
    public let outputLimit: Int

    private let muxer: VideoMuxer
    private let converter: FrameConverter
    private var codec: UnsafeMutablePointer<AVCodecContext>?
    private let packet: UnsafeMutablePointer<AVPacket>

    public var codedWidth: Int { FrameConverter.coded(width) }
    public var codedHeight: Int { FrameConverter.coded(height) }

    public init(format: VideoFormat, width: Int, height: Int, fps: Int, frameCount: Int,
                options: Options = Options()) throws(VideoEncodingError) {
        guard (1...Self.maxDimension).contains(width), (1...Self.maxDimension).contains(height) else {
            throw .invalidSize(width: width, height: height)
        }
        let (rawBytes, overflow) = (FrameConverter.coded(width) * FrameConverter.coded(height) * 3 / 2)
            .multipliedReportingOverflow(by: frameCount)
        guard (1...240).contains(fps), frameCount >= 1, !overflow, rawBytes <= Int.max / 2 else {
            throw .invalidTiming(fps: fps, frameCount: frameCount)
        }
        self.format = format
        self.width = width
        self.height = height
        self.fps = fps
        declaredFrames = frameCount
        // Headers and index: a few kilobytes plus about 40 bytes per frame (MP4's sample
        // tables, WebM's block headers and cues).
        outputLimit = rawBytes + 64 * 1024 + 64 * frameCount
        _ = quietLibAV
        guard let encoder = avcodec_find_encoder_by_name(format.encoder) else {
            throw .encoderUnavailable(format.encoder)
        }
        guard let packet = av_packet_alloc() else {
            throw .libav(step: "allocating a packet", code: layercast_averror(ENOMEM), message: "out of memory")
        }
        self.packet = packet
        var freed: UnsafeMutablePointer<AVPacket>? = packet
        do {
            muxer = try VideoMuxer(format: format, limit: outputLimit)
            converter = try FrameConverter(width: width, height: height)
        } catch {
            av_packet_free(&freed)
            throw error
        }
        // From here on deinit frees everything.
        codec = try openCodec(encoder, options: options)
        guard let codec else { return }
        try muxer.writeHeader(codec: codec, options: format.muxerOptions(fps: fps))
    }

    deinit {
        avcodec_free_context(&codec)
        var freed: UnsafeMutablePointer<AVPacket>? = packet
        av_packet_free(&freed)
    }

    private func openCodec(_ encoder: UnsafePointer<AVCodec>,
                           options: Options) throws(VideoEncodingError) -> UnsafeMutablePointer<AVCodecContext> {
        guard let context = avcodec_alloc_context3(encoder) else {
            throw .libav(step: "creating the \(format.encoder) encoder", code: layercast_averror(ENOMEM), message: "out of memory")
        }
        codec = context
        context.pointee.width = Int32(codedWidth)
        context.pointee.height = Int32(codedHeight)
        context.pointee.pix_fmt = AV_PIX_FMT_YUV420P
        context.pointee.time_base = AVRational(num: 1, den: Int32(fps))
        context.pointee.framerate = AVRational(num: Int32(fps), den: 1)
        context.pointee.gop_size = Int32(VideoFormat.keyFrameSeconds * fps)
        // One thread: the same bytes on every machine and run, and a clip never takes more than
        // one core from the live streams.
        context.pointee.thread_count = 1
        // Constant quality (libvpx reads a zero bit rate as "no target").
        context.pointee.bit_rate = 0
        // The pixels are sRGB; FrameConverter uses the BT.709 matrix and limited range.
        context.pointee.color_primaries = AVCOL_PRI_BT709
        context.pointee.color_trc = AVCOL_TRC_IEC61966_2_1
        context.pointee.colorspace = AVCOL_SPC_BT709
        context.pointee.color_range = AVCOL_RANGE_MPEG
        if muxer.wantsGlobalHeader { context.pointee.flags |= AV_CODEC_FLAG_GLOBAL_HEADER }
        let crf = min(max(options.crf ?? format.defaultCRF, format.crfRange.lowerBound), format.crfRange.upperBound)
        var dictionary = try LibAVDictionary(format.encoderOptions(crf: crf))
        try VideoEncodingError.check(avcodec_open2(context, encoder, &dictionary.pointer), "opening the \(format.encoder) encoder")
        try dictionary.requireAllUsed(by: format.encoder)
        return context
    }

    /// Adds the next frame (shown for 1/fps).
    public func add(_ image: RenderedImage) throws(VideoEncodingError) {
        guard let codec else { throw .finished }
        guard image.width == width, image.height == height else {
            throw .frameSizeMismatch(expected: "\(width)×\(height)", got: "\(image.width)×\(image.height)")
        }
        guard frameCount < declaredFrames else { throw .tooManyFrames(declared: declaredFrames) }
        let frame = try converter.convert(image, pts: Int64(frameCount))
        try VideoEncodingError.check(avcodec_send_frame(codec, frame), "encoding a frame")
        frameCount += 1
        try drain(codec)
    }

    /// Flushes the encoder, writes the index and returns the file. Needs every declared frame.
    public func finish() throws(VideoEncodingError) -> [UInt8] {
        guard let codec else { throw .finished }
        guard frameCount == declaredFrames else { throw .missingFrames(declared: declaredFrames, added: frameCount) }
        defer { avcodec_free_context(&self.codec) }
        try VideoEncodingError.check(avcodec_send_frame(codec, nil), "flushing the encoder")
        try drain(codec)
        return try muxer.finish()
    }

    /// Writes every packet the encoder has ready.
    private func drain(_ codec: UnsafeMutablePointer<AVCodecContext>) throws(VideoEncodingError) {
        while true {
            let status = avcodec_receive_packet(codec, packet)
            if status == layercast_averror_eagain() || status == layercast_averror_eof() { return }
            try VideoEncodingError.check(status, "encoding a frame")
            defer { av_packet_unref(packet) }
            try muxer.write(packet, codecTimeBase: codec.pointee.time_base)
        }
    }
}

/// libav logs to stderr; only its errors belong there (not x264's statistics or the muxer's
/// progress notes). Set once, before the first encoder.
private let quietLibAV: Void = av_log_set_level(AV_LOG_ERROR)
