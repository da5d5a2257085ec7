import CGif

/// An animated GIF built frame by frame: libimagequant picks each frame's palette, giflib writes
/// the file into memory. Opaque clips store only the rectangle that changed since the previous
/// frame (drawn over it); clips with transparency store whole frames, each clearing the last,
/// with one palette entry transparent (GIF has no partial alpha). Identical consecutive frames
/// become one longer frame. Memory holds two frames' pixels and the file. One encoder serves one
/// thread.
public final class GIFEncoder {
    public struct Options: Sendable, Equatable {
        /// libimagequant speed, 1 (best) … 10 (fastest).
        public var speed = 8
        /// 0 (none) … 1 (full Floyd–Steinberg).
        public var dithering = 0.0
        /// 0 loops forever.
        public var loopCount = 0

        public init(speed: Int = 8, dithering: Double = 0, loopCount: Int = 0) {
            self.speed = speed
            self.dithering = dithering
            self.loopCount = loopCount
        }
    }

    /// GIF delays are centiseconds in 16 bits (longer frames are cut to 655 s).
    public static let maxDelay = 65535

    public let width: Int
    public let height: Int
    private let quantizer: Quantizer
    private let sink = GIFSink()
    private var gif: UnsafeMutablePointer<GifFileType>?
    private var previous: [UInt8]?
    private var pending: (frame: PalettedFrame, delay: Int)?
    private var transparent = false

    public init(width: Int, height: Int, options: Options = Options()) throws {
        guard width > 0, height > 0, width <= 65535, height <= 65535 else {
            throw ClipEncodingError.invalidSize(width: width, height: height)
        }
        self.width = width
        self.height = height
        quantizer = Quantizer(speed: options.speed, dithering: options.dithering)
        var error: Int32 = 0
        guard let gif = EGifOpen(Unmanaged.passUnretained(sink).toOpaque(), gifWrite, &error) else {
            throw ClipEncodingError.gif(Self.message(error))
        }
        self.gif = gif
        // Streaming writes cannot see the extensions coming, so ask for GIF89a up front.
        EGifSetGifVersion(gif, true)
        try check(EGifPutScreenDesc(gif, Int32(width), Int32(height), 8, 0, nil))
        // NETSCAPE2.0: sub-block 1 holds the loop count, little-endian, 0 = forever.
        let loops = UInt16(clamping: max(options.loopCount, 0))
        try check(EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE))
        try check(EGifPutExtensionBlock(gif, 11, Array("NETSCAPE2.0".utf8)))
        try check(EGifPutExtensionBlock(gif, 3, [1, UInt8(loops & 0xFF), UInt8(loops >> 8)]))
        try check(EGifPutExtensionTrailer(gif))
    }

    deinit {
        if let gif {
            var error: Int32 = 0
            EGifCloseFile(gif, &error)
        }
    }

    /// Adds the next frame, shown for `delayCentiseconds` (at least 1).
    public func add(_ image: RenderedImage, delayCentiseconds: Int) throws {
        guard gif != nil else { throw ClipEncodingError.finished }
        guard image.width == width, image.height == height else {
            throw ClipEncodingError.frameSizeMismatch(expected: "\(width)×\(height)", got: "\(image.width)×\(image.height)")
        }
        let delay = max(delayCentiseconds, 1)
        var rgba = straightRGBA(image)
        let full = PixelRect(x: 0, y: 0, width: width, height: height)
        if let previous {
            guard let changed = changedRect(previous, rgba, width: width, height: height) else {
                pending?.delay += delay
                return
            }
            let rect = transparent ? full : changed
            let frame = try quantizer.quantize(&rgba, width: width, rect: rect)
            try flush()
            pending = (frame, delay)
        } else {
            transparent = !image.isOpaque
            pending = (try quantizer.quantize(&rgba, width: width, rect: full), delay)
        }
        previous = rgba
    }

    /// Writes the last frame and the trailer, and returns the file.
    public func finish() throws -> [UInt8] {
        guard let gif else { throw ClipEncodingError.finished }
        try flush()
        self.gif = nil
        var error: Int32 = 0
        guard EGifCloseFile(gif, &error) == GIF_OK else { throw ClipEncodingError.gif(Self.message(error)) }
        return sink.bytes
    }

    /// Writes the waiting frame; its delay is final once the next different frame arrives.
    private func flush() throws {
        guard let gif, let (frame, delay) = pending else { return }
        pending = nil
        try writeFrame(gif, frame, delay: min(delay, Self.maxDelay))
    }

    private func writeFrame(_ gif: UnsafeMutablePointer<GifFileType>, _ frame: PalettedFrame, delay: Int) throws {
        let transparentIndex = transparent ? frame.transparentIndex : nil
        var control = GraphicsControlBlock(
            DisposalMode: transparent ? DISPOSE_BACKGROUND : DISPOSE_DO_NOT, UserInputFlag: false,
            DelayTime: Int32(delay), TransparentColor: Int32(transparentIndex ?? Int(NO_TRANSPARENT_COLOR)))
        var extensionBytes = [UInt8](repeating: 0, count: 4)
        _ = EGifGCBToExtension(&control, &extensionBytes)
        try check(EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, 4, extensionBytes))

        // Colour tables come in powers of two, 2…256 entries.
        var size = 2
        while size < frame.palette.count { size *= 2 }
        var colors = frame.palette.map { GifColorType(Red: $0.r, Green: $0.g, Blue: $0.b) }
        colors += Array(repeating: GifColorType(Red: 0, Green: 0, Blue: 0), count: size - colors.count)
        guard let map = GifMakeMapObject(Int32(size), colors) else { throw ClipEncodingError.gif("cannot make a colour map") }
        defer { GifFreeMapObject(map) }
        let r = frame.rect
        try check(EGifPutImageDesc(gif, Int32(r.x), Int32(r.y), Int32(r.width), Int32(r.height), false, map))
        var indices = frame.indices
        try indices.withUnsafeMutableBufferPointer { buffer in
            try check(EGifPutLine(gif, buffer.baseAddress, Int32(buffer.count)))
        }
    }

    private func check(_ status: Int32) throws {
        guard status == GIF_OK else { throw ClipEncodingError.gif(Self.message(gif?.pointee.Error ?? 0)) }
    }

    private static func message(_ code: Int32) -> String {
        GifErrorString(code).map { String(cString: $0) } ?? "giflib error \(code)"
    }
}

/// Where giflib's output goes: a growing byte array, owned by the encoder that owns the handle.
private final class GIFSink {
    var bytes: [UInt8] = []
}

private func gifWrite(_ gif: UnsafeMutablePointer<GifFileType>?, _ data: UnsafePointer<GifByteType>?, _ count: Int32) -> Int32 {
    guard let gif, let user = gif.pointee.UserData else { return 0 }
    let sink = Unmanaged<GIFSink>.fromOpaque(user).takeUnretainedValue()
    if let data, count > 0 {
        sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(count)))
    }
    return count
}
