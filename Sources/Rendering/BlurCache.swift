import Animation
import Synchronization

/// Images through their effect (blurred, saturated, tinted) by (bitmap, device size, effect in
/// pixels), least recently used first out. Images drawn without an effect at another size than
/// their bitmap are kept here too, resampled once. An effect costs milliseconds while drawing its
/// result costs a fraction of that, so a frame stream with a static blurred backdrop must hit this
/// on every frame after the first.
final class BlurCache: Sendable {
    struct Key: Hashable {
        var bitmapID: UInt64
        var width: Int
        var height: Int
        /// Holds box widths rather than the sigma, so sigmas that round to the same boxes share an
        /// entry.
        var effect: PixelEffect
    }

    fileprivate struct Entry {
        var key: Key
        var pixels: [UInt32]
    }

    fileprivate struct State {
        var entries: [Entry] = []  // oldest first
        var bytes = 0
    }

    let maxEntries: Int
    let maxBytes: Int
    private let state = Mutex(State())
    private let runs = Atomic<Int>(0)

    init(maxEntries: Int, maxBytes: Int) {
        self.maxEntries = max(1, maxEntries)
        self.maxBytes = maxBytes
    }

    /// How many effects were computed (not served from the cache).
    var blurRuns: Int { runs.load(ordering: .relaxed) }

    /// `bitmap` resampled to width × height premultiplied ARGB32, through `effect`.
    func processed(_ bitmap: Bitmap, width: Int, height: Int, effect: PixelEffect) -> [UInt32] {
        let key = Key(bitmapID: bitmap.id, width: width, height: height, effect: effect)
        if let hit = state.withLock({ $0.take(key) }) { return hit }

        // Computed outside the lock so other renders are not held up; two threads missing the
        // same key at once both compute it, which costs time but never correctness.
        var pixels = scaledPixels(bitmap, width: width, height: height)
        effect.apply(to: &pixels, width: width, height: height)
        // Without an effect this only resampled (an image kept at its drawn size): not an effect run.
        if !effect.isIdentity { runs.add(1, ordering: .relaxed) }
        state.withLock { $0.insert(Entry(key: key, pixels: pixels), maxEntries: maxEntries, maxBytes: maxBytes) }
        return pixels
    }
}

extension BlurCache.State {
    /// The entry's pixels, marked as most recently used.
    fileprivate mutating func take(_ key: BlurCache.Key) -> [UInt32]? {
        guard let index = entries.firstIndex(where: { $0.key == key }) else { return nil }
        let entry = entries.remove(at: index)
        entries.append(entry)
        return entry.pixels
    }

    fileprivate mutating func insert(_ entry: BlurCache.Entry, maxEntries: Int, maxBytes: Int) {
        if let index = entries.firstIndex(where: { $0.key == entry.key }) {
            bytes -= entries.remove(at: index).pixels.count * 4
        }
        entries.append(entry)
        bytes += entry.pixels.count * 4
        // The newest entry always stays, even alone over budget: it is about to be drawn again.
        while entries.count > 1 && (entries.count > maxEntries || bytes > maxBytes) {
            bytes -= entries.removeFirst().pixels.count * 4
        }
    }
}
