import Animation
import Dispatch
import Glibc
import HTTPServer
import Logging
import Synchronization

/// A replica's side of the shared command log (docs/design/replication.md): it appends the
/// commands it accepts, and applies every entry, its own too, only as it reads them back in log
/// order, each at the entry's effect time on the shared clock. A command's answer is sent once
/// the replica has applied it.
final class Replica: Sendable {
    let settings: ReplicationSettings
    let log: CommandLog
    let clock: SharedClock
    private let logger: Logger
    private let state = Mutex(ReplicaState())
    /// Appends go one at a time, on one connection, off the server's thread.
    private let writer = DispatchQueue(label: "layercast.replication.writer")
    private let writerConnection = Mutex<ConnectionBox?>(nil)
    /// What tells this process's waiting commands from another's in the log.
    private let nonce = String(UInt64.random(in: 1...UInt64.max), radix: 36)

    /// How long a command waits, once appended, to be read back and applied before it is
    /// answered 503 (the log went away and has not come back).
    static let applyDeadline = 30.0
    /// Entries read at a time; `XREAD` waits this long for the first.
    static let batch = 256
    static let blockMilliseconds = 500
    /// Reconnecting waits from the first to the last, doubling.
    static let backoff: ClosedRange<Double> = 0.05...2
    /// What a 503 asks a client to wait before it sends the command again.
    static let retryAfterSeconds = 1

    init(settings: ReplicationSettings, logger: Logger) {
        self.settings = settings
        log = CommandLog(target: settings.target)
        clock = SharedClock()
        self.logger = logger
    }

    /// What applies an entry to the scene: the operation's handler run on the rebuilt request at the
    /// given host time; set once the server's routes exist, cleared when it stops.
    func attach(_ apply: @escaping @Sendable (LogEntry, [UInt8], Double) -> HTTPResponse) {
        state.withLock { $0.apply = apply }
    }

    /// Joins the scene: reads (or, first, sets) the epoch, applies the whole log there is, then
    /// reads on in the background. Throws when Redis cannot be reached now.
    func join() throws(RedisFailure) {
        let redis = try log.connect()
        clock.setEpoch(try log.epoch(on: redis, now: SharedClock.wallTime()))
        while true {
            let after = state.withLock { $0.lastApplied }
            let entries = try log.range(after: after, count: Self.batch, on: redis)
            if entries.isEmpty { break }
            for entry in entries { try apply(entry, on: redis) }
        }
        state.withLock { $0.reachable = true }
        logger.info("replica of \(settings.target): log applied up to \(state.withLock { $0.lastApplied })")
        let box = ConnectionBox(redis)
        if !DedicatedThread.start({ [self] in read(from: box) }) {
            logger.error("replication: cannot start the log reader thread")
        }
    }

    func stop() {
        state.withLock { s in
            s.stopping = true
            s.apply = nil
            for waiter in s.waiters.values { waiter.deliver(Self.unavailable()) }
            s.waiters = [:]
        }
    }

    var status: ReplicaStatus {
        state.withLock { s in
            ReplicaStatus(reachable: s.reachable, lastApplied: s.lastApplied.description, applied: s.applied, lagSeconds: s.lag)
        }
    }

    // MARK: Appending

    /// Appends the command a request stands for and answers once it has been applied here; 503
    /// when the log cannot be reached. Never on the calling thread.
    func submit(operation: String, request: HTTPRequest, deliver: @escaping @Sendable (HTTPResponse) -> Void) {
        writer.async { [self] in
            let number = state.withLock { s -> UInt64? in
                guard s.reachable, !s.stopping else { return nil }
                s.counter += 1
                return s.counter
            }
            guard let number else { return deliver(Self.unavailable()) }
            let origin = "\(nonce)/\(number)"
            let accepted = clock.hostNow
            let entry = LogEntry(operation: operation, path: request.path,
                                 query: request.query.map { LogEntry.Field(name: $0.name, value: $0.value) },
                                 contentType: request.headers["content-type"], body: .inline([]),
                                 accepted: accepted, effect: accepted + settings.lead, origin: origin)
            state.withLock { $0.waiters[origin] = Waiter(deliver: deliver, deadline: accepted + Self.applyDeadline) }
            do throws(RedisFailure) {
                let redis = try writerConnection.withLock { box throws(RedisFailure) -> ConnectionBox in
                    if let box { return box }
                    let fresh = ConnectionBox(try log.connect())
                    box = fresh
                    return fresh
                }
                _ = try log.append(entry, body: request.body, on: redis.connection)
            } catch {
                // Not appended (or, for a connection cut mid-command, perhaps appended: then it is
                // applied, and its waiter, gone, is not answered twice).
                writerConnection.withLock { $0 = nil }
                logger.warning("replication: cannot append \(operation): \(error)")
                if let waiter = state.withLock({ $0.waiters.removeValue(forKey: origin) }) {
                    waiter.deliver(Self.unavailable())
                }
            }
        }
    }

    static func unavailable() -> HTTPResponse {
        .error(status: 503, message: "replication log unavailable", ["retryAfterSeconds": .int(retryAfterSeconds)],
               headers: [("Retry-After", String(retryAfterSeconds))])
    }

    // MARK: Reading

    /// The reader's loop: `XREAD BLOCK` from the last applied entry; on a failure, reconnects with
    /// backoff and carries on from there, so nothing is skipped and nothing applied twice.
    private func read(from first: ConnectionBox) {
        var current: ConnectionBox? = first
        var wait = Self.backoff.lowerBound
        while !state.withLock({ $0.stopping }) {
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
                let entries = try log.read(after: after, blockMilliseconds: Self.blockMilliseconds, count: Self.batch,
                                           on: box.connection)
                state.withLock { $0.reachable = true }
                wait = Self.backoff.lowerBound
                for entry in entries { try apply(entry, on: box.connection) }
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

    /// Applies one entry, unless it was already (its id is the idempotency key), at its effect
    /// time: its own, or the previous entry's when that is later, so effects keep log order.
    private func apply(_ entry: LogEntry, on redis: RedisConnection) throws(RedisFailure) {
        guard let id = EntryID(entry.id) else { return }
        let (last, previousEffect, apply) = state.withLock { ($0.lastApplied, $0.lastEffect, $0.apply) }
        guard id > last, let apply else { return }
        var body: [UInt8] = []
        switch entry.body {
        case .inline(let bytes): body = bytes
        case .stored(let key): body = try log.blob(key, on: redis) ?? []
        }
        let effect = max(entry.effect, previousEffect)
        var response = apply(entry, body, effect)
        response.headers.append((Self.entryHeader, entry.id))
        let waiter = state.withLock { s in
            s.lastApplied = id
            s.lastEffect = effect
            s.applied += 1
            s.lag = max(0, clock.hostNow - entry.accepted)
            return s.waiters.removeValue(forKey: entry.origin)
        }
        waiter?.deliver(response)
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

    /// The header a replicated command's answer names its log entry in.
    static let entryHeader = "Layercast-Log-Entry"
}

struct ReplicaStatus: Sendable {
    let reachable: Bool
    let lastApplied: String
    let applied: Int
    let lagSeconds: Double
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
    var apply: (@Sendable (LogEntry, [UInt8], Double) -> HTTPResponse)?
}

private struct Waiter {
    let deliver: @Sendable (HTTPResponse) -> Void
    let deadline: Double
}

/// A connection used by one thread at a time: the reader's, or the writer queue's.
private final class ConnectionBox: @unchecked Sendable {
    let connection: RedisConnection
    init(_ connection: RedisConnection) { self.connection = connection }
}
