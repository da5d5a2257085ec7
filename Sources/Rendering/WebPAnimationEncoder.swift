import CWebP

/// An animated WebP built frame by frame with libwebp's WebPAnimEncoder, which stores each frame
/// as the smallest changed rectangle and inserts key frames on its own. Frames are compressed as
/// they are added, so memory holds the encoder's few reference canvases and the compressed data,
/// never the whole clip. One encoder serves one thread.
public final class WebPAnimationEncoder {
    public struct Options: Sendable, Equatable {
        /// VP8L instead of lossy VP8 (exact pixels, larger for the blurred artwork).
        public var lossless = false
        /// Lossy quality, 0…100 (for lossless, the compression effort).
        public var quality = 80.0
        /// libwebp's speed/size trade-off, 0 (fastest) … 6 (smallest).
        public var method = 2
        /// 0 loops forever.
        public var loopCount = 0

        public init(lossless: Bool = false, quality: Double = 80, method: Int = 2, loopCount: Int = 0) {
            self.lossless = lossless
            self.quality = quality
            self.method = method
            self.loopCount = loopCount
        }
    }

    public let width: Int
    public let height: Int
    private var encoder: OpaquePointer?
    private var config = WebPConfig()
    /// The next frame's timestamp in milliseconds.
    private var timestamp = 0

    public init(width: Int, height: Int, options: Options = Options()) throws {
        guard width > 0, height > 0, width <= Int(WEBP_MAX_DIMENSION), height <= Int(WEBP_MAX_DIMENSION) else {
            throw ClipEncodingError.invalidSize(width: width, height: height)
        }
        self.width = width
        self.height = height
        var animOptions = WebPAnimEncoderOptions()
        guard WebPAnimEncoderOptionsInit(&animOptions) != 0 else { throw ClipEncodingError.webp("libwebp version mismatch") }
        animOptions.anim_params.loop_count = Int32(max(options.loopCount, 0))
        // A key frame every 3–5 frames. Lossy sub-frames keep blocks that changed "little" from the
        // frame before, and with libwebp 1.2 that error builds up: without key frames the spinning
        // blurred disc drifted to a mean error of 13 levels by the end of a 3 s clip (blocky
        // smears, ghosts of the spinner's arc); with them no frame's mean error passed 5 (one
        // lossy frame alone is about 3), for about 5 % more bytes.
        animOptions.kmin = 3
        animOptions.kmax = 5
        guard WebPConfigInit(&config) != 0 else { throw ClipEncodingError.webp("libwebp version mismatch") }
        config.lossless = options.lossless ? 1 : 0
        config.quality = Float(min(max(options.quality, 0), 100))
        config.method = Int32(min(max(options.method, 0), 6))
        guard WebPValidateConfig(&config) != 0 else { throw ClipEncodingError.webp("invalid encoder settings") }
        guard let encoder = WebPAnimEncoderNew(Int32(width), Int32(height), &animOptions) else {
            throw ClipEncodingError.webp("cannot create the animation encoder")
        }
        self.encoder = encoder
    }

    deinit {
        if let encoder { WebPAnimEncoderDelete(encoder) }
    }

    /// Adds the next frame, shown for `durationMilliseconds` (at least 1).
    public func add(_ image: RenderedImage, durationMilliseconds: Int) throws {
        guard let encoder else { throw ClipEncodingError.finished }
        guard image.width == width, image.height == height else {
            throw ClipEncodingError.frameSizeMismatch(expected: "\(width)×\(height)", got: "\(image.width)×\(image.height)")
        }
        var picture = WebPPicture()
        guard WebPPictureInit(&picture) != 0 else { throw ClipEncodingError.webp("libwebp version mismatch") }
        defer { WebPPictureFree(&picture) }
        picture.width = Int32(width)
        picture.height = Int32(height)
        picture.use_argb = config.lossless
        let rgba = straightRGBA(image)
        let imported = rgba.withUnsafeBufferPointer { WebPPictureImportRGBA(&picture, $0.baseAddress, Int32(width * 4)) }
        guard imported != 0 else { throw ClipEncodingError.webp("cannot import the frame (out of memory)") }
        guard WebPAnimEncoderAdd(encoder, &picture, Int32(timestamp), &config) != 0 else {
            throw ClipEncodingError.webp(Self.message(encoder))
        }
        timestamp += max(durationMilliseconds, 1)
    }

    /// Ends the animation at the last frame's end and returns the file.
    public func finish() throws -> [UInt8] {
        guard let encoder else { throw ClipEncodingError.finished }
        defer {
            WebPAnimEncoderDelete(encoder)
            self.encoder = nil
        }
        guard WebPAnimEncoderAdd(encoder, nil, Int32(timestamp), nil) != 0 else {
            throw ClipEncodingError.webp(Self.message(encoder))
        }
        var data = WebPData()
        WebPDataInit(&data)
        defer { WebPDataClear(&data) }
        guard WebPAnimEncoderAssemble(encoder, &data) != 0, let bytes = data.bytes else {
            throw ClipEncodingError.webp(Self.message(encoder))
        }
        return [UInt8](UnsafeBufferPointer(start: bytes, count: data.size))
    }

    private static func message(_ encoder: OpaquePointer) -> String {
        guard let text = WebPAnimEncoderGetError(encoder) else { return "unknown error" }
        let s = String(cString: text)
        return s.isEmpty ? "unknown error" : s
    }
}
