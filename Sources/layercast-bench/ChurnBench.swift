import ArgumentParser
import Foundation

/// `churn`: opens and closes streams many times and checks the server returns to where it was:
/// RSS, open fds, threads and open streams before and after.
struct ChurnBench: ServerBench {
    static let configuration = CommandConfiguration(
        commandName: "churn",
        abstract: "Open and close streams many times; report the server's RSS and open fds before and after.")

    @OptionGroup var server: ServerOptions

    @Option(help: "Connect/disconnect cycles (after --warmup-cycles).")
    var cycles: Int = 10_000

    @Option(help: "Cycles run before the 'before' reading, so the allocator's arenas and the thread pool have reached their working size.")
    var warmupCycles: Int = 1000

    @Option(help: "Cycles in flight at once.")
    var concurrency: Int = 4

    @Option(help: "Every Nth client leaves right after sending its request (0: none); the rest leave after their first frame.")
    var leaveEarlyEvery: Int = 4

    @Option(help: "Stop after this many seconds even if not all cycles ran.")
    var maxSeconds: Double = 600

    @Option(help: "Stream query.")
    var query = "control=all&size=480&quality=80&fps=30"

    func validate() throws {
        guard (1...1_000_000).contains(cycles) else { throw ValidationError("--cycles must be 1–1000000") }
        guard (1...64).contains(concurrency) else { throw ValidationError("--concurrency must be 1–64") }
        guard (0...100_000).contains(warmupCycles) else { throw ValidationError("--warmup-cycles must be 0–100000") }
        guard leaveEarlyEvery >= 0, maxSeconds > 0, maxSeconds <= 3600 else {
            throw ValidationError("--leave-early-every ≥ 0, --max-seconds 0–3600")
        }
    }

    func report(on sut: ServerUnderTest) throws {
        guard let pid = sut.pid else { throw BenchError("churn needs the server's pid (start it here, or give --pid)") }
        print("server: \(sut.baseURL) pid \(pid); \(cycles) cycles, \(concurrency) at a time, every \(leaveEarlyEvery)th leaves before its first frame")

        let deadline = monotonicNow() + maxSeconds
        let cold = ProcSample.read(pid: pid)
        var warm = Tally()
        runCycles(warmupCycles, port: sut.port, host: sut.host, deadline: deadline, tally: &warm, checkpoints: [], pid: pid)
        guard let before = settle(pid: pid, baseURL: sut.baseURL) else { throw BenchError("server gone") }

        var tally = Tally()
        let t0 = monotonicNow()
        let marks = (1...10).map { cycles * $0 / 10 }
        let checkpoints = runCycles(cycles, port: sut.port, host: sut.host, deadline: deadline, tally: &tally,
                                    checkpoints: marks, pid: pid)
        let elapsed = monotonicNow() - t0
        guard let after = settle(pid: pid, baseURL: sut.baseURL) else { throw BenchError("server gone") }

        print("cycles: \(tally.done) in \(fmt(elapsed, 1)) s (\(fmt(Double(tally.done) / elapsed, 0))/s); "
              + "first frame received: \(tally.framed); left early: \(tally.early); failed: \(tally.failed)\(tally.failures.isEmpty ? "" : " \(tally.failures)")")
        printTable(["", "RSS MiB", "peak RSS MiB", "fds", "threads", "open streams"], [
            ["before", fmt(Double(before.proc.rssKiB) / 1024, 1), fmt(Double(before.proc.peakRSSKiB) / 1024, 1),
             "\(before.proc.fds)", "\(before.proc.threads)", "\(before.openStreams)"],
            ["after", fmt(Double(after.proc.rssKiB) / 1024, 1), fmt(Double(after.proc.peakRSSKiB) / 1024, 1),
             "\(after.proc.fds)", "\(after.proc.threads)", "\(after.openStreams)"],
        ])
        print("RSS growth: \(fmt(Double(after.proc.rssKiB - before.proc.rssKiB) / 1024, 2)) MiB; fd change: \(after.proc.fds - before.proc.fds)"
              + "; RSS before the \(warmupCycles) warm-up cycles: \(fmt(Double(cold?.rssKiB ?? 0) / 1024, 1)) MiB")
        print("RSS at each tenth: " + checkpoints.map { "\($0.0):\(fmt(Double($0.1.rssKiB) / 1024, 1))MiB/\($0.1.fds)fd" }.joined(separator: " "))
    }

    struct Tally {
        var done = 0, framed = 0, early = 0, failed = 0
        var failures: [String: Int] = [:]
    }

    @discardableResult
    func runCycles(_ n: Int, port: Int, host: String, deadline: Double, tally: inout Tally,
                   checkpoints: [Int], pid: Int32) -> [(Int, ProcSample)] {
        let loop = ViewerLoop(port: port)
        var started = 0
        var marks: [(Int, ProcSample)] = []
        var nextMark = 0
        func launch() {
            let v = MJPEGViewer(id: started, kind: .normal, host: host, port: port, path: "/stream.mjpg?\(query)")
            if leaveEarlyEvery > 0 && started % leaveEarlyEvery == leaveEarlyEvery - 1 {
                v.closeAfterRequest = true
            } else {
                v.closeAfterFirstFrame = true
            }
            started += 1
            loop.add(v, at: 0)
        }
        for _ in 0..<min(concurrency, n) { launch() }
        loop.run(until: deadline) { _ in
            loop.removeFinished { v in
                tally.done += 1
                switch v.endReason {
                case "left after first frame": tally.framed += 1
                case "left after request": tally.early += 1
                default:
                    tally.failed += 1
                    tally.failures["\(v.status.map(String.init) ?? "-") \(v.endReason ?? "?")", default: 0] += 1
                }
            }
            while nextMark < checkpoints.count && tally.done >= checkpoints[nextMark] {
                if let s = ProcSample.read(pid: pid) { marks.append((checkpoints[nextMark], s)) }
                nextMark += 1
            }
            while started < n && loop.viewers.count < concurrency { launch() }
            return started >= n && loop.viewers.isEmpty
        }
        loop.closeAll()
        return marks
    }

    struct Settled {
        let proc: ProcSample
        let openStreams: Int
    }

    /// Waits (at most 10 s) until the server reports no open stream, then 1 s more, and reads it.
    func settle(pid: Int32, baseURL: String) -> Settled? {
        func openStreams() -> Int { Int(MetricsPage.fetch(baseURL)?.total("layercast_open_streams") ?? -1) }
        let deadline = monotonicNow() + 10
        while monotonicNow() < deadline, openStreams() != 0 { usleep(100_000) }
        usleep(1_000_000)
        let open = openStreams()
        guard let proc = ProcSample.read(pid: pid) else { return nil }
        return Settled(proc: proc, openStreams: open)
    }
}
