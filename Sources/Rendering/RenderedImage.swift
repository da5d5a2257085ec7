/// One rendered frame: Cairo's ARGB32 pixels (premultiplied, native-endian 32-bit words, so
/// B, G, R, A bytes on little-endian machines), `stride` bytes per row.
public struct RenderedImage: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public let stride: Int
    public let pixels: [UInt8]

    public init(width: Int, height: Int, stride: Int, pixels: [UInt8]) {
        precondition(width >= 0 && height >= 0 && stride >= width * 4, "invalid image geometry")
        precondition(pixels.count >= stride * height, "pixel buffer shorter than stride × height")
        self.width = width
        self.height = height
        self.stride = stride
        self.pixels = pixels
    }

    /// The premultiplied ARGB word at (x, y); 0 outside the image.
    public func word(x: Int, y: Int) -> UInt32 {
        guard x >= 0, y >= 0, x < width, y < height else { return 0 }
        return pixels.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: y * stride + x * 4, as: UInt32.self) }
    }

    /// Straight (unpremultiplied) 8-bit components at (x, y); all zero outside the image.
    public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let v = word(x: x, y: y)
        let a = v >> 24
        guard a > 0 else { return (0, 0, 0, 0) }
        func straight(_ c: UInt32) -> UInt8 { UInt8(min(255, (c * 255 + a / 2) / a)) }
        return (straight((v >> 16) & 0xFF), straight((v >> 8) & 0xFF), straight(v & 0xFF), UInt8(a))
    }

    /// Whether every pixel has alpha 255 (encoders drop the alpha channel then).
    public var isOpaque: Bool {
        pixels.withUnsafeBytes { raw in
            for y in 0..<height {
                for x in 0..<width where raw.loadUnaligned(fromByteOffset: y * stride + x * 4, as: UInt32.self) >> 24 != 0xFF {
                    return false
                }
            }
            return true
        }
    }
}

/// Straight (not premultiplied) RGBA bytes, rows packed: what libwebp's and libimagequant's
/// importers read. Cairo's words are premultiplied ARGB in native byte order.
func straightRGBA(_ image: RenderedImage) -> [UInt8] {
    let (w, h) = (image.width, image.height)
    return [UInt8](unsafeUninitializedCapacity: w * h * 4) { out, count in
        image.pixels.withUnsafeBytes { src in
            for y in 0..<h {
                let row = y * image.stride
                var o = y * w * 4
                for x in 0..<w {
                    let v = src.loadUnaligned(fromByteOffset: row + x * 4, as: UInt32.self)
                    let a = v >> 24
                    var (r, g, b) = ((v >> 16) & 0xFF, (v >> 8) & 0xFF, v & 0xFF)
                    if a != 255 && a != 0 {
                        r = min(255, (r * 255 + a / 2) / a)
                        g = min(255, (g * 255 + a / 2) / a)
                        b = min(255, (b * 255 + a / 2) / a)
                    }
                    out[o] = UInt8(r)
                    out[o + 1] = UInt8(g)
                    out[o + 2] = UInt8(b)
                    out[o + 3] = UInt8(a)
                    o += 4
                }
            }
        }
        count = w * h * 4
    }
}
