import ArgumentParser
import Foundation
import HTTPClient
import LocalRedis
import Synchronization

/// `replicas`: two `layercast` replicas of one scene on a fresh `redis-server`. Times a command sent
/// to replica A until the first stream part on replica B that shows it, then the replication lag
/// (acceptance on A to application on B, as B's /healthz reports it) under a storm of commands.
struct ReplicasBench: Bench {
    static let configuration = CommandConfiguration(
        commandName: "replicas",
        abstract: "Command on one replica → first frame showing it on another (p50, p99); replication lag under a storm.")

    @Option(help: "The layercast binary to start (default: the one next to this bench).")
    var binary: String?

    @Option(help: "Commands timed from A to a frame on B.")
    var count: Int = 100

    @Option(help: "Milliseconds between the timed commands.")
    var intervalMs: Double = 120

    @Option(help: "Frames per second of B's stream.")
    var fps: Int = 30

    @Option(help: "Commands per second of the storm, sent to A and B alternately.")
    var stormRate: Int = 500

    @Option(help: "Seconds the storm lasts.")
    var stormSeconds: Double = 5

    func validate() throws {
        guard (1...10_000).contains(count) else { throw ValidationError("--count must be 1–10000") }
        guard (10...5000).contains(intervalMs) else { throw ValidationError("--interval-ms must be 10–5000") }
        guard (1...60).contains(fps) else { throw ValidationError("--fps must be 1–60") }
        guard (1...5000).contains(stormRate) else { throw ValidationError("--storm-rate must be 1–5000") }
        guard (1...60).contains(stormSeconds) else { throw ValidationError("--storm-seconds must be 1–60") }
    }

    func report() throws {
        let redis = try RedisProcess()
        defer { redis.stop() }
        let args = ["--replicate", redis.url(scene: "bench"), "--max-connections-per-ip", "0"]
        let a = try ServerUnderTest(arguments: args, binary: binary)
        defer { a.stop() }
        let b = try ServerUnderTest(arguments: args, binary: binary)
        defer { b.stop() }
        print("redis 127.0.0.1:\(redis.port) (appendfsync always); replica A \(a.baseURL), replica B \(b.baseURL)")
        try crossReplicaLatency(a: a, b: b)
        try stormLag(a: a, b: b)
    }

    /// POST /player/toggle to A; the first part of B's stream whose X-Scene-Time is at or after the reply's sceneTime.
    private func crossReplicaLatency(a: ServerUnderTest, b: ServerUnderTest) throws {
        let loop = ViewerLoop(port: b.port)
        loop.add(MJPEGViewer(id: 0, kind: .normal, host: b.host, port: b.port,
                             path: "/stream.mjpg?control=all&size=480&quality=80&fps=\(fps)"), at: monotonicNow())
        loop.run(until: monotonicNow() + 5) { _ in loop.viewers.allSatisfy { $0.firstFrameAt != nil || $0.isDone } }
        guard loop.viewers.contains(where: { $0.firstFrameAt != nil }) else { throw BenchError("B's viewer got no frame") }
        let sender = CommandSender(host: a.host, port: a.port, path: "/player/toggle", count: count, intervalMs: intervalMs)
        loop.run(until: monotonicNow() + Double(count) * intervalMs * 1.5 / 1000 + 10) { _ in sender.isFinished }
        loop.run(until: monotonicNow() + 0.5)
        loop.closeAll()
        var latencies: [Double] = [], missing = 0
        for s in sender.sent {
            guard let t = s.sceneTime else { continue }
            // Scene times are printed with 6 decimals; allow that rounding.
            if let f = loop.viewers[0].frames.first(where: { $0.sceneTime >= t - 1e-6 && $0.arrival >= s.sentAt }) {
                latencies.append(f.arrival - s.sentAt)
            } else {
                missing += 1
            }
        }
        let d = Distribution(latencies)
        let rtt = Distribution(sender.sent.map { $0.repliedAt - $0.sentAt })
        print("\(count)× POST /player/toggle to A every ~\(fmt(intervalMs, 0)) ms; B streams at \(fps) fps; lead 50 ms")
        printTable(["figure", "n", "p50 ms", "p90 ms", "p99 ms", "max ms"], [
            ["POST to A → first part on B showing it", "\(d.count)", ms(d.median), ms(d.p90), ms(d.p99), ms(d.max)],
            ["POST round trip on A (applied there)", "\(rtt.count)", ms(rtt.median), ms(rtt.p90), ms(rtt.p99), ms(rtt.max)],
        ])
        if missing > 0 { print("\(missing) commands showed in no part on B before the end") }
    }

    /// `stormRate` commands a second for `stormSeconds`, half to each replica on two threads each;
    /// B's /healthz sampled every 20 ms for its lag.
    private func stormLag(a: ServerUnderTest, b: ServerUnderTest) throws {
        let threads = 4
        let perThread = Int(Double(stormRate) * stormSeconds) / threads
        let interval = Double(threads) / Double(stormRate)
        let statuses = Mutex<[Int: Int]>([:])
        let done = Mutex(0)
        for i in 0..<threads {
            let target = i % 2 == 0 ? a : b
            let host = target.host, port = target.port
            Thread {
                let client = SimpleHTTPClient(host: host, port: port, timeout: .seconds(10))
                let start = monotonicNow()
                for k in 0..<perThread {
                    let due = start + Double(k) * interval
                    let wait = due - monotonicNow()
                    if wait > 0 { usleep(useconds_t(wait * 1e6)) }
                    let status = (try? client.request("POST", "/play-button/highlighted?value=\(k % 2 == 0)"))?.status ?? 0
                    statuses.withLock { $0[status, default: 0] += 1 }
                }
                client.close()
                done.withLock { $0 += 1 }
            }.start()
        }
        var lags: [Double] = []
        let probe = SimpleHTTPClient(host: b.host, port: b.port, timeout: .seconds(5))
        defer { probe.close() }
        let started = monotonicNow()
        while done.withLock({ $0 }) < threads && monotonicNow() < started + stormSeconds * 3 + 10 {
            if let r = try? probe.request("GET", "/healthz"),
               let object = try? JSONSerialization.jsonObject(with: Data(r.body)) as? [String: Any],
               let replication = object["replication"] as? [String: Any], let lag = replication["lagSeconds"] as? Double {
                lags.append(lag)
            }
            usleep(20_000)
        }
        let elapsed = monotonicNow() - started
        let sent = statuses.withLock { $0 }
        let total = sent.values.reduce(0, +)
        let d = Distribution(lags)
        print("storm: \(total) commands in \(fmt(elapsed, 1)) s (\(fmt(Double(total) / elapsed, 0))/s asked \(stormRate)/s), "
              + sent.sorted { $0.key < $1.key }.map { "\($0.key)×\($0.value)" }.joined(separator: ", "))
        printTable(["figure", "samples", "p50 ms", "p90 ms", "p99 ms", "max ms"], [
            ["replication lag on B (acceptance → applied)", "\(d.count)", ms(d.median), ms(d.p90), ms(d.p99), ms(d.max)],
        ])
    }
}
