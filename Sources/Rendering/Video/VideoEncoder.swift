import CAVCodec

/// An MP4 (H.264) or WebM (VP9) video built frame by frame with libavcodec and libavformat, the
/// same way as the animated WebP and GIF clips: create it with the clip's size, frame rate and
/// frame count, add each rendered frame, then `finish()` for the file's bytes.
///
/// Timing: constant frame rate, frame i at i/fps lasting 1/fps, so the video lasts exactly
/// frameCount/fps (MP4 counts 1000 ticks per frame, exact; WebM counts milliseconds, so each
/// frame's start and the total are rounded to the nearest one).
///
/// Memory is bounded by what the caller declares. The file in memory may not pass
/// `outputLimit`, the raw yuv420p size of every frame plus container overhead (207 MB for
/// 480×480 × 600 frames, which encode to about 0.6–1 MB): real output never comes near it, and
/// a runaway becomes `.outputTooLarge` instead of growing further. The encoders' own working set
/// is a fixed window of frames whatever the clip's length: about 40 MB at 480×480 for either
/// format (layercast-bench video). One encoder serves one thread.
public final class VideoEncoder {
    public struct Options: Sendable, Equatable {
        /// Constant-quality level on the encoder's own scale (`VideoFormat.crfRange`);
        /// nil for `VideoFormat.defaultCRF`.
        public var crf: Int?
        /// The frames' background, which the column or row added to an odd width or height shows
        /// (see `FrameConverter`); transparent shows black, as every transparent pixel does.
        public var background: Background

        public init(crf: Int? = nil, background: Background = .transparent) {
            self.crf = crf
            self.background = background
        }
    }

    /// Largest width or height; far above any clip the server allows, it keeps the size
    /// arithmetic and libav's allocations small.
    public static let maxDimension = 8192
    public static let fpsRange = 1...240

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

    public var codedWidth: Int { FrameConverter.coded(width) }
    public var codedHeight: Int { FrameConverter.coded(height) }

    public convenience init(format: VideoFormat, width: Int, height: Int, fps: Int, frameCount: Int,
                            options: Options = Options()) throws(VideoEncodingError) {
        try self.init(format: format, width: width, height: height, fps: fps, frameCount: frameCount,
                      options: options, outputLimit: nil)
    }

    /// `outputLimit` replaces the computed bound (tests).
    init(format: VideoFormat, width: Int, height: Int, fps: Int, frameCount: Int,
         options: Options, outputLimit: Int?) throws(VideoEncodingError) {
        guard (1...Self.maxDimension).contains(width), (1...Self.maxDimension).contains(height) else {
            throw .invalidSize(width: width, height: height)
        }
        guard Self.fpsRange.contains(fps), frameCount >= 1 else { throw .invalidTiming(fps: fps, frameCount: frameCount) }
        let (rawBytes, overflow) = (FrameConverter.coded(width) * FrameConverter.coded(height) * 3 / 2)
            .multipliedReportingOverflow(by: frameCount)
        guard !overflow, rawBytes <= Int.max / 2 else { throw .invalidTiming(fps: fps, frameCount: frameCount) }
        self.format = format
        self.width = width
        self.height = height
        self.fps = fps
        declaredFrames = frameCount
        // Headers and index: a few kilobytes plus about 40 bytes a frame (MP4's sample tables,
        // WebM's block headers and cues).
        self.outputLimit = outputLimit ?? rawBytes + 64 * 1024 + 64 * frameCount
        _ = quietLibAV
        guard let encoder = avcodec_find_encoder_by_name(format.encoder) else {
            throw .encoderUnavailable(format.encoder)
        }
        muxer = try VideoMuxer(format: format, limit: self.outputLimit)
        converter = try FrameConverter(width: width, height: height, background: options.background)
        // Fully initialised: from here on deinit frees the codec whatever fails.
        let codec = try openCodec(encoder, options: options)
        try muxer.writeHeader(codec: codec, options: format.muxerOptions(fps: fps))
    }

    deinit {
        avcodec_free_context(&codec)
    }

    /// Opens the encoder, kept in `codec` from the start so deinit frees it if opening fails.
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
        let packet = muxer.packet
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
let quietLibAV: Void = av_log_set_level(AV_LOG_ERROR)
