import Animation
import Controls
import Dispatch
import Glibc
import Logging
import Synchronization

/// A replica's side of the shared command log (docs/design/replication.md): it appends the
/// commands it accepts, and applies every entry, its own too, only as it reads them back in log
/// order, each at the entry's effect time on the shared clock. A command's answer is sent once
/// the replica has applied it.
package final class Replica: Sendable {
    package let settings: ReplicationSettings
    package let log: CommandLog
    package let clock: SharedClock
    private let logger: Logger
    /// Starts the log reader on a thread of its own; false when none can be had.
    private let startThread: @Sendable (@escaping @Sendable () -> Void) -> Bool
    private let state = Mutex(ReplicaState())
    /// Held while an entry is applied and its id recorded (or a snapshot restored), so that a
    /// snapshot taken under it names exactly the entries its scene includes.
    private let applying = Mutex(())
    /// Appends go one at a time, on one connection, off the server's thread.
    private let writer = DispatchQueue(label: "layercast.replication.writer")
    private let writerConnection = Mutex<ConnectionBox?>(nil)
    /// What tells this process's waiting commands from another's in the log.
    private let nonce = String(UInt64.random(in: 1...UInt64.max), radix: 36)

    /// How long a command waits, once appended, to be read back and applied before it is
    /// answered 503 (the log went away and has not come back).
    package static let applyDeadline = 30.0
    /// Entries read at a time; `XREAD` waits this long for the first.
    package static let batch = 256
    package static let blockMilliseconds = 500
    /// How long a command whose append failed after it was sent waits, at most, to learn whether
    /// Redis appended it: a connection's command timeout, so an answer lost to a stall is found.
    package static let uncertainWait = 5.0
    /// Reconnecting waits from the first to the last, doubling.
    package static let backoff: ClosedRange<Double> = 0.05...2
    /// What a 503 asks a client to wait before it sends the command again.
    package static let retryAfterSeconds = 1

    package init(settings: ReplicationSettings, logger: Logger,
                 startThread: @escaping @Sendable (@escaping @Sendable () -> Void) -> Bool) {
        self.startThread = startThread
        self.settings = settings
        log = CommandLog(target: settings.target)
        clock = SharedClock()
        self.logger = logger
    }

    /// What applies an entry to the scene: its command run at the given host time, with the PNG of
    /// the upload it names; set once the server's routes exist, cleared when it stops.
    package func attach(_ apply: @escaping @Sendable (LogEntry, [UInt8]?, Double) -> Result<Result<[UInt8], Refusal>, UnreadableEntry>,
                snapshots: SnapshotHooks) {
        state.withLock { s in
            s.apply = apply
            s.snapshots = snapshots
        }
    }

    /// Joins the scene: reads (or, first, sets) the epoch, restores the newest snapshot, applies
    /// the log after it, then reads on in the background. Throws when Redis cannot be reached now.
    package func join() throws(RedisFailure) {
        let redis = try log.connect()
        clock.setEpoch(try log.epoch(on: redis, now: SharedClock.wallTime()))
        try restoreSnapshot(on: redis)
        while true {
            let after = state.withLock { $0.lastApplied }
            let entries = try log.range(after: after, count: Self.batch, on: redis)
            if entries.isEmpty { break }
            if try !apply(entries, on: redis) { break }
        }
        state.withLock { $0.reachable = true }
        logger.info("replica of \(settings.target): log applied up to \(state.withLock { $0.lastApplied })")
        let box = ConnectionBox(redis)
        if !startThread({ [self] in read(from: box) }) {
            logger.error("replication: cannot start the log reader thread")
        }
    }

    package func stop() {
        state.withLock { s in
            s.stopping = true
            s.apply = nil
            s.snapshots = nil
            for waiter in s.waiters.values { waiter.deliver(Self.unavailable()) }
            s.waiters = [:]
        }
    }

    package var status: ReplicaStatus {
        state.withLock { s in
            ReplicaStatus(reachable: s.reachable, lastApplied: s.lastApplied.description, applied: s.applied, lagSeconds: s.lag,
                          stoppedAt: s.stoppedAt)
        }
    }

    /// Runs `body` with the id of the last entry applied, while no entry is being applied: what
    /// the scene shows then includes exactly the entries up to it.
    package func withAppliedEntry<R: Sendable>(_ body: (String) -> R) -> R {
        applying.withLock { _ in body(state.withLock { $0.lastApplied.description }) }
    }

    // MARK: Appending

    /// Appends the command `make` gives (a request's value, and the PNG of an upload it names) and
    /// answers once it has been applied here; a refusal of `make` at once; 503 when the log cannot
    /// be reached, or its reading stopped at an entry it cannot read. Never on the calling thread:
    /// `make` may decode an upload, which runs beside the appends, not on their queue.
    package func submit(_ make: @escaping @Sendable () throws(Refusal) -> (command: Command, upload: [UInt8]?),
                        deliver: @escaping @Sendable (LoggedAnswer) -> Void) {
        DispatchQueue.global().async { [self] in
            let made: (command: Command, upload: [UInt8]?)
            do throws(Refusal) {
                made = try make()
            } catch {
                return deliver(LoggedAnswer(outcome: .failure(error), entry: nil))
            }
            writer.async { [self] in append(made, deliver: deliver) }
        }
    }

    private func append(_ made: (command: Command, upload: [UInt8]?), deliver: @escaping @Sendable (LoggedAnswer) -> Void) {
        let accepted = clock.hostNow
        // Checked and waiting in one step: a reader that stops after this answers the waiter,
        // and one that stopped before refuses the command here.
        let waiting = state.withLock { s -> Result<String, Refusal> in
            if let stopped = s.stoppedAt { return .failure(Self.stoppedError(stopped)) }
            guard s.reachable, !s.stopping else { return .failure(Self.unavailableError) }
            s.counter += 1
            let origin = "\(nonce)/\(s.counter)"
            s.waiters[origin] = Waiter(deliver: deliver, deadline: accepted + Self.applyDeadline)
            return .success(origin)
        }
        let origin: String
        switch waiting {
        case .success(let o): origin = o
        case .failure(let refusal): return deliver(LoggedAnswer(outcome: .failure(refusal), entry: nil))
        }
        let operation = made.command.id
        let entry = LogEntry(command: made.command, upload: made.upload.map(SHA256.hex), accepted: accepted,
                             effect: accepted + settings.lead, origin: origin)
        let redis: ConnectionBox
        do throws(RedisFailure) {
            redis = try writerConnection.withLock { box throws(RedisFailure) -> ConnectionBox in
                if let box { return box }
                let fresh = ConnectionBox(try log.connect())
                box = fresh
                return fresh
            }
        } catch {
            // Nothing was sent: refused for certain.
            logger.warning("replication: cannot append \(operation): \(error)")
            return refuse(origin)
        }
        do throws(RedisFailure) {
            _ = try log.append(entry, upload: made.upload, on: redis.connection)
        } catch {
            writerConnection.withLock { $0 = nil }
            logger.warning("replication: cannot append \(operation): \(error)")
            guard case .unreachable = error else { return refuse(origin) }
            // The connection failed once the command was sent: Redis may have appended it and
            // lost only the answer. A 503 now would have the client send it again, and both
            // would be applied; so the answer waits until the reader, back in touch with the
            // log, has read past where the entry would be (the entry's own answer if it is
            // there, a 503 if not), or `uncertainWait` has passed (docs/design/replication.md §Faults).
            let now = clock.hostNow
            state.withLock { s in
                s.waiters[origin]?.uncertainSince = now
                s.waiters[origin]?.deadline = min(accepted + Self.applyDeadline, now + Self.uncertainWait)
            }
        }
    }

    /// Answers a command that was not appended 503, if it still waits.
    private func refuse(_ origin: String) {
        if let waiter = state.withLock({ $0.waiters.removeValue(forKey: origin) }) {
            waiter.deliver(Self.unavailable())
        }
    }

    package static func unavailable() -> LoggedAnswer { LoggedAnswer(outcome: .failure(unavailableError), entry: nil) }

    /// What a command answers once reading stopped at an entry this server cannot read: only a
    /// person can move the scene on (docs/design/replication.md §Faults).
    package static func stoppedError(_ entry: UnreadableEntry) -> Refusal {
        Refusal(.unavailable, "replication stopped: \(entry); commands are refused until the scene moves to a log this "
                 + "version reads", details: [("retryAfterSeconds", .int(retryAfterSeconds))],
                 retryAfter: retryAfterSeconds)
    }

    /// What a request that needs the log (Redis) answers while it cannot be reached (docs/design/replication.md §Faults).
    /// Made on each use rather than kept in a `static let`: a clean CI run's LeakSanitizer reported
    /// the storage such a global held as a direct leak, so it does not recognise that reference.
    package static var unavailableError: Refusal {
        Refusal(.unavailable, "replication log unavailable",
                 details: [("retryAfterSeconds", .int(retryAfterSeconds))],
                 retryAfter: retryAfterSeconds)
    }

    // MARK: Stored scenarios

    /// Stores a scenario in Redis (docs/design/replication.md §Stored scenarios), on a connection of
    /// its own: scenarios are stored and fetched seldom, off the server's thread.
    package func storeScenario(_ scenario: SharedScenario) throws(RedisFailure) {
        try log.storeScenario(scenario, on: try log.connect())
    }

    /// The scenario Redis keeps under `id`; nil when it keeps none.
    package func scenario(_ id: String) throws(RedisFailure) -> SharedScenario? {
        try log.scenario(id, on: try log.connect())
    }

    /// Pins or unpins the scenario Redis keeps under `id` (`CommandLog.pinScenario`).
    package func pinScenario(_ id: String, _ pinned: Bool) throws(RedisFailure) -> CommandLog.PinOutcome {
        try log.pinScenario(id, pinned, on: try log.connect())
    }

    // MARK: Reading

    /// The reader's loop: `XREAD BLOCK` from the last applied entry; on a failure, reconnects with
    /// backoff and carries on from there, so nothing is skipped and nothing applied twice.
    private func read(from first: ConnectionBox) {
        var current: ConnectionBox? = first
        var wait = Self.backoff.lowerBound
        while !state.withLock({ $0.stopping || $0.stoppedAt != nil }) {
            expireWaiters()
            guard let box = current else {
                usleep(useconds_t(wait * 1e6))
                wait = min(wait * 2, Self.backoff.upperBound)
                if let redis = try? log.connect() {
                    current = ConnectionBox(redis)
                    logger.notice("replication: log reachable again at \(settings.target)")
                }
                continue
            }
            do throws(RedisFailure) {
                let after = state.withLock { $0.lastApplied }
                let asked = clock.hostNow
                let entries = try log.read(after: after, blockMilliseconds: Self.blockMilliseconds, count: Self.batch,
                                           on: box.connection)
                state.withLock { $0.reachable = true }
                // Read to the end of the log: a command whose append failed before this read was
                // asked for and that is not in it was not appended.
                if entries.isEmpty { refuseUncertain(before: asked) }
                wait = Self.backoff.lowerBound
                // Entries this replica has not applied may have been trimmed behind a newer
                // snapshot (it lagged): it restores that first; the batch's later entries follow.
                // Not when it has applied every entry before the snapshot's: then nothing it lacks
                // was trimmed, and restoring would pass over that entry, and the command waiting
                // here for it (another replica stored the snapshot at it first).
                if let first = entries.first.flatMap({ EntryID($0.id) }),
                   let stored = try log.snapshotEntries(on: box.connection), stored.entry > after, first >= stored.entry,
                   stored.previous.map({ after < $0 }) ?? true {
                    try restoreSnapshot(on: box.connection)
                }
                _ = try apply(entries, on: box.connection)
            } catch {
                if case .unreachable = error {
                    current = nil
                    state.withLock { $0.reachable = false }
                    writerConnection.withLock { $0 = nil }
                }
                logger.warning("replication: \(error)")
                if case .refused = error { usleep(useconds_t(Self.backoff.upperBound * 1e6)) }
            }
        }
    }

    /// Applies entries in order until one cannot be read: there reading stops for good, every
    /// waiting command gets a 503 that says why, and the replica reports it (`/healthz`, metrics).
    /// False when it stopped.
    private func apply(_ entries: [Result<LogEntry, UnreadableEntry>], on redis: RedisConnection) throws(RedisFailure) -> Bool {
        for read in entries {
            let unreadable: UnreadableEntry
            switch read {
            case .success(let entry):
                guard let refused = try apply(entry, on: redis) else { continue }
                unreadable = refused
            case .failure(let failure): unreadable = failure
            }
            let waiting = state.withLock { s in
                s.stoppedAt = unreadable
                defer { s.waiters = [:] }
                return Array(s.waiters.values)
            }
            logger.critical("replication stopped: \(unreadable)")
            for waiter in waiting { waiter.deliver(LoggedAnswer(outcome: .failure(Self.stoppedError(unreadable)), entry: nil)) }
            return false
        }
        return true
    }

    /// Applies one entry, unless it was already (its id is the idempotency key), at its effect
    /// time: its own, or the previous entry's when that is later, so effects keep log order. An
    /// entry naming a command this server does not have is not applied: it is returned.
    private func apply(_ entry: LogEntry, on redis: RedisConnection) throws(RedisFailure) -> UnreadableEntry? {
        guard let id = EntryID(entry.id) else { return UnreadableEntry(id: entry.id, reason: "its id is not a stream id") }
        let (last, previousEffect, apply) = state.withLock { ($0.lastApplied, $0.lastEffect, $0.apply) }
        guard id > last, let apply else { return nil }
        let upload = try entry.upload.flatMap { hash throws(RedisFailure) in try log.blob(log.blobKey(hash), on: redis) }
        let effect = max(entry.effect, previousEffect)
        let applied = applying.withLock { _ -> Result<(LoggedAnswer, Waiter?, Bool), UnreadableEntry> in
            let response: LoggedAnswer
            switch apply(entry, upload, effect) {
            case .success(let outcome): response = LoggedAnswer(outcome: outcome, entry: entry.id)
            case .failure(let unreadable): return .failure(unreadable)
            }
            return state.withLock { s in
                s.lastApplied = id
                s.lastEffect = effect
                s.applied += 1
                s.sinceSnapshot += 1
                s.lag = max(0, clock.hostNow - entry.accepted)
                return .success((response, s.waiters.removeValue(forKey: entry.origin), s.sinceSnapshot >= settings.snapshotEvery))
            }
        }
        guard case .success(let (response, waiter, snapshotDue)) = applied else {
            if case .failure(let unreadable) = applied { return unreadable }
            return nil
        }
        waiter?.deliver(response)
        if snapshotDue { try storeSnapshot(after: id, previous: last, effect: effect, on: redis) }
        return nil
    }

    // MARK: Snapshots

    /// Stores the scene as entry `id` left it (at its effect time) and trims the log behind it, all
    /// but the last `retention` seconds before it (stream ids count Redis's milliseconds).
    /// Every replica writes its own; Redis keeps the newest. None is taken while a scenario's steps
    /// are scheduled: the next entry tries again.
    private func storeSnapshot(after id: EntryID, previous: EntryID, effect: Double,
                               on redis: RedisConnection) throws(RedisFailure) {
        guard let take = state.withLock({ $0.snapshots?.take }),
              let snapshot = take(id.description, effect) else { return }
        if let artwork = snapshot.artwork { try log.storeBlob(artwork.png, hash: artwork.hash, on: redis) }
        let trim = Self.trimPoint(after: id, retention: settings.retention)
        let stored = try log.storeSnapshot(snapshot.document, entry: id, previous: previous, trimmingBefore: trim, on: redis)
        state.withLock { $0.sinceSnapshot = 0 }
        if stored { logger.info("replication: snapshot stored at entry \(id); the log is trimmed behind it") }
    }

    /// The first entry a snapshot at `id` keeps in the log: the entries of the last `retention`
    /// seconds before it, counted in whole milliseconds. Without retention it is `id` itself: a cut at
    /// `id`'s millisecond would keep the entries that share that millisecond before it.
    package static func trimPoint(after id: EntryID, retention: Double) -> EntryID {
        let kept = UInt64(max(0, retention) * 1000)
        guard kept > 0 else { return id }
        return EntryID(ms: id.ms > kept ? id.ms - kept : 0, seq: 0)
    }

    /// Rebuilds the scene from the newest stored snapshot when it includes entries this replica has
    /// not applied; then reading goes on after its entry.
    private func restoreSnapshot(on redis: RedisConnection) throws(RedisFailure) {
        guard let (entry, document) = try log.snapshot(on: redis) else { return }
        let (last, hooks) = state.withLock { ($0.lastApplied, $0.snapshots) }
        guard entry > last, let hooks else { return }
        do {
            let restored = try applying.withLock { _ in
                try hooks.restore(document) { hash in try log.blob(log.blobKey(hash), on: redis) }
            }
            state.withLock { s in
                s.lastApplied = entry
                s.lastEffect = restored.host
                s.sinceSnapshot = 0
            }
            logger.notice("replication: scene restored from the snapshot at entry \(entry)")
        } catch {
            if let failure = error as? RedisFailure { throw failure }
            logger.error("replication: \(error)")
            throw .refused("the snapshot at \(entry) cannot be restored: \(error)")
        }
    }

    private func refuseUncertain(before time: Double) {
        let settled = state.withLock { s in
            let gone = s.waiters.filter { ($0.value.uncertainSince ?? .infinity) < time }
            for key in gone.keys { s.waiters[key] = nil }
            return Array(gone.values)
        }
        for waiter in settled { waiter.deliver(Self.unavailable()) }
    }

    private func expireWaiters() {
        let now = clock.hostNow
        let expired = state.withLock { s in
            let gone = s.waiters.filter { $0.value.deadline < now }
            for key in gone.keys { s.waiters[key] = nil }
            return Array(gone.values)
        }
        for waiter in expired { waiter.deliver(Self.unavailable()) }
    }

}

/// What a command sent through the log is answered with: its reply's JSON or its refusal, and the
/// log entry it was applied as (nil when it never was).
package struct LoggedAnswer: Sendable {
    package let outcome: Result<[UInt8], Refusal>
    package let entry: String?
}

package struct ReplicaStatus: Sendable {
    package let reachable: Bool
    package let lastApplied: String
    package let applied: Int
    package let lagSeconds: Double
    /// The entry reading stopped at, which this server cannot read; nil while it reads on.
    package let stoppedAt: UnreadableEntry?
}

private struct ReplicaState {
    var reachable = false
    var stopping = false
    var lastApplied = EntryID.zero
    /// Host time the last applied entry took effect at.
    var lastEffect = 0.0
    var applied = 0
    /// Seconds from the last applied entry's acceptance to its application here.
    var lag = 0.0
    var counter: UInt64 = 0
    var waiters: [String: Waiter] = [:]
    /// The entry reading stopped at, which this server cannot read.
    var stoppedAt: UnreadableEntry?
    var apply: (@Sendable (LogEntry, [UInt8]?, Double) -> Result<Result<[UInt8], Refusal>, UnreadableEntry>)?
    var snapshots: SnapshotHooks?
    /// Entries applied since the last snapshot this replica took or restored.
    var sinceSnapshot = 0
}

/// How a replica takes and restores snapshots of the scene (`Stage.replicaSnapshot`, `restore(snapshot:)`).
package struct SnapshotHooks: Sendable {
    /// The scene as the entry just applied (its id, its host time) left it; nil when none can be taken now.
    package let take: @Sendable (String, Double) -> ReplicaSnapshot?
    /// Rebuilds the scene and the clock from a document; the closure gives an artwork's PNG by its
    /// SHA-256. Returns the entry the snapshot includes last and the host time it took effect.
    package let restore: @Sendable ([UInt8], (String) throws -> [UInt8]?) throws -> (entry: String, host: Double)

}

private struct Waiter {
    let deliver: @Sendable (LoggedAnswer) -> Void
    var deadline: Double
    /// When its append failed after the command was sent (whether Redis has it is unknown).
    var uncertainSince: Double?
}

/// A connection used by one thread at a time: the reader's, or the writer queue's.
private final class ConnectionBox: @unchecked Sendable {
    let connection: RedisConnection
    init(_ connection: RedisConnection) { self.connection = connection }
}
