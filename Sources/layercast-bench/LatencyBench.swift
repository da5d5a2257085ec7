import ArgumentParser
import Foundation
import HTTPClient

/// `latency`: with viewers attached, POSTs a command again and again and times each one from
/// sending the POST to the first part whose X-Scene-Time is at or after the command's sceneTime.
struct LatencyBench: ServerBench {
    static let configuration = CommandConfiguration(
        commandName: "latency",
        abstract: "Time from a command's POST to the first stream part that shows it (p50, p99).")

    @OptionGroup var server: ServerOptions

    @Option(help: "Viewers attached while the commands run.")
    var viewers: Int = 5

    @Option(help: "Frames per second asked of the stream.")
    var fps: Int = 30

    @Option(help: "Commands sent.")
    var count: Int = 200

    @Option(help: "Milliseconds between commands (jittered by up to half of it, so they land all over the frame interval).")
    var intervalMs: Double = 120

    @Option(help: "The command: a POST path whose JSON reply has sceneTime.")
    var command = "/player/toggle"

    @Option(help: "Stream query besides fps.")
    var query = "control=all&size=480&quality=80"

    func validate() throws {
        guard (1...500).contains(viewers) else { throw ValidationError("--viewers must be 1–500") }
        guard (1...60).contains(fps) else { throw ValidationError("--fps must be 1–60") }
        guard (1...10_000).contains(count) else { throw ValidationError("--count must be 1–10000") }
        guard (10...5000).contains(intervalMs) else { throw ValidationError("--interval-ms must be 10–5000") }
        guard command.hasPrefix("/") else { throw ValidationError("--command is a path, e.g. /player/toggle") }
    }

    struct Sent {
        let sentAt: Double
        let repliedAt: Double
        let status: Int
        let sceneTime: Double?
    }

    func report(on sut: ServerUnderTest) throws {
        print("server: \(sut.baseURL); \(viewers) viewers of /stream.mjpg?\(query)&fps=\(fps); \(count)× POST \(command) every ~\(fmt(intervalMs, 0)) ms")

        let loop = ViewerLoop(port: sut.port)
        let now = monotonicNow()
        for i in 0..<viewers {
            loop.add(MJPEGViewer(id: i, kind: .normal, host: sut.host, port: sut.port,
                                 path: "/stream.mjpg?\(query)&fps=\(fps)"), at: now + Double(i) * 0.002)
        }
        loop.run(until: now + 5) { _ in loop.viewers.allSatisfy { $0.firstFrameAt != nil || $0.isDone } }
        guard loop.viewers.contains(where: { $0.firstFrameAt != nil }) else { throw BenchError("no viewer got a frame") }
        usleep(300_000)

        let sender = CommandSender(host: sut.host, port: sut.port, path: command, count: count, intervalMs: intervalMs)
        let deadline = monotonicNow() + Double(count) * intervalMs * 1.5 / 1000 + 10
        loop.run(until: deadline) { _ in sender.isFinished }
        let finishedAt = monotonicNow()
        loop.run(until: finishedAt + 0.5)
        loop.closeAll()

        let sent = sender.sent
        var latencies: [Double] = [], firstViewer: [Double] = [], missing = 0
        for s in sent {
            guard let t = s.sceneTime else { continue }
            for v in loop.viewers {
                // Scene times are printed with 6 decimals; allow that rounding.
                if let f = v.frames.first(where: { $0.sceneTime >= t - 1e-6 && $0.arrival >= s.sentAt }) {
                    latencies.append(f.arrival - s.sentAt)
                    if v.id == 0 { firstViewer.append(f.arrival - s.sentAt) }
                } else {
                    missing += 1
                }
            }
        }
        let d = Distribution(latencies), d0 = Distribution(firstViewer)
        let rtt = Distribution(sent.map { $0.repliedAt - $0.sentAt })
        let statuses = Dictionary(grouping: sent, by: \.status).map { "\($0.key)×\($0.value.count)" }.joined(separator: ", ")
        print("commands: \(sent.count) (\(statuses)); frame interval \(ms(1 / Double(fps))) ms; target p99 ≤ \(ms(1 / Double(fps) + 0.010)) ms")
        printTable(["figure", "n", "p50 ms", "p90 ms", "p99 ms", "max ms"], [
            ["POST → first part showing it (all viewers)", "\(d.count)", ms(d.median), ms(d.p90), ms(d.p99), ms(d.max)],
            ["same, viewer 0 only", "\(d0.count)", ms(d0.median), ms(d0.p90), ms(d0.p99), ms(d0.max)],
            ["POST round trip (reply)", "\(rtt.count)", ms(rtt.median), ms(rtt.p90), ms(rtt.p99), ms(rtt.max)],
        ])
        if missing > 0 { print("\(missing) command×viewer pairs saw no such part before the end") }
    }
}

/// Sends the commands on its own thread (keep-alive), so the viewers' loop never blocks on them.
final class CommandSender: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [LatencyBench.Sent] = []
    private var finished = false

    init(host: String, port: Int, path: String, count: Int, intervalMs: Double) {
        let thread = Thread { [self] in
            let client = SimpleHTTPClient(host: host, port: port, timeout: .seconds(5))
            var generator = SystemRandomNumberGenerator()
            for _ in 0..<count {
                let t0 = monotonicNow()
                let reply = try? client.request("POST", path, headers: [("User-Agent", "layercast-bench")])
                let t1 = monotonicNow()
                let sceneTime = reply.flatMap { r -> Double? in
                    guard let object = try? JSONSerialization.jsonObject(with: Data(r.body)) as? [String: Any] else { return nil }
                    return object["sceneTime"] as? Double
                }
                let sent = LatencyBench.Sent(sentAt: t0, repliedAt: t1, status: reply?.status ?? 0, sceneTime: sceneTime)
                lock.withLock { results.append(sent) }
                let jitter = Double.random(in: -0.5...0.5, using: &generator)
                Thread.sleep(forTimeInterval: intervalMs * (1 + jitter) / 1000)
            }
            client.close()
            lock.withLock { finished = true }
        }
        thread.start()
    }

    var isFinished: Bool { lock.withLock { finished } }
    var sent: [LatencyBench.Sent] { lock.withLock { results } }
}
