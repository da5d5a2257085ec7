import ArgumentParser
import Foundation
import Synchronization

/// `attack`: issue 16's attacks, each against a fresh server with default options, while one
/// viewer watches the studio stream and a poller reads /state. Reports the server's peak RSS,
/// the viewer's fps, /state p99 and the time to each refusal.
struct AttackBench: Bench {
    static let configuration = CommandConfiguration(
        commandName: "attack",
        abstract: "Attack a default server; report peak RSS, a viewer's fps, /state p99 and the time to refusal.",
        discussion: "Attacks: " + AttackKind.allCases.map { "\($0.rawValue) (\($0.summary))" }.joined(separator: "; ") + ".")

    @OptionGroup var server: ServerOptions

    @Argument(help: "The attacks to run, in order (default: all of them, baseline first).")
    var attacks: [String] = []

    @Option(help: "Slowloris connections.")
    var drippers: Int = 1000

    @Option(help: "Slowloris connections per source address (127.0.0.2 and up).")
    var drippersPerAddress: Int = 10

    @Option(help: "Requests per second of the request attacks (bad-length, host-spoof).")
    var rate: Double = 100

    @Option(help: "Seconds each attack runs (at least; the slowloris waits out the head deadline, 60 s at most).")
    var seconds: Double = 8

    @Option(help: "The viewer's stream query.")
    var viewerQuery = "control=all&size=480&fps=30"

    func validate() throws {
        for name in attacks where AttackKind(rawValue: name) == nil {
            throw ValidationError("unknown attack \(name); known: \(AttackKind.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        guard (1...5000).contains(drippers) else { throw ValidationError("--drippers must be 1–5000") }
        guard seconds > 0 && seconds <= 60 else { throw ValidationError("--seconds must be 0–60") }
        guard rate > 0 && rate <= 5000 else { throw ValidationError("--rate must be 0–5000") }
    }

    func report() throws {
        let kinds = attacks.isEmpty ? AttackKind.allCases : attacks.compactMap(AttackKind.init(rawValue:))
        print("each attack: a fresh server (default options), one viewer of /stream.mjpg?\(viewerQuery), /state every 50 ms")
        var rows: [[String]] = []
        for kind in kinds {
            let row = try measure(kind, kind.make(drippers: drippers, perAddress: drippersPerAddress, rate: rate))
            rows.append(row)
            print("  \(kind.rawValue): done, loadavg \(loadAverage())")
        }
        printTable(["attack", "attempts", "refused", "wrong", "refusal p50 ms", "refusal max ms", "peak RSS MiB",
                    "RSS before MiB", "RSS +10 s MiB", "viewer fps", "/state p99 ms", "/state fails", "notes"], rows)
    }

    private func measure(_ kind: AttackKind, _ attack: any Attack) throws -> [String] {
        // The server's own defaults, the per-IP limit included: that is what is being attacked.
        let sut = try server.start(perIPDefault: nil)
        defer { sut.stop() }
        let monitor = sut.pid.map { Sampler<ProcSample>(pid: $0, every: 0.1) }
        defer { monitor?.stop() }

        let loop = ViewerLoop(port: sut.port)
        let viewer = MJPEGViewer(id: 0, kind: .normal, host: sut.host, port: sut.port, path: "/stream.mjpg?\(viewerQuery)")
        loop.add(viewer, at: monotonicNow())
        loop.run(until: monotonicNow() + 10) { _ in viewer.firstFrameAt != nil || viewer.isDone }
        guard viewer.firstFrameAt != nil else { throw BenchError("the viewer got no frame: \(viewer.endReason ?? "?")") }
        loop.run(until: monotonicNow() + 1)
        let rssBefore = sut.pid.flatMap { ProcSample.read(pid: $0) }.map { Double($0.rssKiB) / 1024 } ?? .nan

        let poller = StatePoller(host: sut.host, port: sut.port)
        let start = monotonicNow()
        let length = min(60, max(seconds, attack.minimumSeconds))
        let target = AttackTarget(host: sut.host, port: sut.port, deadline: start + length, pid: sut.pid)
        let finished = DispatchSemaphore(value: 0)
        let result = Mutex<AttackOutcome?>(nil)
        Thread {
            let outcome = attack.run(target)
            result.withLock { $0 = outcome }
            finished.signal()
        }.start()
        loop.run(until: start + length + 30) { now in now >= start + length && result.withLock { $0 != nil } }
        finished.wait()
        let end = monotonicNow()
        let viewerNote = viewer.isDone ? "viewer ended: \(viewer.endReason ?? "?")" : ""
        poller.stop()
        loop.closeAll()

        // The memory must come back once the load has gone: RSS 10 s after the attack ended.
        usleep(10_000_000)
        let rssAfter = sut.pid.flatMap { ProcSample.read(pid: $0) }.map { Double($0.rssKiB) / 1024 } ?? .nan
        let outcome = result.withLock { $0 } ?? AttackOutcome()
        let frames = viewer.frames.filter { $0.arrival >= start && $0.arrival <= end }.count
        let fps = Double(frames) / (end - start)
        let p99 = Distribution(poller.latencies(from: start, to: end)).p99
        let peak = (monitor?.all.filter { $0.time >= start && $0.time <= end }.map(\.rssKiB).max())
            .map { Double($0) / 1024 } ?? .nan
        let refusals = Distribution(outcome.refusalSeconds)
        return [kind.rawValue, "\(outcome.attempts)", "\(outcome.refusalSeconds.count)", "\(outcome.wrong.count)",
                ms(refusals.median), ms(refusals.max), fmt(peak, 1), fmt(rssBefore, 1), fmt(rssAfter, 1), fmt(fps, 1), ms(p99),
                "\(poller.failureCount)", [outcome.note, outcome.wrong.first ?? "", viewerNote].filter { !$0.isEmpty }.joined(separator: "; ")]
    }
}
