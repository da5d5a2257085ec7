import Controls
import Foundation
import LayercastTesting
import LocalRedis
@testable import PreviewServer
import Rendering
import Scenes
import Testing
import SeedControls

/// Stored scenarios live in Redis when replicated (docs/design/replication.md §Stored scenarios):
/// any replica serves a clip of one stored through another, whatever it has applied of the log.
@Suite(.serialized, .ioTimeLimit)
struct ReplicaScenarioTests {

    static let query = "control=all&size=96&fps=10"

    @Test func aScenarioStoredThroughOneReplicaGivesTheSameClipFromAnother() throws {
        let redis = try RedisProcess()
        // A snapshot after every entry, and the log trimmed behind it: a replica that joins later
        // applies none of the entries before it.
        let a = try replica(of: redis, scene: "shared", snapshotEvery: 1)
        defer { a.stop() }
        let cover = try Self.png(0x20, 0x60, 0xC0), other = try Self.png(0xE0, 0x90, 0x10)
        for image in [cover, other] {
            #expect(try a.put("/player/artwork", body: image, contentType: "image/png").status == 200)
        }
        // The cover is no longer shown when B joins: only the scenario brings it there.
        let document = """
            {"name": "shared", "duration": 1, "steps": [
              {"at": 0, "do": "POST /meter/press"},
              {"at": 0.3, "do": "PUT /player/artwork/by-hash", "with": {"sha256": "\(SHA256.hex(cover))"}},
              {"at": 0.5, "do": "POST /play-button/mode", "with": {"mode": "pause"}}
            ]}
            """
        let id = try Scenarios.store(document, on: a)
        let last = try a.post("/spinner/stop")
        try waitUntilApplied([a], through: try #require(TestServer.entry(of: last)))
        #expect(try redis.integer(["EXISTS", "layercast:shared:scenario:\(id)"]) == 1)
        #expect(try redis.integer(["LLEN", "layercast:shared:scenarios"]) == 1)

        let b = try replica(of: redis, scene: "shared", snapshotEvery: 1)
        let c = try replica(of: redis, scene: "shared", snapshotEvery: 1)
        defer { b.stop(); c.stop() }
        #expect(try b.health().replication.applied == 0, "B rebuilt the scene from the snapshot alone")
        let clip = "/clip.webp?scenario=\(id)&\(Self.query)&lossless=true"
        let fromA = try a.get(clip)
        #expect(fromA.status == 200, "\(fromA.text.prefix(200))")
        let fromB = try b.get(clip)
        #expect(fromB.status == 200, "\(fromB.text.prefix(200))")
        #expect(fromB.body == fromA.body, "the same clip, byte for byte")
        let shown = "/frame.png?scenario=\(id)&ahead=0.6&control=player&size=96"
        #expect(try b.get(shown).body == a.get(shown).body, "the cover, fetched with the scenario, shown alike")
        // C fetches it as the document; then holds it.
        let text = try a.get("/scenarios/\(id)")
        #expect(try c.get("/scenarios/\(id)").body == text.body)
        #expect(try c.get("/scenarios").text.contains(id))
    }

    @Test func storingWhileRedisIsDownIsA503AndStoresNothing() throws {
        let redis = try RedisProcess()
        let a = try replica(of: redis, scene: "down")
        defer { a.stop() }
        let kept = try Scenarios.store(#"{"duration": 0.5, "steps": [{"at": 0, "do": "POST /meter/press"}]}"#, on: a)
        #expect(try redis.integer(["EXISTS", "layercast:down:scenario:\(kept)"]) == 1)

        redis.stop()
        let document = #"{"duration": 0.7, "steps": [{"at": 0.1, "do": "POST /spinner/stop"}]}"#
        let refused = try a.post("/scenarios", json: document)
        #expect(refused.status == 503, "\(refused.text)")
        #expect(refused.header("Retry-After") == "1")
        #expect(try jsonObject(refused)["error"] as? String == "replication log unavailable")
        // What it holds still runs; what it does not hold cannot be looked up.
        #expect(try a.get("/frame.png?scenario=\(kept)&ahead=0.3&size=96").status == 200)
        #expect(try a.get("/scenarios/\(kept)").status == 200)
        let refusedID = try Scenario(parsing: Array(document.utf8), controls: .seeds, artworks: ArtworkLibrary(controls: .seeds)).id
        let lookup = try a.get("/scenarios/\(refusedID)")
        #expect(lookup.status == 503 && lookup.header("Retry-After") == "1", "\(lookup.text)")
        #expect(try !a.get("/scenarios").text.contains(refusedID), "not kept here")

        try redis.start()
        #expect(try redis.integer(["EXISTS", "layercast:down:scenario:\(refusedID)"]) == 0, "nor in Redis")
        #expect(try redis.integer(["LLEN", "layercast:down:scenarios"]) == 1)
        expectRefusal(try a.get("/scenarios/\(refusedID)"), status: 404, parameter: "id", "never stored")
    }

    @Test func aRecordedScenarioIsKeptInRedisToo() throws {
        let redis = try RedisProcess()
        let a = try replica(of: redis, scene: "recorded")
        let b = try replica(of: redis, scene: "recorded")
        defer { a.stop(); b.stop() }
        #expect(try a.post("/scenarios/record?action=start").status == 200)
        #expect(try b.post("/meter/press").status == 200)
        let stopped = try a.post("/scenarios/record?action=stop")
        #expect(stopped.status == 200, "\(stopped.text)")
        let id = try #require(try jsonObject(stopped)["id"] as? String)
        #expect(try redis.integer(["EXISTS", "layercast:recorded:scenario:\(id)"]) == 1)
        #expect(try redis.integer(["LLEN", "layercast:recorded:scenarios"]) == 1, "stored once, by whichever replica came first")
    }

    /// Playing and recording are commands like any other: through the log, on every replica.
    @Test func aScenarioPlayedOrRecordedThroughOneReplicaRunsOnEvery() throws {
        let redis = try RedisProcess()
        let a = try replica(of: redis, scene: "played")
        let b = try replica(of: redis, scene: "played")
        defer { a.stop(); b.stop() }
        let stored = try a.post("/scenarios", json: #"""
            {"duration": 1, "steps": [{"at": 0.2, "do": "POST /play-button/mode", "with": {"mode": "pause"}}]}
            """#)
        let id = try #require(try jsonObject(stored)["id"] as? String, "\(stored.text)")
        let played = try a.post("/scenarios/\(id)/play")
        #expect(played.status == 200, "\(played.text)")
        let entry = try #require(TestServer.entry(of: played), "played through the log")
        try waitUntilApplied([a, b], through: entry)
        let startsAt = try #require(try jsonObject(played)["startsAt"] as? Double)
        #expect(try eventually { try b.sceneTime() > startsAt + 0.3 })
        #expect(try b.state().playButton.mode == .pause && a.state().playButton.mode == .pause)
        let steps = try b.get("/timeline?from=\(startsAt)&to=\(startsAt + 1)")
        #expect(steps.text.contains(#""path":"\/play-button\/mode""#) || steps.text.contains(#""path":"/play-button/mode""#))

        // A recording started on one replica records on every one: the other can stop it.
        #expect(try a.post("/scenarios/record?action=start").status == 200)
        #expect(try a.post("/meter/press").status == 200)
        let stopped = try b.post("/scenarios/record?action=stop")
        #expect(stopped.status == 200, "\(stopped.text)")
        #expect(TestServer.entry(of: stopped) != nil)
        #expect(try jsonObject(stopped)["steps"] as? Int == 1)
    }

    @Test func redisKeepsAsManyScenariosAsAReplicasStore() throws {
        let redis = try RedisProcess()
        let a = try replica(of: redis, scene: "bound")
        defer { a.stop() }
        var ids: [String] = []
        for k in 0..<(ScenarioStore.maxCount + 2) {
            ids.append(try Scenarios.store(#"{"name": "n\#(k)", "duration": 0.5, "steps": []}"#, on: a))
        }
        #expect(try redis.integer(["LLEN", "layercast:bound:scenarios"]) == ScenarioStore.maxCount)
        for (k, id) in ids.enumerated() {
            #expect(try redis.integer(["EXISTS", "layercast:bound:scenario:\(id)"]) == (k < 2 ? 0 : 1), "scenario \(k)")
        }
    }

    @Test func aScenarioPinnedOnOneReplicaStaysInRedisForEvery() throws {
        let redis = try RedisProcess()
        let a = try replica(of: redis, scene: "pins")
        let b = try replica(of: redis, scene: "pins")
        defer { a.stop(); b.stop() }
        let pinned = try Scenarios.store(#"{"name": "embedded", "duration": 0.5, "steps": []}"#, on: a)
        #expect(try a.post("/scenarios/\(pinned)/pin").status == 200)
        #expect(try redis.integer(["SISMEMBER", "layercast:pins:scenarios:pinned", pinned]) == 1)
        for k in 0..<(ScenarioStore.maxCount + 2) {
            _ = try Scenarios.store(#"{"name": "n\#(k)", "duration": 0.5, "steps": []}"#, on: a)
        }
        #expect(try redis.integer(["LLEN", "layercast:pins:scenarios"]) == ScenarioStore.maxCount)
        #expect(try redis.integer(["EXISTS", "layercast:pins:scenario:\(pinned)"]) == 1, "kept in Redis, though the oldest")
        // The other replica, which never held it, fetches it from Redis.
        let frame = try b.get("/frame.png?scenario=\(pinned)&size=32")
        #expect(frame.status == 200, "\(frame.text.prefix(200))")
        // The pins are the scene's, not a replica's: the other replica unpins it.
        #expect(try b.request("DELETE", "/scenarios/\(pinned)/pin").status == 200)
        #expect(try redis.integer(["SISMEMBER", "layercast:pins:scenarios:pinned", pinned]) == 0)
    }

    /// A 48×48 PNG of one colour.
    static func png(_ red: UInt8, _ green: UInt8, _ blue: UInt8) throws -> [UInt8] {
        let side = 48
        let pixels = (0..<side * side).flatMap { _ -> [UInt8] in [red, green, blue, 0xFF] }
        return try PNGEncoder.encode(RenderedImage(width: side, height: side, stride: side * 4, pixels: pixels))
    }
}
