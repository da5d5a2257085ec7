/// The scene's keys in Redis and the commands on them: the epoch, the stream of entries, and the
/// bodies stored once under their content hash (docs/design/replication.md §Keys).
struct CommandLog: Sendable {
    let target: ReplicationTarget
    /// Bodies larger than this (an artwork upload) are stored once under their hash, not in the entry.
    static let inlineBodyLimit = 4096

    var streamKey: String { target.key("log") }
    var epochKey: String { target.key("epoch") }
    func blobKey(_ hash: String) -> String { target.key("blob:" + hash) }

    /// `timeout`: seconds to connect; a command may take as long as `XREAD`'s block and that again.
    func connect(timeout: Double = 1, commandTimeout: Double = 5) throws(RedisFailure) -> RedisConnection {
        try RedisConnection(host: target.host, port: target.port, timeout: timeout, commandTimeout: commandTimeout)
    }

    /// The scene's epoch in seconds since 1970: the first replica's `now` (`SET NX`), read by every later one.
    func epoch(on redis: RedisConnection, now: Double) throws(RedisFailure) -> Double {
        _ = try redis.command("SET", epochKey, LogEntry.format(now), "NX")
        guard let text = try redis.command("GET", epochKey).text, let epoch = Double(text) else {
            throw .refused("the epoch at \(epochKey) is not a number")
        }
        return epoch
    }

    /// Appends an entry with `body`; returns its id. A body over the inline limit goes first to its
    /// own key, once whatever how many entries carry it.
    func append(_ entry: LogEntry, body: [UInt8], on redis: RedisConnection) throws(RedisFailure) -> String {
        var stored = LogEntry.Body.inline(body)
        if body.count > Self.inlineBodyLimit {
            let key = blobKey(SHA256.hex(body))
            _ = try redis.command([Array("SET".utf8), Array(key.utf8), body, Array("NX".utf8)])
            stored = .stored(key: key)
        }
        let entry = LogEntry(operation: entry.operation, path: entry.path, query: entry.query,
                             contentType: entry.contentType, body: stored, accepted: entry.accepted,
                             effect: entry.effect, origin: entry.origin)
        let reply = try redis.command([Array("XADD".utf8), Array(streamKey.utf8), Array("*".utf8)] + entry.fields)
        guard let id = reply.text else { throw .refused("XADD gave no id") }
        return id
    }

    /// Entries after `id`, waiting up to `blockMilliseconds` for the first (`XREAD BLOCK`).
    func read(after id: EntryID, blockMilliseconds: Int, count: Int,
              on redis: RedisConnection) throws(RedisFailure) -> [LogEntry] {
        let reply = try redis.command("XREAD", "COUNT", String(count), "BLOCK", String(blockMilliseconds),
                                      "STREAMS", streamKey, id.description)
        // [[key, [entry, …]]], or null when nothing came.
        return reply.elements.first?.elements.dropFirst().first?.elements.compactMap(LogEntry.init(reply:)) ?? []
    }

    /// Up to `count` entries after `id`, without waiting (`XRANGE`, exclusive start).
    func range(after id: EntryID, count: Int, on redis: RedisConnection) throws(RedisFailure) -> [LogEntry] {
        try redis.command("XRANGE", streamKey, "(" + id.description, "+", "COUNT", String(count))
            .elements.compactMap(LogEntry.init(reply:))
    }

    /// A stored body's bytes; nil when the key is gone.
    func blob(_ key: String, on redis: RedisConnection) throws(RedisFailure) -> [UInt8]? {
        if case .string(let bytes) = try redis.command("GET", key) { return bytes }
        return nil
    }
}
