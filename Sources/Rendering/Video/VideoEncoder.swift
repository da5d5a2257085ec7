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
        muxer = try VideoMuxer(format: format, limit: self.outputLimit)
        converter = try FrameConverter(width: width, height: height, background: options.background, matrix: .bt709Exact)
        let crf = min(max(options.crf ?? format.defaultCRF, format.crfRange.lowerBound), format.crfRange.upperBound)
        let codec = try openVideoCodec(format.encoder, width: width, height: height, fps: fps,
                                       keyInterval: VideoFormat.keyFrameSeconds * fps,
                                       globalHeader: muxer.wantsGlobalHeader, matrix: converter.matrix,
                                       options: format.encoderOptions(crf: crf))
        // From here on deinit frees the codec whatever fails.
        self.codec = codec
        try muxer.writeHeader(codec: codec, options: format.muxerOptions(fps: fps))
    }

    deinit {
        avcodec_free_context(&codec)
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

/// An encoder at the coded size of `width` × `height` (see `FrameConverter`), yuv420p at a constant
/// `fps`, a key frame at least every `keyInterval` frames and no B-frames beyond what `options` ask,
/// opened with `options` (the encoder's own, checked all used); freed again if opening fails.
func openVideoCodec(_ name: String, width: Int, height: Int, fps: Int, keyInterval: Int, globalHeader: Bool,
                    matrix: FrameConverter.Matrix, options: [(String, String)]) throws(VideoEncodingError) -> UnsafeMutablePointer<AVCodecContext> {
    _ = quietLibAV
    guard let encoder = avcodec_find_encoder_by_name(name) else { throw .encoderUnavailable(name) }
    guard let context = avcodec_alloc_context3(encoder) else {
        throw .libav(step: "creating the \(name) encoder", code: layercast_averror(ENOMEM), message: "out of memory")
    }
    context.pointee.width = Int32(FrameConverter.coded(width))
    context.pointee.height = Int32(FrameConverter.coded(height))
    context.pointee.pix_fmt = AV_PIX_FMT_YUV420P
    context.pointee.time_base = AVRational(num: 1, den: Int32(fps))
    context.pointee.framerate = AVRational(num: Int32(fps), den: 1)
    context.pointee.gop_size = Int32(keyInterval)
    // One thread: the same bytes on every machine and run, and an encoder never takes more than
    // one core from the live streams.
    context.pointee.thread_count = 1
    // Constant quality (libvpx reads a zero bit rate as "no target").
    context.pointee.bit_rate = 0
    // The pixels are sRGB (BT.709 primaries); FrameConverter's matrix, limited range.
    context.pointee.color_primaries = AVCOL_PRI_BT709
    context.pointee.color_trc = AVCOL_TRC_IEC61966_2_1
    context.pointee.colorspace = matrix.colorspace
    context.pointee.color_range = AVCOL_RANGE_MPEG
    if globalHeader { context.pointee.flags |= AV_CODEC_FLAG_GLOBAL_HEADER }
    var opened: UnsafeMutablePointer<AVCodecContext>? = context
    do {
        var dictionary = try LibAVDictionary(options)
        try VideoEncodingError.check(avcodec_open2(context, encoder, &dictionary.pointer), "opening the \(name) encoder")
        try dictionary.requireAllUsed(by: name)
    } catch {
        avcodec_free_context(&opened)
        throw error
    }
    return context
}

/// libav logs to stderr; only its errors belong there (not x264's statistics or the muxer's
/// progress notes). Set once, before the first encoder.
let quietLibAV: Void = av_log_set_level(AV_LOG_ERROR)
