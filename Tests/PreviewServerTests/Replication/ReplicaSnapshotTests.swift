import Foundation
import HTTPClient
import Synchronization
import LayercastTesting
import LocalRedis
@testable import PreviewServer
import Rendering
import Scenes
import Testing
import SeedControls

/// Replicas store snapshots of the scene in Redis and trim the log behind them; a replica that
/// joins later rebuilds the scene from the newest and the log after it (docs/design/replication.md
/// §Snapshots).
@Suite(.serialized, .ioTimeLimit)
struct ReplicaSnapshotTests {

    @Test func aReplicaJoiningAfterTheLogWasTrimmedCatchesUpToIdenticalFramesAndState() throws {
        let redis = try RedisProcess()
        let every = 4
        let a = try replica(of: redis, scene: "trim", snapshotEvery: every, retention: 0)
        defer { a.stop() }

        // An upload's bytes sit under their hash beside the log: the snapshot names them, and keeps them.
        let png = try Self.smallPNG()
        var last = ""
        for (k, command) in ["/player/play", "/meter/press", "/clock?speed=0.5", "/play-button/mode?mode=pause",
                             "/player/artwork", "/play-button/mode?mode=stop", "/meter/release",
                             "/play-button/mode?mode=play"].enumerated() {
            let reply = command == "/player/artwork" ? try a.put(command, body: png, contentType: "image/png")
                : try a.post(command)
            #expect(reply.status == 200, "\(k): \(command): \(reply.text)")
            last = try #require(TestServer.entry(of: reply))
        }
        let patched = try a.patchProps("meter", ##"{"lineWidth": 11}"##)
        #expect(patched.status == 200, "\(patched.text)")
        try waitUntilApplied([a], through: try #require(TestServer.entry(of: patched)))

        // Nine entries, a snapshot at the 4th and the 8th: the log holds the 8th and the 9th only.
        let snapshotEntry = try #require(try redis.string(["HGET", "layercast:trim:snapshot", "entry"]))
        #expect(snapshotEntry == last, "the newest snapshot is at the 8th entry")
        #expect(try redis.integer(["XLEN", "layercast:trim:log"]) == 2)
        #expect(try redis.command(["XRANGE", "layercast:trim:log", "-", "(" + snapshotEntry]).hasPrefix("*0"),
                "nothing before the snapshot's entry is left")
        #expect(try redis.integer(["EXISTS", "layercast:trim:blob:\(SHA256.hex(png))"]) == 1)

        let b = try replica(of: redis, scene: "trim", snapshotEvery: every, retention: 0)
        defer { b.stop() }
        // The play button is mid-morph when the clock stops.
        #expect(try b.post("/play-button/mode?mode=pause").status == 200)
        try pauseEverywhere([a, b], through: a)
        // B rebuilt the scene from the snapshot: it applied only the props patch, its own command and the pause.
        #expect(try b.health().replication.applied == 3)
        #expect(try a.health().replication.applied == 11)
        let t = try a.sceneTime()
        #expect(try b.sceneTime() == t, "one paused clock")
        // The same /state, byte for byte, but for the artwork's bitmap id, which each process numbers its own.
        let stateA = try a.get("/state").text, stateB = try b.get("/state").text
        let idA = try a.state().player.artwork.id, idB = try b.state().player.artwork.id
        #expect(stateA.replacingOccurrences(of: "\"id\":\(idA),", with: "\"id\":\(idB),") == stateB)
        for at in [t, t + 0.07, t + 0.35, t + 2] {
            let fromA = try a.frame("size=240&at=\(at)").response.body
            #expect(try b.frame("size=240&at=\(at)").response.body == fromA, "frames at scene time \(at)")
        }
        #expect(try b.frame("size=240&at=\(t)").response.body != b.frame("size=240&at=\(t + 0.35)").response.body,
                "the scene moves after the pause's time")
        #expect(try b.get("/snapshot").status == 200)
    }

    @Test func aReplicaLaggingBehindATrimRestoresTheSnapshotAndCatchesUp() throws {
        let redis = try RedisProcess()
        let every = 3
        let a = try replica(of: redis, scene: "lag", snapshotEvery: every, retention: 0)
        let b = try replica(of: redis, scene: "lag", snapshotEvery: every, retention: 0)
        defer { a.stop(); b.stop() }
        let first = try a.post("/player/play")
        try waitUntilApplied([a, b], through: try #require(TestServer.entry(of: first)))
        let replicaB = try #require(b.services.stage.replica)

        // B's reader cannot apply while the test holds its lock; meanwhile A applies ten more
        // commands, stores snapshots and trims the log past everything B has applied.
        let commands = ["/meter/press", "/play-button/mode?mode=pause", "/clock?speed=0.5", "/meter/release",
                        "/play-button/mode?mode=stop", "/player/seek?progress=40", "/meter/press",
                        "/play-button/mode?mode=play", "/play-button/highlighted?value=true", "/meter/release"]
        let (entries, heldAt) = replicaB.withAppliedEntry { held in
            (commands.compactMap { (try? a.post($0)).flatMap(TestServer.entry(of:)) }, held)
        }
        #expect(entries.count == commands.count)
        let last = try #require(entries.last)
        let stored = try #require(try redis.string(["HGET", "layercast:lag:snapshot", "entry"]))
        #expect(try redis.command(["XRANGE", "layercast:lag:log", "(" + heldAt, "(" + stored]).hasPrefix("*0"),
                "the entries after B's last applied one and before the snapshot are trimmed")
        #expect(stored != heldAt)

        try waitUntilApplied([a, b], through: last)
        #expect(try b.health().replication.applied < a.health().replication.applied, "B skipped the trimmed entries")
        try pauseEverywhere([a, b], through: b)
        let t = try a.sceneTime()
        #expect(try a.get("/state").body == b.get("/state").body, "the same /state, byte for byte")
        for at in [t, t + 0.1, t + 1.5] {
            #expect(try b.frame("size=240&at=\(at)").response.body == a.frame("size=240&at=\(at)").response.body,
                    "frames at scene time \(at)")
        }
    }

    /// A command sent to a replica that lags while the others store snapshots (issue 30, finding 6:
    /// it restored a snapshot past the command's entry and answered 503 after 30 s, although the
    /// command was applied): the log keeps the last `retention` seconds behind a snapshot, so the
    /// replica reads its entry, applies it and answers with its result.
    @Test func aCommandOnALaggingReplicaIsAnsweredWithItsResult() throws {
        let redis = try RedisProcess()
        let a = try replica(of: redis, scene: "wait", snapshotEvery: 3)
        let b = try replica(of: redis, scene: "wait", snapshotEvery: 3)
        defer { a.stop(); b.stop() }
        try waitUntilApplied([a, b], through: try #require(TestServer.entry(of: try a.post("/player/play"))))
        let replicaB = try #require(b.services.stage.replica)

        let answer = Mutex<HTTPProbeResponse?>(nil)
        let sent = DispatchSemaphore(value: 0), answered = DispatchSemaphore(value: 0)
        let press = b.baseURL + "/meter/press"
        let entries = Mutex<[String]>([])
        replicaB.withAppliedEntry { _ in
            DispatchQueue.global().async {
                sent.signal()
                let reply = try? HTTPProbe.request("POST", url: press, timeout: .seconds(60))
                answer.withLock { $0 = reply }
                answered.signal()
            }
            sent.wait()
            for command in ["/play-button/mode?mode=pause", "/clock?speed=0.5", "/player/seek?progress=40",
                            "/play-button/mode?mode=stop", "/play-button/mode?mode=play", "/player/pause"] {
                let reply = try? a.post(command)
                #expect(reply?.status == 200, "\(command)")
                if let entry = reply.flatMap(TestServer.entry(of:)) { entries.withLock { $0.append(entry) } }
            }
        }
        #expect(answered.wait(timeout: .now() + 10) == .success, "answered within 10 s, not at the 30 s deadline")
        let reply = try #require(answer.withLock { $0 })
        #expect(reply.status == 200, "\(reply.text)")
        #expect(TestServer.entry(of: reply) != nil)
        try waitUntilApplied([a, b], through: try #require(entries.withLock { $0.last }))
        #expect(try b.health().replication.applied == a.health().replication.applied, "B applied every entry itself")
        // Applied is not yet in effect: each entry takes effect the lead after it was accepted, in scene
        // time, which runs at half speed here, so the press shows once the scene reaches that time (a
        // clean CI run read the state before it did).
        #expect(try eventually { try a.state().meter.segmentCount == 1 && b.state().meter.segmentCount == 1 })
    }

    /// Two flat halves: a PNG of a few hundred bytes.
    static func smallPNG() throws -> [UInt8] {
        let side = 48
        let pixels = (0..<side * side).flatMap { i -> [UInt8] in
            i % side < side / 2 ? [0x20, 0x60, 0xC0, 0xFF] : [0xE0, 0x90, 0x10, 0xFF]
        }
        return try PNGEncoder.encode(RenderedImage(width: side, height: side, stride: side * 4, pixels: pixels))
    }
}
