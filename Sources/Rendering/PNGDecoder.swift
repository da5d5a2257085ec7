import Animation
import CSpng

/// Why an uploaded PNG was refused.
public enum PNGDecodingError: Error, Equatable, CustomStringConvertible {
    case notPNG
    case tooLarge(width: Int, height: Int, maxWidth: Int, maxHeight: Int)
    case corrupt(String)

    public var description: String {
        switch self {
        case .notPNG:
            "not a PNG file (bad signature)"
        case let .tooLarge(width, height, maxWidth, maxHeight):
            "PNG is \(width)×\(height), larger than the allowed \(maxWidth)×\(maxHeight)"
        case .corrupt(let reason):
            "corrupt PNG: \(reason)"
        }
    }
}

/// Decodes PNG uploads into premultiplied ARGB32 bitmaps with libspng: every colour type and bit
/// depth, interlaced or not, with tRNS transparency applied (no gamma correction, as Cairo's own
/// reader did not apply it either).
public enum PNGDecoder {
    static let signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]
    /// What ancillary chunks (text, ICC profile…) may hold, each and in all, decompressed: a
    /// compressed text chunk of 200 KB can otherwise inflate to 200 MB. Artwork needs none of them.
    static let metadataLimit = 4 << 20

    /// The size limits are given to libspng, which checks them when it reads the IHDR chunk,
    /// before it allocates anything for the image: a tiny file that declares a huge image (a
    /// decompression bomb) is refused without allocating for it.
    public static func decode(_ data: [UInt8], maxWidth: Int = 4096, maxHeight: Int = 4096) throws -> Bitmap {
        guard data.starts(with: signature) else { throw PNGDecodingError.notPNG }
        guard let ctx = spng_ctx_new(0) else { throw PNGDecodingError.corrupt("cannot create a libspng context") }
        defer { spng_ctx_free(ctx) }
        let format = Int32(SPNG_FMT_RGBA8.rawValue)
        let rgba: [UInt8]
        var ihdr = spng_ihdr()
        do {
            rgba = try data.withUnsafeBytes { png in
                try check(spng_set_png_buffer(ctx, png.baseAddress, png.count))
                // libspng allows at most 2³¹−1 either way.
                try check(spng_set_image_limits(ctx, UInt32(clamping: min(maxWidth, Int(Int32.max))),
                                                UInt32(clamping: min(maxHeight, Int(Int32.max)))))
                try check(spng_set_chunk_limits(ctx, metadataLimit, metadataLimit))
                try check(spng_get_ihdr(ctx, &ihdr))
                var size = 0
                try check(spng_decoded_image_size(ctx, format, &size))
                let pixels = try [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
                    try check(spng_decode_image(ctx, buffer.baseAddress, size, format, Int32(SPNG_DECODE_TRNS.rawValue)))
                    count = size
                }
                // Read on to IEND, so a file cut after its image data is refused like any other.
                try check(spng_decode_chunks(ctx))
                return pixels
            }
        } catch let status as SpngStatus {
            if status.code == Int32(SPNG_EUSER_WIDTH.rawValue) || status.code == Int32(SPNG_EUSER_HEIGHT.rawValue) {
                let (width, height) = declaredSize(data) ?? (0, 0)
                throw PNGDecodingError.tooLarge(width: width, height: height, maxWidth: maxWidth, maxHeight: maxHeight)
            }
            throw PNGDecodingError.corrupt(String(cString: spng_strerror(status.code)))
        }
        let (width, height) = (Int(ihdr.width), Int(ihdr.height))
        guard rgba.count == 4 * width * height else { throw PNGDecodingError.corrupt("decoded size differs from the header") }
        return Bitmap(id: makeBitmapID(), width: width, height: height, pixels: premultipliedARGB(rgba, count: width * height))
    }

    private struct SpngStatus: Error {
        let code: Int32
    }

    private static func check(_ status: Int32) throws {
        if status != 0 { throw SpngStatus(code: status) }
    }

    /// The width and height the IHDR declares, at their fixed place after the signature and the
    /// chunk's length and type, without decoding anything (to price a decode before it runs, or
    /// to name the size libspng refused); nil when `data` does not start like a PNG.
    public static func declaredSize(_ data: [UInt8]) -> (width: Int, height: Int)? {
        guard data.count >= 24, data.starts(with: signature) else { return nil }
        func u32(_ at: Int) -> Int { data[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (u32(16), u32(20))
    }

    /// Straight RGBA bytes to premultiplied ARGB32 words, rounding a × c / 255 to the nearest
    /// as Cairo and pixman do.
    private static func premultipliedARGB(_ rgba: [UInt8], count: Int) -> [UInt32] {
        [UInt32](unsafeUninitializedCapacity: count) { out, initialized in
            rgba.withUnsafeBufferPointer { src in
                for i in 0..<count {
                    let a = UInt32(src[4 * i + 3])
                    func premultiplied(_ c: UInt8) -> UInt32 {
                        let t = a * UInt32(c) + 0x80
                        return (t + (t >> 8)) >> 8
                    }
                    out[i] = a << 24 | premultiplied(src[4 * i]) << 16 | premultiplied(src[4 * i + 1]) << 8
                        | premultiplied(src[4 * i + 2])
                }
            }
            initialized = count
        }
    }
}
