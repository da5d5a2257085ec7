import Animation
import Synchronization

/// Uploaded artwork by content: an image uploaded again while the first copy is still alive (in
/// the live scene or its history) becomes that same bitmap, so it is stored once and the
/// renderer's caches of it (blurs, resamples) still apply. Holds nothing alive itself: an
/// artwork is freed once no scene copy shows it.
final class ArtworkStore: Sendable {
    private struct Entry {
        weak var bitmap: Bitmap?
    }

    private let entries = Mutex<[UInt64: [Entry]]>([:])

    /// `bitmap`, or the living bitmap with the same size and pixels.
    func intern(_ bitmap: Bitmap) -> Bitmap {
        let key = Self.hash(bitmap)
        return entries.withLock { entries in
            var bucket = (entries[key] ?? []).filter { $0.bitmap != nil }
            if let same = bucket.lazy.compactMap(\.bitmap).first(where: {
                $0.width == bitmap.width && $0.height == bitmap.height && $0.pixels == bitmap.pixels
            }) {
                return same
            }
            bucket.append(Entry(bitmap: bitmap))
            entries[key] = bucket
            // Buckets of bitmaps that are all gone are dropped as they are found.
            entries = entries.filter { $0.value.contains { $0.bitmap != nil } }
            return bitmap
        }
    }

    /// FNV-1a over the size and every pixel.
    static func hash(_ bitmap: Bitmap) -> UInt64 {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        func mix(_ v: UInt64) { h = (h ^ v) &* 0x0000_0100_0000_01B3 }
        mix(UInt64(bitmap.width))
        mix(UInt64(bitmap.height))
        bitmap.pixels.withUnsafeBufferPointer { for p in $0 { mix(UInt64(p)) } }
        return h
    }
}
