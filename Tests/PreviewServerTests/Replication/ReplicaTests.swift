import Foundation
import HTTPClient
import LayercastTesting
import LocalRedis
@testable import PreviewServer
import Rendering
import Scenes
import Synchronization
import Testing
import SeedControls

/// Replicas sharing one command log on a real redis-server (docs/design/replication.md): they
/// apply the same entries at the same scene times, so they show the same frames.
@Suite(.serialized, .ioTimeLimit)
struct ReplicaTests {

    @Test func aCommandToOneReplicaGivesByteIdenticalFramesOnAnother() throws {
        let redis = try RedisProcess()
        let a = try replica(of: redis)
        let b = try replica(of: redis)
        defer { a.stop(); b.stop() }

        let before = try a.frame("size=240&at=\(try a.sceneTime())").response.body
        let reply = try a.post("/play-button/mode?mode=pause")
        #expect(reply.status == 200, "\(reply.text)")
        let entry = try #require(TestServer.entry(of: reply), "the answer names its log entry")
        let applied = try #require(try jsonObject(reply)["sceneTime"] as? Double)
        try waitUntilApplied([a, b], through: entry)

        // Mid-animation, and after it: the same bytes from both, and not the frame before the command.
        for t in [applied + 0.1, applied + 1] {
            let fromA = try a.frame("size=240&at=\(t)").response.body
            let fromB = try b.frame("size=240&at=\(t)").response.body
            #expect(fromA == fromB, "frames at scene time \(t)")
            #expect(fromA != before)
        }
        // Once its effect time has come, both report it.
        #expect(try eventually { try a.sceneTime() > applied && b.sceneTime() > applied })
        #expect(try a.state().playButton.mode == .pause)
        #expect(try b.state().playButton.mode == .pause)
    }

    @Test func anUploadedArtworkIsStoredOnceUnderItsHashAndShownByEveryReplica() throws {
        let redis = try RedisProcess()
        let a = try replica(of: redis, scene: "art")
        let b = try replica(of: redis, scene: "art")
        defer { a.stop(); b.stop() }

        // Noise, so that the PNG is not a trivial one.
        var seed: UInt32 = 0x2545F491
        let side = 96
        let pixels = (0..<side * side * 4).map { i -> UInt8 in
            seed = seed &* 1_664_525 &+ 1_013_904_223
            return i % 4 == 3 ? 0xFF : UInt8(truncatingIfNeeded: seed >> 24)
        }
        let png = try PNGEncoder.encode(RenderedImage(width: side, height: side, stride: side * 4, pixels: pixels))
        let reply = try a.put("/player/artwork", body: png, contentType: "image/png")
        #expect(reply.status == 200, "\(reply.text)")
        let entry = try #require(TestServer.entry(of: reply))
        try waitUntilApplied([a, b], through: entry)

        let hash = SHA256.hex(png)
        #expect(try redis.integer(["EXISTS", "layercast:art:blob:\(hash)"]) == 1, "the bytes under their hash")
        let t = try #require(try jsonObject(reply)["sceneTime"] as? Double) + 1
        let fromA = try a.frame("control=player&size=240&at=\(t)").response.body
        let fromB = try b.frame("control=player&size=240&at=\(t)").response.body
        #expect(fromA == fromB)
    }

    @Test func commandsSentConcurrentlyToTwoReplicasApplyInOneOrderOnBoth() throws {
        let redis = try RedisProcess()
        let a = try replica(of: redis, scene: "order")
        let b = try replica(of: redis, scene: "order")
        defer { a.stop(); b.stop() }

        let perReplica = 15
        let revisions = Mutex<[UInt64]>([])
        let ports = [a.port, b.port]
        DispatchQueue.concurrentPerform(iterations: 2) { i in
            let client = SimpleHTTPClient(host: "127.0.0.1", port: ports[i], timeout: .seconds(30))
            defer { client.close() }
            for k in 0..<perReplica {
                let progress = i * 50 + k
                guard let reply = try? client.request("POST", "/player/seek?progress=\(progress)"), reply.status == 200,
                      let revision = RevisionTests.revision(reply) else {
                    Issue.record("seek \(progress) on replica \(i) was not applied")
                    continue
                }
                revisions.withLock { $0.append(revision) }
            }
        }
        // One order: the revisions the two replicas answered with are 1…N, each once.
        #expect(revisions.withLock { $0.sorted() } == (1...UInt64(2 * perReplica)).map { $0 })

        try pauseEverywhere([a, b], through: b)
        let stateA = try a.get("/state").body
        let stateB = try b.get("/state").body
        #expect(stateA == stateB, "the same /state, byte for byte")
        #expect(try a.get("/timeline?from=0&to=\(try a.sceneTime())").body
                == b.get("/timeline?from=0&to=\(try a.sceneTime())").body, "the same commands in the same order")
    }

    @Test func aRestartedReplicaAndOneJoiningLateCatchUpToIdenticalFrames() throws {
        let redis = try RedisProcess()
        let a = try replica(of: redis, scene: "restart")
        var b = try replica(of: redis, scene: "restart")
        defer { a.stop(); b.stop() }

        #expect(try b.post("/play-button/mode?mode=pause").status == 200)
        b.stop()
        // While B is down: a clock change, a prop and a command, all through A.
        #expect(try a.post("/clock?speed=0.5").status == 200)
        let patched = try a.patchProps("play-button", ##"{"barThickness": 4}"##)
        #expect(patched.status == 200, "\(patched.text)")
        let last = try a.post("/meter/press")
        #expect(last.status == 200, "\(last.text)")
        b = try replica(of: redis, scene: "restart")
        let c = try replica(of: redis, scene: "restart")
        defer { c.stop() }
        let entry = try pauseEverywhere([a, b, c], through: a)
        #expect(try b.health().replication.lastApplied == entry)

        let t = try a.sceneTime()
        #expect(try b.sceneTime() == t && c.sceneTime() == t, "one paused clock")
        let fromA = try a.frame("size=240&at=\(t)").response.body
        #expect(try b.frame("size=240&at=\(t)").response.body == fromA)
        #expect(try c.frame("size=240&at=\(t)").response.body == fromA)
        #expect(try a.get("/state").body == b.get("/state").body)
    }

    @Test func redisRestartingMidStormLosesAndDoublesNothing() throws {
        let redis = try RedisProcess()
        let a = try replica(of: redis, scene: "storm")
        let b = try replica(of: redis, scene: "storm")
        defer { a.stop(); b.stop() }

        var acknowledged: [String] = []
        var refused = 0
        func send(_ k: Int) throws {
            let reply = try (k % 2 == 0 ? a : b).post("/play-button/highlighted?value=\(k % 4 < 2)")
            if reply.status == 200, let entry = TestServer.entry(of: reply) {
                acknowledged.append(entry)
            } else {
                #expect(reply.status == 503, "\(reply.text)")
                #expect(reply.header("Retry-After") == "1")
                #expect(try jsonObject(reply)["error"] as? String == "replication log unavailable")
                refused += 1
            }
        }
        for k in 0..<40 { try send(k) }
        redis.stop()
        // Down: every command is refused, while frames and state still answer.
        for k in 40..<50 { try send(k) }
        #expect(refused == 10)
        #expect(try a.get("/frame.png?size=120").status == 200)
        #expect(try b.get("/state").status == 200)
        #expect(try eventually { try b.health().status == "degraded" })
        #expect(try b.get("/healthz").status == 200)

        try redis.start()
        #expect(try eventually(timeout: .seconds(20)) { try a.health().replication.reachable && b.health().replication.reachable })
        for k in 50..<90 {
            // Commands are taken again once both replicas are back.
            try send(k)
        }
        #expect(acknowledged.count == 80)
        let pause = try pauseEverywhere([a, b], through: a)
        // Nothing lost: the log holds every acknowledged entry and the pause, nothing else.
        #expect(try redis.integer(["XLEN", "layercast:storm:log"]) == acknowledged.count + 1)
        #expect(Set(acknowledged).count == acknowledged.count)
        // Nothing doubled: each replica applied each entry once, one revision each.
        for r in [a, b] {
            #expect(try r.health().replication.applied == acknowledged.count + 1)
            #expect(try r.health().replication.lastApplied == pause)
            #expect(RevisionTests.revision(try r.get("/state")) == UInt64(acknowledged.count + 1))
        }
        #expect(try a.get("/state").body == b.get("/state").body)
    }

    /// Redis stalls (`DEBUG SLEEP`) for longer than the replica's command timeout while a command's
    /// `XADD` waits: Redis appends it when it wakes, but the answer is lost. The command is answered
    /// with its entry once the reader has read it back, not refused: a refused command that the
    /// client sends again would be applied twice.
    @Test func aCommandWhoseAnswerRedisLostIsAnsweredOnceReadBack() throws {
        let redis = try RedisProcess()
        let a = try replica(of: redis, scene: "lost")
        defer { a.stop() }
        let port = redis.port
        let stall = Thread {
            guard let socket = try? BlockingSocket.connect(port: port) else { return }
            try? socket.send("*3\r\n$5\r\nDEBUG\r\n$5\r\nSLEEP\r\n$1\r\n6\r\n")
            _ = try? socket.receive(timeout: .seconds(10))
            socket.close()
        }
        stall.start()
        // The command goes once Redis is inside its sleep, so its XADD waits on the stall.
        #expect(eventually { redis.isAsleep }, "redis-server never began its DEBUG SLEEP")
        let reply = try a.post("/play-button/highlighted?value=true")
        #expect(reply.status == 200, "\(reply.text)")
        #expect(TestServer.entry(of: reply) != nil)
        #expect(try redis.integer(["XLEN", "layercast:lost:log"]) == 1)
        #expect(try a.health().replication.applied == 1)
        #expect(RevisionTests.revision(try a.get("/state")) == 1)
        #expect(try a.state().playButton.highlighted == true)
    }
}
