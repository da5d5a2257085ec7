import Foundation
import HTTPClient
import LayercastTesting
import LocalRedis
import PreviewServer
import Scenes
import Testing

/// Replicas of one scene for a test: in-process servers on free loopback ports, each with its
/// own connections to the test's `redis-server`, as separate processes would have.
func replica(of redis: RedisProcess, scene: String = "test", lead: Double = ReplicationSettings.defaultLead,
             snapshotEvery: Int = ReplicationSettings.defaultSnapshotEvery,
             retention: Double = ReplicationSettings.defaultRetention) throws -> TestServer {
    guard case .success(let target) = ReplicationTarget.parse(redis.url(scene: scene)) else {
        throw RedisProcessError("bad target \(redis.url(scene: scene))")
    }
    return try TestServer(.live) {
        $0.replication = ReplicationSettings(target: target, lead: lead, snapshotEvery: snapshotEvery)
        $0.replication?.retention = retention
    }
}

/// What a replica's /healthz says of its log.
struct ReplicaHealth: Decodable {
    struct Replication: Decodable {
        let reachable: Bool
        let lastApplied: String
        let applied: Int
    }

    let status: String
    let replication: Replication
}

extension TestServer {
    func health() throws -> ReplicaHealth { try decode(ReplicaHealth.self, from: get("/healthz")) }

    /// The log entry a replicated command's answer names.
    static func entry(of response: HTTPProbeResponse) -> String? { response.header("Layercast-Log-Entry") }
}

/// Waits until every replica has applied the log up to `entry` (ids compare as Redis orders them).
func waitUntilApplied(_ replicas: [TestServer], through entry: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    func order(_ id: String) -> [UInt64] { id.split(separator: "-").compactMap { UInt64($0) } }
    let reached = try eventually(timeout: .seconds(20)) {
        try replicas.allSatisfy { r in order(try r.health().replication.lastApplied).lexicographicallyPrecedes(order(entry)) == false }
    }
    #expect(reached, "every replica applied the log through \(entry)", sourceLocation: sourceLocation)
}

/// Pauses the shared clock through `replica` and waits until every replica has applied that and
/// its effect time has come: their scenes then stand still at one scene time, so whole /state
/// replies compare.
@discardableResult
func pauseEverywhere(_ replicas: [TestServer], through replica: TestServer) throws -> String {
    let paused = try replica.post("/clock?paused=true")
    #expect(paused.status == 200, "\(paused.text)")
    let entry = try #require(TestServer.entry(of: paused))
    try waitUntilApplied(replicas, through: entry)
    #expect(try eventually { try replicas.allSatisfy { try $0.state().clock.paused } }, "every clock paused")
    return entry
}
