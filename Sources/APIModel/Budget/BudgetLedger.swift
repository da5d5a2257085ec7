import Controls
import JSON
import Synchronization

/// How much of each budget is in use, and the refusals when a request does not fit: 400 when it
/// could not fit even on an idle server, 503 with `Retry-After` when it would fit later. Nothing
/// waits here: every decision is one short lock, so refusals go out at once.
package final class BudgetLedger: Sendable {
    private let limits: [ServerLimit: Int]
    private let inUse = Mutex<[ServerLimit: Int]>([:])
    /// Hears of every refusal (the server's metrics count them by budget and kind).
    private let refused: @Sendable (ServerLimit, Refusal) -> Void
    /// Called once a large memory share is given back (the server trims the allocator then).
    private let releasedLarge: @Sendable () -> Void

    /// Reservations whose memory share at least this large are followed by a trim of the
    /// allocator once released, so the RSS comes back after a big frame or clip.
    package static let trimAfterBytes = 16 << 20

    package init(settings: LimitSettings, refused: @escaping @Sendable (ServerLimit, Refusal) -> Void = { _, _ in },
                 releasedLarge: @escaping @Sendable () -> Void = {}) {
        var limits: [ServerLimit: Int] = [:]
        for limit in ServerLimit.all where limit.refuses { limits[limit] = settings.base(limit) }
        self.limits = limits
        self.refused = refused
        self.releasedLarge = releasedLarge
    }

    package func limit(_ limit: ServerLimit) -> Int { limits[limit] ?? Int.max }

    package func use(_ limit: ServerLimit) -> Int { inUse.withLock { $0[limit] ?? 0 } }

    /// Every budget that refuses, with its limit and use, for /metrics.
    package var usage: [BudgetUsage] {
        let current = inUse.withLock { $0 }
        return ServerLimit.all.compactMap { l in limits[l].map { BudgetUsage(limit: l, max: $0, inUse: current[l] ?? 0) } }
    }

    /// Throws the 400 for the first share larger than its whole budget.
    package func checkFits(_ shares: [BudgetShare]) throws(Refusal) {
        for share in shares where share.amount > limit(share.limit) {
            let refusal = Refusal.overBudget(share, limit: limit(share.limit))
            refused(share.limit, refusal)
            throw refusal
        }
    }

    /// Takes every share at once, or none: the 503 names the first that does not fit now.
    package func reserve(_ shares: [BudgetShare]) throws(Refusal) -> BudgetTicket {
        try checkFits(shares)
        let busy: (BudgetShare, Int)? = inUse.withLock { use in
            for share in shares where (use[share.limit] ?? 0) > limit(share.limit) - share.amount {
                return (share, use[share.limit] ?? 0)
            }
            for share in shares { use[share.limit, default: 0] += share.amount }
            return nil
        }
        if let (share, current) = busy {
            let refusal = Refusal.budgetInUse(share, inUse: current, limit: limit(share.limit))
            refused(share.limit, refusal)
            throw refusal
        }
        return BudgetTicket(ledger: self, shares: shares)
    }

    /// Takes the shares if they fit now, and nil if not, with no refusal counted: for what is kept
    /// only while there is room (`RenderCache`), never for a request's own work.
    package func reserveIfFree(_ shares: [BudgetShare]) -> BudgetTicket? {
        let taken = inUse.withLock { use in
            for share in shares where (use[share.limit] ?? 0) > limit(share.limit) - share.amount { return false }
            for share in shares { use[share.limit, default: 0] += share.amount }
            return true
        }
        return taken ? BudgetTicket(ledger: self, shares: shares) : nil
    }

    fileprivate func give(back shares: [BudgetShare]) {
        inUse.withLock { use in
            for share in shares { use[share.limit, default: 0] -= share.amount }
        }
        if shares.contains(where: { $0.limit == .memory && $0.amount >= Self.trimAfterBytes }) { releasedLarge() }
    }
}

/// What one request, feed or viewer holds of the budgets; given back once, by `release()` (the
/// HTTP layer calls it as a request completes) or, failing that, when the ticket goes.
package final class BudgetTicket: Sendable {
    private let ledger: BudgetLedger
    private let held: Mutex<[BudgetShare]>

    fileprivate init(ledger: BudgetLedger, shares: [BudgetShare]) {
        self.ledger = ledger
        held = Mutex(shares)
    }

    deinit { release() }

    package func release() {
        let shares = held.withLock { shares in
            defer { shares = [] }
            return shares
        }
        if !shares.isEmpty { ledger.give(back: shares) }
    }

    /// After the work: keep only `bytes` of memory (the answer waiting to be sent) and give the
    /// rest back, the clip's place included.
    package func keepOnly(memory bytes: Int) {
        let returned: [BudgetShare] = held.withLock { shares in
            let memory = shares.filter { $0.limit == .memory }.map(\.amount).reduce(0, +)
            let kept = min(bytes, memory)
            let back = shares.filter { $0.limit != .memory } + [BudgetShare(.memory, memory - kept)]
            shares = [BudgetShare(.memory, kept)]
            return back
        }
        ledger.give(back: returned)
    }
}

extension Refusal {
    /// The request alone is more than the budget: it can never be served as asked.
    package static func overBudget(_ share: BudgetShare, limit: Int) -> Refusal {
        let l = share.limit
        return Refusal(
            .invalid, "the request costs \(share.amount) \(l.baseUnit) of the \(l.id) budget, which is \(limit) \(l.baseUnit) "
                + "in all: it cannot be served even when the server is idle",
            allowed: "\(l.id) budget: \(l.formula); ask for less, or start the server with a larger \(l.flag)",
            details: Self.budgetFields(share, limit: limit) + [("cost", .int(share.amount))])
    }

    /// Other requests hold the budget now; this one would fit once some of them end.
    package static func budgetInUse(_ share: BudgetShare, inUse: Int, limit: Int) -> Refusal {
        let l = share.limit
        return Refusal(
            .unavailable, "the \(l.id) budget is in use: \(inUse) of \(limit) \(l.baseUnit), and the request needs \(share.amount); "
                + "try again in \(l.retryAfterSeconds) s",
            details: Self.budgetFields(share, limit: limit) + [("cost", .int(share.amount)), ("inUse", .int(inUse))],
            retryAfter: l.retryAfterSeconds)
    }

    private static func budgetFields(_ share: BudgetShare, limit: Int) -> [(String, JSONValue)] {
        [("budget", .string(share.limit.id)), ("unit", .string(share.limit.baseUnit)), ("limit", .int(limit))]
    }
}

/// A budget's limit and what is in use of it, for /metrics.
package struct BudgetUsage: Sendable {
    package let limit: ServerLimit
    package let max: Int
    package let inUse: Int

    package init(limit: ServerLimit, max: Int, inUse: Int) {
        self.limit = limit
        self.max = max
        self.inUse = inUse
    }
}
