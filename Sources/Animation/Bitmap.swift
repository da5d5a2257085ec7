/// Premultiplied 32-bit ARGB pixels in native byte order (Cairo's `CAIRO_FORMAT_ARGB32`), rows packed.
/// Immutable and shared by reference: `id` names the pixels, so a renderer caches what it derives from it
/// (surfaces, blurs) and snapshots compare by it; a copy (a restored snapshot's) keeps it.
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

/// How a coded scene names its bitmaps: a bitmap is written as a reference (an artwork's content
/// hash), never as its pixels, and read back through the same table, the one `BitmapCoding.references`
/// holds while the coding runs; coding a bitmap without one fails.
public protocol BitmapReferences: Sendable {
    /// The name `bitmap` is coded under; nil for one the table cannot name.
    func reference(to bitmap: Bitmap) -> String?
    /// The bitmap a name stands for; nil when the table has none under it.
    func bitmap(_ reference: String) -> Bitmap?
}

public enum BitmapCoding {
    /// The table bitmaps are coded through (`$references.withValue(table) { … }`).
    @TaskLocal public static var references: (any BitmapReferences)?
}

extension Bitmap: Codable {
    public func encode(to encoder: any Encoder) throws {
        guard let name = BitmapCoding.references?.reference(to: self) else {
            throw EncodingError.invalidValue(id, .init(codingPath: encoder.codingPath,
                                                       debugDescription: "no reference names this bitmap"))
        }
        var container = encoder.singleValueContainer()
        try container.encode(name)
    }

    /// A bitmap with the pixels (and the id, which names the same pixels) of the one the reference names.
    public convenience init(from decoder: any Decoder) throws {
        let name = try decoder.singleValueContainer().decode(String.self)
        guard let bitmap = BitmapCoding.references?.bitmap(name) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                    debugDescription: "no bitmap is known as '\(name)'"))
        }
        self.init(id: bitmap.id, width: bitmap.width, height: bitmap.height, pixels: bitmap.pixels)
    }
}

/// Two bitmaps are the same picture when their ids are (a copy keeps its id).
extension Bitmap: Hashable {
    public static func == (a: Bitmap, b: Bitmap) -> Bool { a.id == b.id }
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}
