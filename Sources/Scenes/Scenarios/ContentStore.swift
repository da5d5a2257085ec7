import Synchronization

/// Values by a key derived from their content, bounded in count and in bytes: a new entry that
/// does not fit pushes out the oldest ones first. Storing what is already there makes it the newest
/// again. Scenarios and the uploaded artwork they name are kept this way.
package final class ContentStore<Value: Sendable>: Sendable {
    package struct Entry: Sendable {
        package let key: String
        package let value: Value
        /// What the value counts against `maxBytes`.
        package let bytes: Int
    }

    package let maxCount: Int
    package let maxBytes: Int

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
        state.withLock { s in
            if let i = s.entries.firstIndex(where: { $0.key == key }) {
                s.bytes -= s.entries.remove(at: i).bytes
            }
            while !s.entries.isEmpty, s.entries.count >= maxCount || s.bytes + bytes > maxBytes {
                s.bytes -= s.entries.removeFirst().bytes
                s.evicted += 1
            }
            s.entries.append(Entry(key: key, value: value, bytes: bytes))
            s.bytes += bytes
        }
        return true
    }

    package func get(_ key: String) -> Value? {
        state.withLock { s in s.entries.last { $0.key == key }?.value }
    }

    /// Every entry, oldest first.
    package var entries: [Entry] { state.withLock { $0.entries } }

    package var usage: StoreUsage {
        state.withLock { s in
            StoreUsage(count: s.entries.count, bytes: s.bytes, evicted: s.evicted, maxCount: maxCount, maxBytes: maxBytes)
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
}
