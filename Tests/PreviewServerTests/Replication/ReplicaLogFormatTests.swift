import Foundation
import HTTPClient
import LayercastTesting
import LocalRedis
import Testing
import SeedControls

/// What the shared log holds (docs/design/replication.md §The log): each entry a command's value
/// and a format version, never a request's path and query; an entry this version cannot read stops
/// the replica there, saying so, instead of being skipped or guessed at (§Faults).
@Suite(.serialized, .ioTimeLimit)
struct ReplicaLogFormatTests {

    @Test func anEntryHoldsTheCommandsValueAndItsVersionNotARequest() throws {
        let redis = try RedisProcess()
        let a = try replica(of: redis, scene: "format")
        defer { a.stop() }
        let reply = try a.post("/meter/hold?seconds=2")
        #expect(reply.status == 200, "\(reply.text)")
        let entry = try #require(TestServer.entry(of: reply))

        let fields = try Self.fields(of: entry, in: redis, stream: "layercast:format:log")
        #expect(fields.map(\.name) == ["version", "command", "origin", "accepted", "effect"])
        #expect(fields.first { $0.name == "version" }?.value == "2")
        #expect(fields.first { $0.name == "command" }?.value == #"{"id":"meterHold","with":{"seconds":2}}"#)
        #expect(!fields.contains { $0.name == "path" || $0.name.hasPrefix("q:") })

        // A version-1 entry, as a server before command ids appends it to the same log, is applied
        // as its route names it, and the next entry of this server's after it.
        #expect(try a.post("/meter/reset").status == 200)
        _ = try redis.command(["XADD", "layercast:format:log", "*", "version", "1",
                               "command", #"{"arguments":[{"name":"seconds","value":"0.5"}],"name":"POST /meter/hold"}"#,
                               "origin", "x/1", "accepted", "1", "effect", "1"])
        #expect(try eventually { try jsonObject(a.get("/state"))["meter"].flatMap { ($0 as? [String: Any])?["segmentCount"] as? Int } == 1 })
        #expect(try a.post("/spinner/stop").status == 200)
        #expect(try a.health().status == "ok")
    }

    @Test func anEntryOfTheRequestShapedLogStopsTheReplicaThereSayingWhy() throws {
        let redis = try RedisProcess()
        let a = try replica(of: redis, scene: "old")
        defer { a.stop() }
        #expect(try a.post("/spinner/start").status == 200)
        // An entry as the log held them before versions: an operation, a path and a query.
        let old = try redis.command(["XADD", "layercast:old:log", "*", "op", "meterPress", "path", "/meter/press",
                                     "origin", "x/1", "accepted", "1", "effect", "1"], complete: { $0.count > 4 && $0.last == 10 })
        let id = String(old.split(separator: "\r\n").last ?? "")
        #expect(try eventually { try a.health().status == "degraded" }, "the replica reports it")
        let health = try jsonObject(a.get("/healthz"))
        let stopped = try #require((health["replication"] as? [String: Any])?["stoppedAt"] as? [String: Any])
        #expect(stopped["entry"] as? String == id)
        #expect((stopped["reason"] as? String)?.hasPrefix("it has no 'version'") == true, "\(stopped)")

        // Commands are refused, saying why; what is shown still answers.
        let refused = try a.post("/meter/press")
        #expect(refused.status == 503 && refused.header("Retry-After") != nil)
        #expect(try decode(ErrorReply.self, from: refused).error.hasPrefix("replication stopped: log entry \(id)"))
        #expect(try a.get("/frame.png?size=64").status == 200)
        #expect(try a.get("/metrics").text.contains("layercast_replication_stopped 1"))
    }

    /// A command this server does not declare (a newer server's, or one of a control it lacks) is
    /// not guessed at either.
    @Test func anEntryNamingACommandThisServerLacksStopsTheReplicaToo() throws {
        let redis = try RedisProcess()
        let a = try replica(of: redis, scene: "unknown")
        defer { a.stop() }
        #expect(try a.post("/spinner/start").status == 200)
        _ = try redis.command(["XADD", "layercast:unknown:log", "*", "version", "1",
                               "command", #"{"arguments":[],"name":"POST /hamburger/toggle"}"#,
                               "origin", "x/1", "accepted", "1", "effect", "1"])
        #expect(try eventually { try a.health().status == "degraded" })
        let health = try jsonObject(a.get("/healthz"))
        let stopped = try #require((health["replication"] as? [String: Any])?["stoppedAt"] as? [String: Any])
        #expect(stopped["reason"] as? String == "it names 'POST /hamburger/toggle', which this server does not declare")
        #expect(try a.post("/spinner/stop").status == 503)
    }

    /// The fields of one stream entry, as `XRANGE` gives them, in order.
    static func fields(of entry: String, in redis: RedisProcess, stream: String) throws -> [(name: String, value: String)] {
        // *1, *2, the id's two lines, *N, then a name and a value of two lines each.
        let raw = try redis.command(["XRANGE", stream, entry, entry]) { reply in
            let lines = reply.split(separator: 10, omittingEmptySubsequences: false)
            guard lines.count > 5, let n = Int(String(decoding: lines[4].dropFirst().dropLast(), as: UTF8.self)) else { return false }
            return lines.count > 5 + 2 * n
        }
        let lines = raw.components(separatedBy: "\r\n")
        let values = stride(from: 6, to: lines.count - 1, by: 2).map { lines[$0] }
        return stride(from: 0, to: values.count - 1, by: 2).map { (values[$0], values[$0 + 1]) }
    }
}
