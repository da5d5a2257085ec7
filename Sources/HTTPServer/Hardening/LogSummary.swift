import Logging
import Synchronization

/// Connection events that come by the thousand under attack are counted, and summarised in at
/// most one log line per `interval`, instead of one line each (1,000 slowloris connections once
/// wrote 1,000 warnings). The counters in `HTTPServerCounters` keep the running totals.
final class LogSummary: Sendable {
    enum Kind: CaseIterable, Sendable {
        /// The client left (or a timeout cut it) with its request incomplete.
        case abandoned
        /// Still sending its request head at the head deadline.
        case headDeadline
        /// Closed at accept: its address already held the per-IP connection limit.
        case perIPRefused

        var phrase: String {
            switch self {
            case .abandoned: "closed with a request incomplete"
            case .headDeadline: "cut at the head deadline"
            case .perIPRefused: "refused by the per-IP connection limit"
            }
        }
    }

    static let interval: Duration = .seconds(10)

    private struct Pending {
        var counts: [Kind: Int] = [:]
        var lastLine: ContinuousClock.Instant?
    }

    private let logger: Logger
    private let pending = Mutex(Pending())

    init(logger: Logger) {
        self.logger = logger
    }

    func note(_ kind: Kind) {
        pending.withLock { $0.counts[kind, default: 0] += 1 }
    }

    /// Logs what was noted since the last line, if anything was and the last line is at least
    /// `interval` old (or `force`, at shutdown).
    func flushIfDue(now: ContinuousClock.Instant, force: Bool = false) {
        let line: String? = pending.withLock { p in
            guard !p.counts.isEmpty else { return nil }
            if !force, let last = p.lastLine, now - last < Self.interval { return nil }
            let since = p.lastLine.map { force ? "since the last summary" : "in the last \(Self.seconds(now - $0)) s" }
                ?? "since start"
            let parts = Kind.allCases.compactMap { kind in p.counts[kind].map { "\($0) \(kind.phrase)" } }
            p.counts = [:]
            p.lastLine = now
            return "connections \(since): " + parts.joined(separator: ", ")
        }
        if let line { logger.notice("\(line)") }
    }

    private static func seconds(_ d: Duration) -> Int {
        Int(d.components.seconds) + (d.components.attoseconds >= 500_000_000_000_000_000 ? 1 : 0)
    }
}
