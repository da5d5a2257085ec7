import Foundation
import HTTPClient
import LayercastTesting
import LocalRedis
import Synchronization
import Testing
import SeedControls

/// Faults during a storm of commands (issue 30, finding 7): Redis killed with SIGKILL and started
/// again from its append-only file, and a replica, a `layercast` process of its own, killed with
/// SIGKILL and started again. Every command's outcome is counted: acknowledged (200, naming its log
/// entry), refused (503: not appended), or unknown (no answer, its replica was killed or not up).
/// Nothing acknowledged is lost, nothing refused is applied, and the replicas converge to the same
/// `/state` and frames (docs/design/replication.md §Faults).
@Suite(.serialized)
struct ReplicaFaultTests {
    init() { SeedControls.bootstrap() }

    struct Outcomes {
        var acknowledged: [String] = []
        var refused = 0
        var unknown = 0
    }

    @Test func killedRedisAndAKilledReplicaLoseNothingAcknowledgedAndApplyNothingRefused() throws {
        let redis = try RedisProcess()
        let a = try replica(of: redis, scene: "fault")
        defer { a.stop() }
        var child = try ReplicaProcess(redis: redis, scene: "fault")
        defer { child.crash() }
        let targets = Mutex([a.baseURL, child.baseURL])
        let outcomes = Mutex(Outcomes())
        let storming = Atomic<Bool>(true)
        let done = DispatchGroup()
        for client in 0..<2 {
            DispatchQueue.global().async(group: done) {
                var k = 0
                while storming.load(ordering: .relaxed) {
                    let url = targets.withLock { $0[client] } + "/play-button/highlighted?value=\(k % 2 == 0)"
                    let reply = try? HTTPProbe.request("POST", url: url, timeout: .seconds(10))
                    outcomes.withLock { o in
                        if reply?.status == 200, let entry = reply?.header("Layercast-Log-Entry") {
                            o.acknowledged.append(entry)
                        } else if reply?.status == 503 {
                            o.refused += 1
                        } else {
                            o.unknown += 1
                        }
                    }
                    k += 1
                    usleep(5_000)
                }
            }
        }
        usleep(1_500_000)
        redis.crash()
        usleep(1_000_000)
        try redis.start()
        usleep(1_500_000)
        child.crash()
        usleep(500_000)
        child = try ReplicaProcess(redis: redis, scene: "fault")
        let restarted = child.baseURL
        targets.withLock { $0[1] = restarted }
        usleep(2_000_000)
        storming.store(false, ordering: .relaxed)
        done.wait()

        let o = outcomes.withLock { $0 }
        // Refusals depend on timing (a command in flight when Redis died waits to learn its fate);
        // the killed replica's clients always go unanswered for a while.
        #expect(o.acknowledged.count > 10 && o.unknown > 0,
                "acknowledged \(o.acknowledged.count), refused \(o.refused), unknown \(o.unknown)")
        let urls = [a.baseURL, restarted]
        #expect(try eventually(timeout: .seconds(20)) {
            try urls.allSatisfy { try Self.health($0).replication.reachable }
        })
        // The clock paused through the log: both scenes then stand still at one scene time.
        let paused = try HTTPProbe.request("POST", url: a.baseURL + "/clock?paused=true")
        #expect(paused.status == 200, "\(paused.text)")
        let pause = try #require(paused.header("Layercast-Log-Entry"))
        #expect(try eventually(timeout: .seconds(20)) { try urls.allSatisfy { try Self.health($0).replication.lastApplied == pause } })

        // Nothing acknowledged lost; nothing refused in the log: it holds the acknowledged commands,
        // some of the unknown ones, and the pause.
        let lost = try o.acknowledged.filter { try !redis.command(["XRANGE", "layercast:fault:log", $0, $0]).hasPrefix("*1") }
        #expect(lost.isEmpty, "acknowledged entries missing from the log: \(lost)")
        let length = try redis.integer(["XLEN", "layercast:fault:log"])
        #expect(length >= o.acknowledged.count + 1 && length <= o.acknowledged.count + o.unknown + 1,
                "\(length) entries for \(o.acknowledged.count) acknowledged and \(o.unknown) unknown")
        // Each replica applied every entry once, and both show the same scene.
        for url in urls { #expect(try Self.health(url).replication.applied == length) }
        #expect(try HTTPProbe.get(a.baseURL + "/state").body == HTTPProbe.get(restarted + "/state").body)
        let time = try #require(try jsonObject(HTTPProbe.get(a.baseURL + "/clock"))["sceneTime"] as? Double)
        for at in [time, time + 0.2] {
            let frames = try urls.map { try HTTPProbe.get($0 + "/frame.png?size=160&at=\(at)").body }
            #expect(frames[0] == frames[1], "frames at scene time \(at)")
        }
    }

    static func health(_ url: String) throws -> ReplicaHealth {
        try decode(ReplicaHealth.self, from: HTTPProbe.get(url + "/healthz"))
    }
}

/// A replica in a `layercast` process of its own (the one built beside the tests), so that it
/// can be killed with SIGKILL.
struct ReplicaProcess {
    let process: Process
    let baseURL: String

    init(redis: RedisProcess, scene: String) throws {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("layercast").path
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            throw RedisProcessError("no layercast at \(binary): swift build --build-tests builds it")
        }
        let port = try LoopbackPort.free()
        process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["serve", "--host", "127.0.0.1", "--port", String(port), "--replicate", redis.url(scene: scene),
                             "--log-level", "error"]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        baseURL = "http://127.0.0.1:\(port)"
        let url = baseURL
        guard eventually(timeout: .seconds(20), { (try? HTTPProbe.get(url + "/healthz").status) == 200 }) else {
            throw RedisProcessError("the replica process did not answer /healthz")
        }
    }

    func crash() {
        guard process.isRunning else { return }
        Glibc.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}
