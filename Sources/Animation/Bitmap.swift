/// Premultiplied 32-bit ARGB pixels in native byte order (Cairo's `CAIRO_FORMAT_ARGB32`), rows packed.
/// Immutable and shared by reference: `id` lets a renderer cache what it derives from it (surfaces, blurs).
public final class Bitmap: Sendable {
    public let id: UInt64
    public let width: Int
    public let height: Int
    public let pixels: [UInt32]
    /// Every pixel has full alpha, so whatever lies beneath it is hidden.
    public let isOpaque: Bool

    public init(id: UInt64, width: Int, height: Int, pixels: [UInt32]) {
        precondition(pixels.count == width * height, "pixel count must be width × height")
        self.id = id
        self.width = width
        self.height = height
        self.pixels = pixels
        isOpaque = pixels.allSatisfy { $0 >> 24 == 0xFF }
    }
}
