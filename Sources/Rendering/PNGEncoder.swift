import CSpng

/// Fast PNG with libspng, which measured 3–5× faster than Cairo's own writer.
public enum PNGEncoder {
    /// How libspng filters and compresses.
    public struct Settings: Sendable, Equatable {
        public var compressionLevel: Int32
        /// zlib's strategy (`Z_DEFAULT_STRATEGY` 0, `Z_RLE` 3, …).
        public var strategy: Int32
        /// A `SPNG_FILTER_CHOICE` mask, or `SPNG_DISABLE_FILTERING`.
        public var filters: Int32

        /// zlib level 1 without filtering: flat-coloured frames, whose rows repeat, compress best
        /// and fastest so (the hash chains find whole repeated rows).
        public static let flat = Settings(compressionLevel: 1, strategy: 0,
                                          filters: Int32(SPNG_DISABLE_FILTERING.rawValue))
        /// The "up" filter with zlib's run-length strategy: a blurred photo's rows differ little
        /// from the row above, so the filtered bytes are small and repeated, and run-length
        /// matching finds them without the hash chains' cost. On the playing music player at 480:
        /// 0.54× the bytes of `flat`, and 0.8× its time (docs/performance.md §PNG settings).
        public static let photographic = Settings(compressionLevel: 1, strategy: 3,
                                                  filters: Int32(SPNG_FILTER_CHOICE_UP.rawValue))

        /// Below this share of pixels equal to the one above, a frame is taken for a photo. At 480
        /// every control in every still or flat state measured 0.95–1.00; the playing player 0.62,
        /// and `all` with the player playing in its cell 0.86 (0.70× the bytes filtered).
        static let flatRepeatShare = 0.9

        /// `flat` or `photographic`, by how many pixels repeat the one above them.
        public static func chosen(for image: RenderedImage) -> Settings {
            verticalRepeatShare(image) >= flatRepeatShare ? .flat : .photographic
        }

        /// Every `sampledRowStep`-th row is compared with the one above: a sample is enough to
        /// tell a photo from flat colour, and the whole frame would cost a tenth of the encode.
        static let sampledRowStep = 8

        public static func verticalRepeatShare(_ image: RenderedImage) -> Double {
            guard image.height > 1, image.width > 0 else { return 1 }
            var (repeats, compared) = (0, 0)
            image.pixels.withUnsafeBytes { raw in
                for y in stride(from: 1, to: image.height, by: sampledRowStep) {
                    let (row, above) = (y * image.stride, (y - 1) * image.stride)
                    for x in 0..<image.width where raw.loadUnaligned(fromByteOffset: row + x * 4, as: UInt32.self)
                        == raw.loadUnaligned(fromByteOffset: above + x * 4, as: UInt32.self) {
                        repeats += 1
                    }
                    compared += image.width
                }
            }
            return Double(repeats) / Double(max(compared, 1))
        }
    }

    /// `settings`: nil chooses by the image (`Settings.chosen(for:)`).
    public static func encode(_ image: RenderedImage, settings: Settings? = nil) throws -> [UInt8] {
        let settings = settings ?? .chosen(for: image)
        guard image.width > 0, image.height > 0 else { throw EncodingError.emptyImage }
        let opaque = image.isOpaque
        // Opaque frames (any solid background) drop the alpha channel: a quarter less to compress.
        // PNG stores straight alpha; Cairo's pixels are premultiplied.
        let rows = opaque ? rgbRows(image) : straightRGBA(image)

        guard let ctx = spng_ctx_new(Int32(SPNG_CTX_ENCODER.rawValue)) else {
            throw EncodingError.png("cannot create a libspng context")
        }
        defer { spng_ctx_free(ctx) }
        try check(spng_set_option(ctx, SPNG_ENCODE_TO_BUFFER, 1))
        try check(spng_set_option(ctx, SPNG_IMG_COMPRESSION_LEVEL, settings.compressionLevel))
        try check(spng_set_option(ctx, SPNG_IMG_COMPRESSION_STRATEGY, settings.strategy))
        try check(spng_set_option(ctx, SPNG_FILTER_CHOICE, settings.filters))

        let colorType = opaque ? SPNG_COLOR_TYPE_TRUECOLOR : SPNG_COLOR_TYPE_TRUECOLOR_ALPHA
        var ihdr = spng_ihdr(width: UInt32(image.width), height: UInt32(image.height), bit_depth: 8,
                             color_type: UInt8(colorType.rawValue), compression_method: 0,
                             filter_method: 0, interlace_method: 0)
        try check(spng_set_ihdr(ctx, &ihdr))
        try rows.withUnsafeBytes { raw in
            try check(spng_encode_image(ctx, raw.baseAddress, raw.count, Int32(SPNG_FMT_PNG.rawValue),
                                        Int32(SPNG_ENCODE_FINALIZE.rawValue)))
        }

        var length = 0
        var error: Int32 = 0
        guard let png = spng_get_png_buffer(ctx, &length, &error) else { throw EncodingError.png(message(error)) }
        // The buffer is malloc'd and handed over to us.
        defer { free(png) }
        return [UInt8](UnsafeRawBufferPointer(start: png, count: length))
    }

    private static func check(_ status: Int32) throws {
        if status != 0 { throw EncodingError.png(message(status)) }
    }

    private static func message(_ status: Int32) -> String {
        String(cString: spng_strerror(status))
    }

    private static func rgbRows(_ image: RenderedImage) -> [UInt8] {
        let (w, h) = (image.width, image.height)
        return [UInt8](unsafeUninitializedCapacity: w * h * 3) { out, count in
            image.pixels.withUnsafeBytes { src in
                for y in 0..<h {
                    let row = y * image.stride
                    var o = y * w * 3
                    for x in 0..<w {
                        let v = src.loadUnaligned(fromByteOffset: row + x * 4, as: UInt32.self)
                        out[o] = UInt8(truncatingIfNeeded: v >> 16)
                        out[o + 1] = UInt8(truncatingIfNeeded: v >> 8)
                        out[o + 2] = UInt8(truncatingIfNeeded: v)
                        o += 3
                    }
                }
            }
            count = w * h * 3
        }
    }
}
