import Synchronization

/// Values by a key derived from their content, bounded in count and in bytes: a new entry that
/// does not fit pushes out the oldest ones first. Storing what is already there makes it the newest
/// again. Scenarios and the uploaded artwork they name are kept this way. A pinned entry (a scenario
/// a page embeds, and its artwork) is never pushed out; pins are bounded to a quarter of the store,
/// so there is always room for new entries.
package final class ContentStore<Value: Sendable>: Sendable {
    package struct Entry: Sendable {
        package let key: String
        package let value: Value
        /// What the value counts against `maxBytes`.
        package let bytes: Int
        package var pinned = false
    }

    package let maxCount: Int
    package let maxBytes: Int
    /// At most this many entries, within `maxPinnedBytes`, are pinned at once.
    package var maxPinnedCount: Int { Self.maxPinnedCount(of: maxCount) }
    package var maxPinnedBytes: Int { maxBytes / 4 }

    /// A quarter of a store of `maxCount` entries (at least one).
    package static func maxPinnedCount(of maxCount: Int) -> Int { max(maxCount / 4, 1) }

    private struct State {
        /// Oldest first.
        var entries: [Entry] = []
        var bytes = 0
        var evicted = 0
    }

    private let state = Mutex(State())

    package init(maxCount: Int, maxBytes: Int) {
        self.maxCount = maxCount
        self.maxBytes = maxBytes
    }

    /// Stores `value`, which counts `bytes`, under `key` as the newest entry. False, and nothing
    /// changes, when it is larger than the whole store.
    @discardableResult
    package func put(_ key: String, _ value: Value, bytes: Int) -> Bool {
        guard bytes <= maxBytes else { return false }
        return state.withLock { s in
            var pinned = false
            if let i = s.entries.firstIndex(where: { $0.key == key }) {
                let old = s.entries.remove(at: i)
                s.bytes -= old.bytes
                pinned = old.pinned
            }
            while s.entries.count >= maxCount || s.bytes + bytes > maxBytes,
                  let oldest = s.entries.firstIndex(where: { !$0.pinned }) {
                s.bytes -= s.entries.remove(at: oldest).bytes
                s.evicted += 1
            }
            guard s.entries.count < maxCount, s.bytes + bytes <= maxBytes else { return false }
            s.entries.append(Entry(key: key, value: value, bytes: bytes, pinned: pinned))
            s.bytes += bytes
            return true
        }
    }

    /// Pins or unpins the entry under `key`. Nil when there is none; false, and nothing changes,
    /// when pinning it would pass `maxPinnedCount` or `maxPinnedBytes`.
    package func pin(_ key: String, _ pinned: Bool) -> Bool? {
        state.withLock { s in
            guard let i = s.entries.firstIndex(where: { $0.key == key }) else { return nil }
            if pinned, !s.entries[i].pinned {
                let held = s.entries.filter(\.pinned)
                guard held.count < maxPinnedCount, held.reduce(0, { $0 + $1.bytes }) + s.entries[i].bytes <= maxPinnedBytes else {
                    return false
                }
            }
            s.entries[i].pinned = pinned
            return true
        }
    }

    package func isPinned(_ key: String) -> Bool {
        state.withLock { s in s.entries.contains { $0.key == key && $0.pinned } }
    }

    package func get(_ key: String) -> Value? {
        state.withLock { s in s.entries.last { $0.key == key }?.value }
    }

    /// Every entry, oldest first.
    package var entries: [Entry] { state.withLock { $0.entries } }

    package var usage: StoreUsage {
        state.withLock { s in
            let pinned = s.entries.filter(\.pinned)
            return StoreUsage(count: s.entries.count, bytes: s.bytes, evicted: s.evicted, maxCount: maxCount, maxBytes: maxBytes,
                              pinned: pinned.count, pinnedBytes: pinned.reduce(0) { $0 + $1.bytes },
                              maxPinned: maxPinnedCount, maxPinnedBytes: maxPinnedBytes)
        }
    }
}

/// How full a `ContentStore` is, against its limits.
package struct StoreUsage: Codable, Sendable, Equatable {
    package var count: Int
    package var bytes: Int
    /// Entries pushed out to make room, since the store was made.
    package var evicted: Int
    package var maxCount: Int
    package var maxBytes: Int
    /// Entries that are never pushed out (`ContentStore.pin`), against their own limits.
    package var pinned: Int
    package var pinnedBytes: Int
    package var maxPinned: Int
    package var maxPinnedBytes: Int
}
