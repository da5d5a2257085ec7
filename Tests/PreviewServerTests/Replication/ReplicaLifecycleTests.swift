import LayercastTesting
import LocalRedis
@testable import PreviewServer
import Controls
import Testing
import SeedControls

/// A stopped replica lets go of its server and scene, as a single server does
/// (`ShutdownTests.aStoppedServerIsFreed`): nothing of the log's side (its reader thread, the
/// commands waiting to be read back, the metrics' reader) keeps them alive. With the log gone
/// and back in between, commands were refused and the reader reconnected.
@Suite(.serialized, .ioTimeLimit)
struct ReplicaLifecycleTests {

    @Test(arguments: [false, true])
    func aStoppedReplicaIsFreed(restartingTheLog: Bool) throws {
        let redis = try RedisProcess()
        weak var server: PreviewServer?
        weak var scene: LiveScene?
        do {
            let a = try replica(of: redis, scene: "freed")
            #expect(try a.post("/player/toggle").status == 200)
            if restartingTheLog {
                redis.stop()
                #expect(try a.post("/player/toggle").status == 503)
                #expect(try eventually { try a.health().status == "degraded" })
                try redis.start()
                #expect(try eventually(timeout: .seconds(20)) { try a.health().replication.reachable })
                #expect(try a.post("/player/toggle").status == 200)
            }
            #expect(try a.get("/metrics").status == 200)
            server = a.server
            scene = a.server.scene
            a.stop()
        }
        #expect(eventually { server == nil && scene == nil })
    }
}
