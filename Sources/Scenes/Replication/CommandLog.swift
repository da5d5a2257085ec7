/// The scene's keys in Redis and the commands on them: the epoch, the stream of entries, and the
/// bodies stored once under their content hash (docs/design/replication.md §Keys).
package struct CommandLog: Sendable {
    package let target: ReplicationTarget

    package init(target: ReplicationTarget) {
        self.target = target
    }

    package var streamKey: String { target.key("log") }
    package var epochKey: String { target.key("epoch") }
    /// A hash: `entry`, the log entry the newest snapshot includes last, and `document`, the snapshot.
    package var snapshotKey: String { target.key("snapshot") }
    package func blobKey(_ hash: String) -> String { target.key("blob:" + hash) }

    /// `timeout`: seconds to connect; a command may take as long as `XREAD`'s block and that again.
    package func connect(timeout: Double = 1, commandTimeout: Double = 5) throws(RedisFailure) -> RedisConnection {
        try RedisConnection(host: target.host, port: target.port, timeout: timeout, commandTimeout: commandTimeout)
    }

    /// The scene's epoch in seconds since 1970: the first replica's `now` (`SET NX`), read by every later one.
    package func epoch(on redis: RedisConnection, now: Double) throws(RedisFailure) -> Double {
        _ = try redis.command("SET", epochKey, LogEntry.format(now), "NX")
        guard let text = try redis.command("GET", epochKey).text, let epoch = Double(text) else {
            throw .refused("the epoch at \(epochKey) is not a number")
        }
        return epoch
    }

    /// Appends an entry; returns its id. An upload it names goes first to its own key, once
    /// whatever how many entries name it.
    package func append(_ entry: LogEntry, upload: [UInt8]?, on redis: RedisConnection) throws(RedisFailure) -> String {
        if let upload, let hash = entry.upload { try storeBlob(upload, hash: hash, on: redis) }
        let reply = try redis.command([Array("XADD".utf8), Array(streamKey.utf8), Array("*".utf8)] + entry.fields)
        guard let id = reply.text else { throw .refused("XADD gave no id") }
        return id
    }

    /// Entries after `id`, waiting up to `blockMilliseconds` for the first (`XREAD BLOCK`); each
    /// read, or why it cannot be.
    package func read(after id: EntryID, blockMilliseconds: Int, count: Int,
              on redis: RedisConnection) throws(RedisFailure) -> [Result<LogEntry, UnreadableEntry>] {
        let reply = try redis.command("XREAD", "COUNT", String(count), "BLOCK", String(blockMilliseconds),
                                      "STREAMS", streamKey, id.description)
        // [[key, [entry, …]]], or null when nothing came.
        return reply.elements.first?.elements.dropFirst().first?.elements.map(Self.entry) ?? []
    }

    /// Up to `count` entries after `id`, without waiting (`XRANGE`, exclusive start).
    package func range(after id: EntryID, count: Int,
               on redis: RedisConnection) throws(RedisFailure) -> [Result<LogEntry, UnreadableEntry>] {
        try redis.command("XRANGE", streamKey, "(" + id.description, "+", "COUNT", String(count)).elements.map(Self.entry)
    }

    private static func entry(_ reply: RedisReply) -> Result<LogEntry, UnreadableEntry> {
        Result { () throws(UnreadableEntry) -> LogEntry in try LogEntry(reply: reply) }
    }

    /// Stores `bytes` under their SHA-256 `hash`, once.
    package func storeBlob(_ bytes: [UInt8], hash: String, on redis: RedisConnection) throws(RedisFailure) {
        _ = try redis.command([Array("SET".utf8), Array(blobKey(hash).utf8), bytes, Array("NX".utf8)])
    }

    /// A stored body's bytes; nil when the key is gone.
    package func blob(_ key: String, on redis: RedisConnection) throws(RedisFailure) -> [UInt8]? {
        if case .string(let bytes) = try redis.command("GET", key) { return bytes }
        return nil
    }

    // MARK: Snapshots

    /// Stores a snapshot that includes the log up to `entry`, unless one at a later entry is stored
    /// already (replicas write theirs at different entries), and trims the log before `entry`
    /// (`XTRIM MINID`), both at once, so the log is never trimmed past the stored snapshot.
    /// `previous` is the entry before `entry` in the log. True when it was stored.
    package func storeSnapshot(_ document: [UInt8], entry: EntryID, previous: EntryID, trimmingBefore trim: EntryID,
                       on redis: RedisConnection) throws(RedisFailure) -> Bool {
        let reply = try redis.command([Array("EVAL".utf8), Array(Self.storeSnapshotScript.utf8), Array("2".utf8),
                                       Array(snapshotKey.utf8), Array(streamKey.utf8),
                                       Array(entry.description.utf8), document, Array(previous.description.utf8),
                                       Array(trim.description.utf8)])
        return reply == .integer(1)
    }

    /// Stream ids compare as (milliseconds, sequence); both fit a Lua number exactly.
    private static let storeSnapshotScript = """
        local function parse(id) local ms, seq = string.match(id, '^(%d+)%-(%d+)$') return tonumber(ms), tonumber(seq) end
        local current = redis.call('HGET', KEYS[1], 'entry')
        if current then
          local cm, cs = parse(current)
          local nm, ns = parse(ARGV[1])
          if cm > nm or (cm == nm and cs >= ns) then return 0 end
        end
        redis.call('HSET', KEYS[1], 'entry', ARGV[1], 'document', ARGV[2], 'previous', ARGV[3])
        redis.call('XTRIM', KEYS[2], 'MINID', ARGV[4])
        return 1
        """

    /// The entry the newest stored snapshot includes last, and the entry before it in the log (nil
    /// when not stored); nil when no snapshot is stored.
    package func snapshotEntries(on redis: RedisConnection) throws(RedisFailure) -> (entry: EntryID, previous: EntryID?)? {
        let parts = try redis.command("HMGET", snapshotKey, "entry", "previous").elements
        guard let entry = parts.first?.text.flatMap(EntryID.init) else { return nil }
        return (entry, parts.dropFirst().first?.text.flatMap(EntryID.init))
    }

    /// The newest stored snapshot; nil when none is stored.
    package func snapshot(on redis: RedisConnection) throws(RedisFailure) -> (entry: EntryID, document: [UInt8])? {
        let parts = try redis.command("HMGET", snapshotKey, "entry", "document").elements
        guard parts.count == 2, let entry = parts[0].text.flatMap(EntryID.init), case .string(let document) = parts[1] else {
            return nil
        }
        return (entry, document)
    }
}
