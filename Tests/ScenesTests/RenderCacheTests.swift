import APIModel
import Scenes
import Synchronization
import Testing

/// The render cache keeps what fits, least recently used out first, and holds its bytes of the
/// memory budget for as long as it keeps them (issue 34).
@Suite struct RenderCacheTests {
    /// A ledger whose memory budget is `mebibytes` MiB.
    private func ledger(mebibytes: Int = 64) -> BudgetLedger {
        var limits = LimitSettings()
        limits[.memory] = mebibytes
        return BudgetLedger(settings: limits)
    }

    @Test func theLeastRecentlyUsedGoesFirstAndTheBudgetHoldsWhatIsKept() {
        let ledger = ledger()
        let cache = RenderCache<String>(maxBytes: 300, ledger: ledger)
        cache.keep("a", bytes: 100, for: "A")
        cache.keep("b", bytes: 100, for: "B")
        cache.keep("c", bytes: 100, for: "C")
        #expect(ledger.use(.memory) == 300)
        #expect(cache.value(for: "A") == "a", "A is now the most recently used")
        cache.keep("d", bytes: 150, for: "D")  // 450 > 300: B, then C, go
        #expect(cache.value(for: "B") == nil && cache.value(for: "C") == nil)
        #expect(cache.value(for: "A") == "a" && cache.value(for: "D") == "d")
        #expect(ledger.use(.memory) == 250, "what went gave its bytes back")
        #expect(cache.usage == RenderCacheUsage(entries: 2, bytes: 250, maxBytes: 300, hits: 3, misses: 2, evicted: 2))
    }

    @Test func whatDoesNotFitIsNotKeptAndNothingIsRefused() {
        let refusals = Refusals()
        var limits = LimitSettings()
        limits[.memory] = 1
        let ledger = BudgetLedger(settings: limits) { _, _ in refusals.count.withLock { $0 += 1 } }
        let cache = RenderCache<Int>(maxBytes: 2 << 20, ledger: ledger)
        cache.keep(1, bytes: (2 << 20) + 1, for: "larger than the cache")
        #expect(cache.value(for: "larger than the cache") == nil)

        // A render holds most of the budget: the cache keeps nothing rather than take its room.
        let render = try? ledger.reserve([BudgetShare(.memory, (1 << 20) - 10)])
        cache.keep(2, bytes: 100, for: "no room")
        #expect(cache.value(for: "no room") == nil && ledger.use(.memory) == (1 << 20) - 10)
        render?.release()
        cache.keep(3, bytes: 100, for: "room")
        #expect(cache.value(for: "room") == 3 && ledger.use(.memory) == 100)
        #expect(refusals.count.withLock { $0 } == 0, "the render was never refused for the cache's sake")
    }

    @Test func keepingAKeyAgainChangesNothing() {
        let ledger = ledger()
        let cache = RenderCache<String>(maxBytes: 1000, ledger: ledger)
        cache.keep("first", bytes: 10, for: "K")
        cache.keep("second", bytes: 10, for: "K")
        #expect(cache.value(for: "K") == "first" && ledger.use(.memory) == 10 && cache.usage.entries == 1)
    }
}

private final class Refusals: Sendable {
    let count = Mutex(0)
}
