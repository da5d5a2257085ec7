/// Stored scenarios in Redis (docs/design/replication.md §Stored scenarios): each under its id,
/// with the PNGs of the uploaded artwork it names, so that any replica can run it whatever it has
/// applied of the log. Bounded as a replica's own stores are: the newest `ScenarioStore.maxCount`,
/// within the bytes of the scenario store and the artwork library together, the oldest pushed out first.
extension CommandLog {
    /// A list of the stored ids, oldest first.
    package var scenariosKey: String { target.key("scenarios") }
    /// A hash: `document`, the canonical text; `bytes`, what it counts against the bound; and
    /// `artwork:SHA256`, each uploaded artwork's PNG.
    package func scenarioKey(_ id: String) -> String { target.key(Self.scenarioPrefix + id) }
    private static let scenarioPrefix = "scenario:"
    package static let maxScenarioBytes = ScenarioStore.maxBytes + ArtworkLibrary.maxBytes

    /// Stores a scenario as the newest, and drops the oldest ones beyond the bound, at once.
    package func storeScenario(_ scenario: SharedScenario, on redis: RedisConnection) throws(RedisFailure) {
        var arguments: [[UInt8]] = [Array("EVAL".utf8), Array(Self.storeScenarioScript.utf8), Array("1".utf8),
                                    Array(scenariosKey.utf8), Array(target.key(Self.scenarioPrefix).utf8),
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

    /// KEYS[1] the list of ids; ARGV: the scenario keys' prefix, the id, the most scenarios, the most
    /// bytes, the scenario's bytes, then its fields and values. Newest first, scenarios are kept while
    /// they fit; from the first that does not, every older one goes.
    private static let storeScenarioScript = """
        local key = ARGV[1] .. ARGV[2]
        redis.call('DEL', key)
        redis.call('HSET', key, 'bytes', ARGV[5], unpack(ARGV, 6))
        redis.call('LREM', KEYS[1], 0, ARGV[2])
        redis.call('RPUSH', KEYS[1], ARGV[2])
        local ids = redis.call('LRANGE', KEYS[1], 0, -1)
        local count, total, full = 0, 0, false
        for i = #ids, 1, -1 do
          local bytes = tonumber(redis.call('HGET', ARGV[1] .. ids[i], 'bytes') or '0') or 0
          if not full and i < #ids and (count + 1 > tonumber(ARGV[3]) or total + bytes > tonumber(ARGV[4])) then
            full = true
          end
          if full then
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

/// A scenario as Redis keeps it: its canonical text and the uploaded artwork it names.
package struct SharedScenario: Sendable {
    package let id: String
    package let document: [UInt8]
    package let artworks: [(hash: String, png: [UInt8])]

    package var bytes: Int { artworks.reduce(document.count) { $0 + $1.png.count } }
}
