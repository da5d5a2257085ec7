/// Stored scenarios in Redis (docs/design/replication.md §Stored scenarios): each under its id,
/// with the PNGs of the uploaded artwork it names, so that any replica can run it whatever it has
/// applied of the log. Bounded as a replica's own stores are: the newest `ScenarioStore.maxCount`,
/// within the bytes of the scenario store and the artwork library together, the oldest pushed out first;
/// a pinned scenario (a set of ids, at most `ContentStore.maxPinnedCount` of the scenario store) never is.
extension CommandLog {
    /// A list of the stored ids, oldest first.
    package var scenariosKey: String { target.key("scenarios") }
    /// A hash: `document`, the canonical text; `bytes`, what it counts against the bound; and
    /// `artwork:SHA256`, each uploaded artwork's PNG.
    package func scenarioKey(_ id: String) -> String { target.key(Self.scenarioPrefix + id) }
    /// A set: the ids of the pinned scenarios.
    package var pinnedScenariosKey: String { target.key("scenarios:pinned") }
    private static let scenarioPrefix = "scenario:"
    package static let maxScenarioBytes = ScenarioStore.maxBytes + ArtworkLibrary.maxBytes

    /// Stores a scenario as the newest, and drops the oldest ones beyond the bound, at once.
    package func storeScenario(_ scenario: SharedScenario, on redis: RedisConnection) throws(RedisFailure) {
        var arguments: [[UInt8]] = [Array("EVAL".utf8), Array(Self.storeScenarioScript.utf8), Array("2".utf8),
                                    Array(scenariosKey.utf8), Array(pinnedScenariosKey.utf8), Array(target.key(Self.scenarioPrefix).utf8),
                                    Array(scenario.id.utf8), Array(String(ScenarioStore.maxCount).utf8),
                                    Array(String(Self.maxScenarioBytes).utf8), Array(String(scenario.bytes).utf8),
                                    Array("document".utf8), scenario.document]
        for artwork in scenario.artworks {
            arguments += [Array((Self.artworkField + artwork.hash).utf8), artwork.png]
        }
        _ = try redis.command(arguments)
    }

    /// The scenario stored under `id`; nil when none is.
    package func scenario(_ id: String, on redis: RedisConnection) throws(RedisFailure) -> SharedScenario? {
        let fields = try redis.command("HGETALL", scenarioKey(id)).elements
        var document: [UInt8]?
        var artworks: [(hash: String, png: [UInt8])] = []
        for i in stride(from: 0, to: fields.count - 1, by: 2) {
            guard let name = fields[i].text, case .string(let value) = fields[i + 1] else { continue }
            if name == "document" {
                document = value
            } else if name.hasPrefix(Self.artworkField) {
                artworks.append((String(name.dropFirst(Self.artworkField.count)), value))
            }
        }
        return document.map { SharedScenario(id: id, document: $0, artworks: artworks) }
    }

    private static let artworkField = "artwork:"

    /// KEYS[1] the list of ids, KEYS[2] the set of pinned ones; ARGV: the scenario keys' prefix, the id,
    /// the most scenarios, the most bytes, the scenario's bytes, then its fields and values. Pinned
    /// scenarios are kept first; then, newest first, the others while they fit; from the first that
    /// does not, every older unpinned one goes.
    private static let storeScenarioScript = """
        local key = ARGV[1] .. ARGV[2]
        redis.call('DEL', key)
        redis.call('HSET', key, 'bytes', ARGV[5], unpack(ARGV, 6))
        redis.call('LREM', KEYS[1], 0, ARGV[2])
        redis.call('RPUSH', KEYS[1], ARGV[2])
        local ids = redis.call('LRANGE', KEYS[1], 0, -1)
        local count, total, full = 0, 0, false
        for i = 1, #ids do
          if redis.call('SISMEMBER', KEYS[2], ids[i]) == 1 then
            count = count + 1
            total = total + (tonumber(redis.call('HGET', ARGV[1] .. ids[i], 'bytes') or '0') or 0)
          end
        end
        for i = #ids, 1, -1 do
          local pinned = redis.call('SISMEMBER', KEYS[2], ids[i]) == 1
          local bytes = tonumber(redis.call('HGET', ARGV[1] .. ids[i], 'bytes') or '0') or 0
          if not pinned and not full and i < #ids and (count + 1 > tonumber(ARGV[3]) or total + bytes > tonumber(ARGV[4])) then
            full = true
          end
          if pinned then
            -- counted above
          elseif full then
            redis.call('DEL', ARGV[1] .. ids[i])
            redis.call('LREM', KEYS[1], 0, ids[i])
          else
            count = count + 1
            total = total + bytes
          end
        end
        return count
        """
}

extension CommandLog {
    /// What pinning a scenario in Redis came to.
    package enum PinOutcome: Sendable, Equatable {
        case done
        /// Redis keeps no scenario under that id.
        case notStored
        /// As many scenarios as may be are pinned already.
        case full
    }

    /// Pins (at most `maxPinned`) or unpins the scenario stored under `id`, at once.
    package func pinScenario(_ id: String, _ pinned: Bool, maxPinned: Int = ScenarioStore.maxPinnedCount,
                             on redis: RedisConnection) throws(RedisFailure) -> PinOutcome {
        let reply = try redis.command("EVAL", Self.pinScenarioScript, "2", scenarioKey(id), pinnedScenariosKey, id,
                                      pinned ? "1" : "0", String(maxPinned))
        switch reply {
        case .integer(1): return .done
        case .integer(0): return .full
        default: return .notStored
        }
    }

    /// The ids of the pinned scenarios.
    package func pinnedScenarios(on redis: RedisConnection) throws(RedisFailure) -> Set<String> {
        Set(try redis.command("SMEMBERS", pinnedScenariosKey).elements.compactMap(\.text))
    }

    /// KEYS[1] the scenario's hash, KEYS[2] the pinned set; ARGV: the id, 1 to pin or 0 to unpin,
    /// the most pinned. -1 when no scenario is stored under the id, 0 when the set is full, else 1.
    private static let pinScenarioScript = """
        if ARGV[2] == '0' then
          redis.call('SREM', KEYS[2], ARGV[1])
          return 1
        end
        if redis.call('EXISTS', KEYS[1]) == 0 then return -1 end
        if redis.call('SISMEMBER', KEYS[2], ARGV[1]) == 1 then return 1 end
        if redis.call('SCARD', KEYS[2]) >= tonumber(ARGV[3]) then return 0 end
        redis.call('SADD', KEYS[2], ARGV[1])
        return 1
        """
}

/// A scenario as Redis keeps it: its canonical text and the uploaded artwork it names.
package struct SharedScenario: Sendable {
    package let id: String
    package let document: [UInt8]
    package let artworks: [(hash: String, png: [UInt8])]

    package var bytes: Int { artworks.reduce(document.count) { $0 + $1.png.count } }
}
