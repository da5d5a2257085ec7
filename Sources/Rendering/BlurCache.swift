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
    /// Held while a miss is computed. A blur of a 1024-pixel side takes 32 MiB of scratch besides
    /// its result; one at a time bounds that whatever number of threads render at once (a burst
    /// of new stream sizes would each blur the cover together), and a thread that waited finds
    /// what the one before it computed instead of computing it again.
    private let computing = Mutex(())

    init(maxEntries: Int, maxBytes: Int) {
        self.maxEntries = max(1, maxEntries)
        self.maxBytes = maxBytes
    }

    /// How many effects were computed (not served from the cache).
    var blurRuns: Int { runs.load(ordering: .relaxed) }

    /// `bitmap` resampled to width × height premultiplied ARGB32, through `effect`.
    func processed(_ bitmap: Bitmap, width: Int, height: Int, effect: PixelEffect) -> [UInt32] {
        let key = Key(bitmapID: bitmap.id, width: width, height: height, effect: effect)
        let now = MonotonicClock.hostTime()
        if let hit = state.withLock({ $0.take(key, now: now) }) { return hit }

        // Computed outside the cache's lock, so renders that hit are not held up.
        return computing.withLock { _ in
            if let hit = state.withLock({ $0.take(key, now: now) }) { return hit }
            var pixels = scaledPixels(bitmap, width: width, height: height)
            effect.apply(to: &pixels, width: width, height: height)
            // Without an effect this only resampled (an image kept at its drawn size): not an effect run.
            if !effect.isIdentity { runs.add(1, ordering: .relaxed) }
            let entry = Entry(key: key, pixels: pixels, used: now)
            state.withLock { $0.insert(entry, maxEntries: maxEntries, maxBytes: maxBytes) }
            return pixels
        }
    }

    /// Makes for `bitmap` every image the cache holds for `previous` (the same sizes and effects),
    /// so that draws that move from one to the other find them ready: a stream whose cover is
    /// replaced does not resample and blur it on its own frame's time.
    func prepare(_ bitmap: Bitmap, like previous: Bitmap) {
        let wanted = state.withLock { $0.entries.filter { $0.key.bitmapID == previous.id }.map(\.key) }
        for key in wanted {
            _ = processed(bitmap, width: key.width, height: key.height, effect: key.effect)
        }
    }

    /// Drops the images no draw has used for `seconds` (they would stay until other images
    /// pushed them out); returns the bytes dropped.
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
