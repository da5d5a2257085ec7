import Animation
import CCairo

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

/// Decodes PNG uploads into premultiplied ARGB32 bitmaps with Cairo's reader.
public enum PNGDecoder {
    static let signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]

    /// The size is read from the IHDR bytes before anything is decoded, so a tiny file that
    /// declares a huge image (a decompression bomb) is refused without allocating for it.
    public static func decode(_ data: [UInt8], maxWidth: Int = 4096, maxHeight: Int = 4096) throws -> Bitmap {
        let (width, height) = try headerSize(data)
        guard width <= maxWidth, height <= maxHeight else {
            throw PNGDecodingError.tooLarge(width: width, height: height, maxWidth: maxWidth, maxHeight: maxHeight)
        }

        let cursor = ReadCursor(data)
        let surface = withExtendedLifetime(cursor) {
            cairo_image_surface_create_from_png_stream(readChunk, Unmanaged.passUnretained(cursor).toOpaque())
        }
        guard let surface else { throw PNGDecodingError.corrupt("decoder returned no image") }
        defer { cairo_surface_destroy(surface) }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw PNGDecodingError.corrupt(status == CAIRO_STATUS_READ_ERROR
                ? "truncated or unreadable data" : String(cString: cairo_status_to_string(status)))
        }
        guard Int(cairo_image_surface_get_width(surface)) == width,
              Int(cairo_image_surface_get_height(surface)) == height else {
            throw PNGDecodingError.corrupt("decoded size differs from the header")
        }
        let pixels = try argb32(surface, width: width, height: height)
        return Bitmap(id: makeBitmapID(), width: width, height: height, pixels: pixels)
    }

    /// Width and height from the signature and the IHDR chunk that must follow it.
    static func headerSize(_ data: [UInt8]) throws -> (width: Int, height: Int) {
        guard data.count >= 8, Array(data[0..<8]) == signature else { throw PNGDecodingError.notPNG }
        // Signature (8) + length (4) + "IHDR" (4) + width (4) + height (4) + rest of IHDR and CRC.
        guard data.count >= 33 else { throw PNGDecodingError.corrupt("file ends inside the header") }
        func u32(_ at: Int) -> Int {
            Int(data[at]) << 24 | Int(data[at + 1]) << 16 | Int(data[at + 2]) << 8 | Int(data[at + 3])
        }
        guard u32(8) == 13, Array(data[12..<16]) == Array("IHDR".utf8) else {
            throw PNGDecodingError.corrupt("first chunk is not a valid IHDR")
        }
        let (width, height) = (u32(16), u32(20))
        // The PNG spec caps both at 2³¹−1; zero is invalid.
        guard width > 0, height > 0, width <= Int(Int32.max), height <= Int(Int32.max) else {
            throw PNGDecodingError.corrupt("invalid size \(width)×\(height)")
        }
        return (width, height)
    }

    /// Cairo may decode to RGB24 (opaque files) or ARGB32; painting onto ARGB32 with SOURCE
    /// normalises both (RGB24's unused byte becomes alpha 255).
    private static func argb32(_ decoded: OpaquePointer, width: Int, height: Int) throws -> [UInt32] {
        var pixels = [UInt32](repeating: 0, count: width * height)
        let ok = pixels.withUnsafeMutableBufferPointer { buffer -> Bool in
            guard let base = buffer.baseAddress,
                  let target = cairo_image_surface_create_for_data(
                    UnsafeMutableRawPointer(base).assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
                    Int32(width), Int32(height), Int32(width * 4)) else { return false }
            defer {
                cairo_surface_finish(target)
                cairo_surface_destroy(target)
            }
            guard let cr = cairo_create(target) else { return false }
            defer { cairo_destroy(cr) }
            cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
            cairo_set_source_surface(cr, decoded, 0, 0)
            cairo_paint(cr)
            return cairo_status(cr) == CAIRO_STATUS_SUCCESS
        }
        guard ok else { throw PNGDecodingError.corrupt("cannot convert the decoded pixels") }
        return pixels
    }
}

/// The read position for Cairo's stream callback; used by one decode call on one thread.
private final class ReadCursor {
    let data: [UInt8]
    var offset = 0

    init(_ data: [UInt8]) {
        self.data = data
    }
}

/// Cairo pulls the PNG through this; running out of bytes is reported as a read error, which
/// makes libpng abort the decode instead of inventing the missing rows.
private func readChunk(_ closure: UnsafeMutableRawPointer?, _ out: UnsafeMutablePointer<UInt8>?,
                       _ length: UInt32) -> cairo_status_t {
    guard let closure, let out else { return CAIRO_STATUS_READ_ERROR }
    let cursor = Unmanaged<ReadCursor>.fromOpaque(closure).takeUnretainedValue()
    let count = Int(length)
    guard count <= cursor.data.count - cursor.offset else { return CAIRO_STATUS_READ_ERROR }
    cursor.data.withUnsafeBufferPointer { source in
        if let base = source.baseAddress {
            out.update(from: base + cursor.offset, count: count)
        }
    }
    cursor.offset += count
    return CAIRO_STATUS_SUCCESS
}
