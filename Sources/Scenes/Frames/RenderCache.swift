import APIModel
import Synchronization

/// Answers whose bytes their request fixes (a stored scenario's frames and clips), kept so that a
/// repeated request is answered without rendering again (issue 34). Bounded in bytes, the least
/// recently used going first. Each entry holds its bytes of the memory budget (`BudgetLedger`), so
/// what the cache keeps is counted where renders are priced; an entry the budget has no room for is
/// simply not kept, so the cache never makes a render wait or be refused.
package final class RenderCache<Value: Sendable>: Sendable {
    package let maxBytes: Int
    private let ledger: BudgetLedger

    private struct Entry {
        let value: Value
        let bytes: Int
        let ticket: BudgetTicket
        /// When it was last stored or read, on `State.clock`.
        var used: UInt64
    }

    private struct State {
        var entries: [String: Entry] = [:]
        var bytes = 0
        var clock: UInt64 = 0
        var hits = 0
        var misses = 0
        var evicted = 0
    }

    private let state = Mutex(State())

    /// A cache of at most `maxBytes`, whose entries hold their bytes of `ledger`'s memory budget.
    package init(maxBytes: Int, ledger: BudgetLedger) {
        self.maxBytes = maxBytes
        self.ledger = ledger
    }

    /// The value kept under `key`, now the most recently used; nil (a miss) when none is.
    package func value(for key: String) -> Value? {
        state.withLock { s in
            guard var entry = s.entries[key] else {
                s.misses += 1
                return nil
            }
            s.clock += 1
            entry.used = s.clock
            s.entries[key] = entry
            s.hits += 1
            return entry.value
        }
    }

    /// Keeps `value`, which counts `bytes`, under `key`, pushing out the least recently used entries
    /// until it fits. Not kept when it is larger than the cache or the memory budget has no room.
    package func keep(_ value: Value, bytes: Int, for key: String) {
        guard bytes <= maxBytes, let ticket = ledger.reserveIfFree([BudgetShare(.memory, bytes)]) else { return }
        // Tickets are given back outside the lock: the ledger takes its own.
        let released: [BudgetTicket] = state.withLock { s in
            if s.entries[key] != nil { return [ticket] }
            var out: [BudgetTicket] = []
            while s.bytes + bytes > maxBytes, let oldest = s.entries.min(by: { $0.value.used < $1.value.used }) {
                s.entries[oldest.key] = nil
                s.bytes -= oldest.value.bytes
                s.evicted += 1
                out.append(oldest.value.ticket)
            }
            s.clock += 1
            s.entries[key] = Entry(value: value, bytes: bytes, ticket: ticket, used: s.clock)
            s.bytes += bytes
            return out
        }
        for ticket in released { ticket.release() }
    }

    package var usage: RenderCacheUsage {
        state.withLock { s in
            RenderCacheUsage(entries: s.entries.count, bytes: s.bytes, maxBytes: maxBytes, hits: s.hits, misses: s.misses,
                             evicted: s.evicted)
        }
    }
}

/// What a `RenderCache` holds and how it has answered, for /metrics.
package struct RenderCacheUsage: Sendable, Equatable {
    package var entries: Int
    package var bytes: Int
    package var maxBytes: Int
    package var hits: Int
    package var misses: Int
    /// Entries pushed out to make room.
    package var evicted: Int

    package init(entries: Int, bytes: Int, maxBytes: Int, hits: Int, misses: Int, evicted: Int) {
        (self.entries, self.bytes, self.maxBytes, self.hits, self.misses, self.evicted) = (entries, bytes, maxBytes, hits, misses, evicted)
    }
}
