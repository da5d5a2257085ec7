import Animation
import Synchronization

/// Blurred images by (bitmap, device size, blur boxes), least recently used first out. Images
/// drawn unblurred at another size than their bitmap are kept here too (no boxes), resampled once.
/// A blur costs milliseconds while drawing its result costs a fraction of that, so a frame
/// stream with a static blurred backdrop must hit this on every frame after the first.
final class BlurCache: Sendable {
    struct Key: Hashable {
        var bitmapID: UInt64
        var width: Int
        var height: Int
        /// The box widths fully determine the result, so sigmas that round to the same boxes
        /// share one entry.
        var boxes: [BoxBlur.Box]
    }

    fileprivate struct Entry {
        var key: Key
        var pixels: [UInt32]
        /// Monotonic seconds of the last draw that used it.
        var used: Double
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

    /// How many blurs were computed (not served from the cache).
    var blurRuns: Int { runs.load(ordering: .relaxed) }

    func blurred(_ bitmap: Bitmap, width: Int, height: Int, sigma: Double) -> [UInt32] {
        let key = Key(bitmapID: bitmap.id, width: width, height: height, boxes: BoxBlur.boxes(sigma: sigma))
        let now = MonotonicClock.hostTime()
        if let hit = state.withLock({ $0.take(key, now: now) }) { return hit }

        // Computed outside the lock so other renders are not held up; two threads missing the
        // same key at once both compute it, which costs time but never correctness.
        var pixels = scaledPixels(bitmap, width: width, height: height)
        BoxBlur.blur(pixels: &pixels, width: width, height: height, stride: width, sigma: sigma)
        // With no boxes this only resampled (an unblurred image kept at its drawn size): not a blur.
        if !key.boxes.isEmpty { runs.add(1, ordering: .relaxed) }
        state.withLock { $0.insert(Entry(key: key, pixels: pixels, used: now), maxEntries: maxEntries, maxBytes: maxBytes) }
        return pixels
    }

    /// Drops the images no draw has used for `seconds` (a 4096-pixel stream's blur weighs 64 MiB
    /// and outlives the stream otherwise); returns the bytes dropped.
    func drop(unusedFor seconds: Double, now: Double = MonotonicClock.hostTime()) -> Int {
        state.withLock { s in
            let stale = s.entries.filter { now - $0.used >= seconds }
            guard !stale.isEmpty else { return 0 }
            s.entries.removeAll { now - $0.used >= seconds }
            let bytes = stale.reduce(0) { $0 + $1.pixels.count * 4 }
            s.bytes -= bytes
            return bytes
        }
    }
}

extension BlurCache.State {
    /// The entry's pixels, marked as most recently used.
    fileprivate mutating func take(_ key: BlurCache.Key, now: Double) -> [UInt32]? {
        guard let index = entries.firstIndex(where: { $0.key == key }) else { return nil }
        var entry = entries.remove(at: index)
        entry.used = now
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
