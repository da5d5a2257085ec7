import ArgumentParser
import Foundation
import HTTPClient

/// `stream`: N viewers (some slow, some stalled) on one poll loop; per-viewer and overall fps,
/// inter-frame gaps, time to first frame, frame age; the server's CPU, RSS, threads and renders/s.
struct StreamBench: ServerBench {
    static let configuration = CommandConfiguration(
        commandName: "stream",
        abstract: "Stream to many viewers and report fps, gaps, frame age and the server's cost.")

    @OptionGroup var server: ServerOptions

    @Option(help: "Viewers that read as fast as they can.")
    var viewers: Int = 50

    @Option(help: "Frames per second asked of the stream.")
    var fps: Int = 30

    @Option(help: "Seconds measured (after every viewer is connected and --warmup has passed).")
    var seconds: Double = 10

    @Option(help: "Additional viewers that read slowly (see --slow-kbps).")
    var slow: Int = 0

    @Option(help: "How fast a slow viewer reads, in KiB per second.")
    var slowKbps: Double = 64

    @Option(help: "Additional viewers that send their request and never read.")
    var stalled: Int = 0

    @Option(help: "mjpeg (GET /stream.mjpg) or mp4 (GET /stream.mp4: a part is a fragment, its size the fragment's).")
    var transport = "mjpeg"

    @Option(help: "Stream query besides fps.")
    var query = "control=all&size=480&quality=80"

    @Option(help: "Spread the viewers over this many feeds (other sizes; all controls or the spinner).")
    var feeds: Int = 1

    @Option(help: "Milliseconds between two viewers' connects.")
    var connectIntervalMs: Double = 2

    @Option(help: "Seconds between the last connect and the start of the measured window.")
    var warmup: Double = 1

    @Flag(help: "Pause the scene's clock first (a static scene: no re-encoding, only keep-alive resends).")
    var pause = false

    @Flag(help: "Meanwhile fetch /frame.jpg and /state every 250 ms and report their status and latency.")
    var apiProbes = false

    @Flag(help: "Print one row per viewer.")
    var perViewer = false

    func validate() throws {
        guard (0...2000).contains(viewers), (0...2000).contains(slow), (0...2000).contains(stalled) else {
            throw ValidationError("--viewers, --slow and --stalled must each be 0–2000")
        }
        guard (1...60).contains(fps) else { throw ValidationError("--fps must be 1–60") }
        guard ["mjpeg", "mp4"].contains(transport) else { throw ValidationError("--transport must be mjpeg or mp4") }
        guard seconds > 0 && seconds <= 600 else { throw ValidationError("--seconds must be 0–600") }
        guard (1...64).contains(feeds) else { throw ValidationError("--feeds must be 1–64") }
        guard slowKbps > 0 else { throw ValidationError("--slow-kbps must be positive") }
        guard (0...1000).contains(connectIntervalMs), (0...60).contains(warmup) else {
            throw ValidationError("--connect-interval-ms 0–1000, --warmup 0–60")
        }
    }

    /// Feed k's stream path: the query with another size, alternately showing every control
    /// and the spinner alone. Both move on every frame of a fresh server's scene (its spinner
    /// spins), so each feed renders at the full rate.
    func path(feed k: Int) -> String {
        var q = query
        if k > 0 {
            let control = k % 2 == 0 ? "all" : "spinner"
            q = "control=\(control)&size=\(480 - 16 * ((k + 1) / 2))&quality=80"
        }
        return "/stream.\(transport == "mp4" ? "mp4" : "mjpg")?\(q)&fps=\(fps)"
    }

    func report(on sut: ServerUnderTest) throws {
        print("server: \(sut.baseURL)\(sut.pid.map { " pid \($0)" } ?? "")  feeds: \(feeds)  query: \(path(feed: 0))")
        print("viewers: \(viewers) normal, \(slow) slow (\(fmt(slowKbps, 0)) KiB/s), \(stalled) stalled; window \(fmt(seconds, 1)) s")
        if pause {
            let r = try HTTPProbe.request("POST", url: sut.baseURL + "/clock?paused=true")
            guard r.status == 200 else { throw BenchError("pausing the clock: HTTP \(r.status) \(r.text)") }
        }
        let procs = sut.pid.map { Sampler<ProcSample>(pid: $0) }
        let metrics = Sampler<MetricsReading>(baseURL: sut.baseURL)
        let probes = apiProbes ? Sampler<APIProbeResult>(probing: sut.baseURL) : nil
        defer { procs?.stop(); metrics.stop(); probes?.stop() }
        usleep(600_000)  // a first metrics and /proc reading with no viewers

        // A descriptor per viewer, and a few for the samplers and probes.
        raiseOpenFileLimit(to: viewers + slow + stalled + 64)
        let loop = ViewerLoop(port: sut.port)
        let start = monotonicNow() + 0.05
        var kinds: [ViewerKind] = Array(repeating: .normal, count: viewers)
        kinds += Array(repeating: .slow(bytesPerSecond: slowKbps * 1024), count: slow)
        kinds += Array(repeating: .stalled, count: stalled)
        for (i, kind) in kinds.enumerated() {
            let v = MJPEGViewer(id: i, kind: kind, host: sut.host, port: sut.port, path: path(feed: i % feeds))
            loop.add(v, at: start + Double(i) * connectIntervalMs / 1000)
        }
        let lastConnect = start + Double(max(kinds.count - 1, 0)) * connectIntervalMs / 1000
        let windowStart = lastConnect + warmup
        let windowEnd = windowStart + seconds
        let benchCPU0 = selfCPUSeconds()
        loop.run(until: windowEnd)
        let benchCPU = selfCPUSeconds() - benchCPU0
        loop.closeAll()

        printResults(loop: loop, window: (windowStart, windowEnd), procs: procs, metrics: metrics, probes: probes,
               benchCPU: benchCPU, benchWall: windowEnd - start)
    }

    // MARK: Report

    struct ViewerFigures {
        let fps: Double
        let gaps: [Double]
        let ages: [Double]
        let headAges: [Double]
        let bytes: [Int]
    }

    static func figures(_ v: MJPEGViewer, _ window: (Double, Double)) -> ViewerFigures {
        let inWindow = v.frames.filter { $0.arrival >= window.0 && $0.arrival <= window.1 }
        // A gap ends in the window; the frame before it may be older.
        let gaps = zip(v.frames, v.frames.dropFirst()).filter { $1.arrival >= window.0 && $1.arrival <= window.1 }
            .map { $1.arrival - $0.arrival }
        return ViewerFigures(fps: Double(inWindow.count) / (window.1 - window.0), gaps: gaps,
                             ages: inWindow.map(\.age), headAges: inWindow.map(\.headAge), bytes: inWindow.map(\.bytes))
    }

    func printResults(loop: ViewerLoop, window: (Double, Double), procs: Sampler<ProcSample>?,
                metrics: Sampler<MetricsReading>, probes: Sampler<APIProbeResult>?, benchCPU: Double, benchWall: Double) {
        let all = loop.viewers
        let served = all.filter { $0.status == 200 }
        let refused = all.filter { $0.status != nil && $0.status != 200 }
        let unanswered = all.filter { $0.status == nil && $0.kind != .stalled }

        var rows: [[String]] = []
        for kind in ["normal", "slow"] {
            let group = served.filter { $0.kind.name == kind }
            guard !group.isEmpty else { continue }
            let figs = group.map { Self.figures($0, window) }
            let fpsD = Distribution(figs.map(\.fps))
            let gaps = Distribution(figs.flatMap(\.gaps))
            let ages = Distribution(figs.flatMap(\.ages))
            let headAges = Distribution(figs.flatMap(\.headAges))
            let ttff = Distribution(group.compactMap(\.timeToFirstFrame))
            let kib = Distribution(figs.flatMap(\.bytes).map { Double($0) / 1024 })
            rows.append([kind, "\(group.count)", fmt(fpsD.min, 1), fmt(fpsD.median, 1), fmt(fpsD.max, 1),
                         ms(gaps.median), ms(gaps.p99), ms(gaps.max),
                         ms(ttff.median), ms(ttff.p99), ms(ttff.max),
                         ms(ages.median), ms(ages.p99), ms(ages.max), ms(headAges.p99), fmt(kib.mean, 1)])
        }
        print("\nviewers (window \(fmt(window.1 - window.0, 1)) s; fps min/median/max over viewers; gaps, ages pooled; ms):")
        printTable(["kind", "n", "fps min", "fps med", "fps max", "gap p50", "gap p99", "gap max",
                    "ttff p50", "ttff p99", "ttff max", "age p50", "age p99", "age max", "head age p99", "KiB/frame"], rows)
        if slow > 0 {
            let kib = Distribution(served.filter { $0.kind.name == "slow" }.flatMap { Self.figures($0, window).bytes }
                .map(Double.init)).mean
            print("a slow viewer needs \(ms(kib / (slowKbps * 1024), 0)) ms just to receive one \(fmt(kib / 1024, 1)) KiB part at \(fmt(slowKbps, 0)) KiB/s; "
                  + "age = arrival of the part's last byte − X-Timestamp, head age = arrival of its headers − X-Timestamp")
        }
        if !refused.isEmpty {
            let times = Distribution(refused.compactMap { v in v.responseAt.map { $0 - v.connectStart } })
            let statuses = Dictionary(grouping: refused, by: { $0.status ?? 0 }).map { "\($0.key)×\($0.value.count)" }
            let body = refused.first.map { String(decoding: $0.errorBody, as: UTF8.self) } ?? ""
            print("refused: \(statuses.joined(separator: ", ")); answered in p50 \(ms(times.median)) ms, max \(ms(times.max)) ms; body: \(body)")
        }
        if !unanswered.isEmpty {
            let reasons = Dictionary(grouping: unanswered, by: { $0.endReason ?? "still waiting" }).map { "\($0.key)×\($0.value.count)" }
            print("no answer: \(unanswered.count) (\(reasons.joined(separator: ", ")))")
        }
        let stalledViewers = all.filter { $0.kind == .stalled }
        if !stalledViewers.isEmpty {
            let closed = stalledViewers.filter { $0.endReason == "closed by server" }
                .compactMap { v in v.endedAt.map { $0 - v.connectStart } }
            // The server closes with unsent bytes queued, so its FIN may never reach a client that does
            // not read: the server's own count (below) is the figure that matters.
            print("stalled: \(closed.count)/\(stalledViewers.count) saw the close on their side"
                  + (closed.isEmpty ? "" : ", after \(fmt(Distribution(closed).min, 1))–\(fmt(Distribution(closed).max, 1)) s"))
        }
        if perViewer {
            var vrows: [[String]] = []
            for v in all {
                let f = Self.figures(v, window)
                let g = Distribution(f.gaps), a = Distribution(f.ages)
                vrows.append(["\(v.id)", v.kind.name, v.status.map(String.init) ?? "–", fmt(f.fps, 1), ms(g.median), ms(g.p99),
                              ms(g.max), v.timeToFirstFrame.map { ms($0) } ?? "–", ms(a.median), ms(a.p99),
                              "\(v.frames.count)", v.endReason ?? "open"])
            }
            printTable(["id", "kind", "status", "fps", "gap p50", "gap p99", "gap max", "ttff", "age p50", "age p99",
                        "frames", "end"], vrows)
        }

        print("\nserver:")
        if let procs {
            let everything = procs.all
            let w = everything.filter { $0.time >= window.0 - 0.3 && $0.time <= window.1 + 0.3 }
            if let first = w.first, let last = w.last, last.time > first.time {
                let cpu = (last.cpuSeconds - first.cpuSeconds) / (last.time - first.time)
                print("  CPU \(fmt(last.cpuSeconds - first.cpuSeconds, 2)) s over \(fmt(last.time - first.time, 1)) s = \(fmt(cpu * 100, 1)) % of one core")
                print("  RSS \(first.rssKiB / 1024)→\(last.rssKiB / 1024) MiB in the window, peak (VmHWM) \(fmt(Double(everything.map(\.peakRSSKiB).max() ?? 0) / 1024, 1)) MiB; "
                      + "threads max \(everything.map(\.threads).max() ?? 0); fds \(first.fds)→\(last.fds), before viewers \(everything.first?.fds ?? -1), max \(everything.map(\.fds).max() ?? 0)")
                if !stalledViewers.isEmpty {
                    let timeline = everything.filter { $0.time >= window.0 - warmup }.enumerated()
                        .filter { $0.offset % 8 == 0 }.map { "\(fmt($0.element.time - window.0, 0))s:\($0.element.fds)fd/\($0.element.rssKiB / 1024)MiB" }
                    print("  fds/RSS over time (t=0 at window start): \(timeline.joined(separator: " "))")
                }
            }
        } else {
            print("  (no pid: CPU, RSS, threads and fds not read)")
        }
        if let (a, b) = metrics.window(window.0, window.1) {
            let dt = b.time - a.time
            print("  renders/s \(fmt((b.rendered - a.rendered) / dt, 1)) (frames_rendered_total over \(fmt(dt, 1)) s); keep-alive resends/s \(fmt((b.keepAlives - a.keepAlives) / dt, 2)); "
                  + "skipped frames/s \(fmt((b.skipped - a.skipped) / dt, 1)); open streams \(Int(a.openStreams))→\(Int(b.openStreams))")
        }
        if let base = metrics.all.first {
            print("  before any viewer: open streams \(Int(base.openStreams)), frames rendered so far \(Int(base.rendered))")
        }
        if !stalledViewers.isEmpty {
            let others = all.filter { $0.kind != .stalled && $0.status == 200 && $0.endReason == "closed by bench" }.count
            let lastStalledConnect = stalledViewers.map(\.connectStart).max() ?? window.0
            if let drop = metrics.all.first(where: { $0.time > lastStalledConnect && Int($0.openStreams) <= others }) {
                print("  server closed the stalled streams: open streams down to \(others) within \(fmt(drop.time - lastStalledConnect, 1)) s "
                      + "of the last stalled viewer's connect (readings every 0.5 s)")
            } else {
                print("  server did not close the stalled streams during the run")
            }
            let opens = metrics.all.filter { $0.time >= window.0 - warmup }.enumerated().filter { $0.offset % 2 == 0 }
                .map { "\(fmt($0.element.time - window.0, 0))s:\(Int($0.element.openStreams))" }
            print("  open streams over time (t=0 at window start): \(opens.joined(separator: " "))")
        }
        print("  bench itself: \(fmt(benchCPU / benchWall * 100, 1)) % of one core")
        if let probes {
            let results = probes.all
            for kind in ["frame.jpg", "state"] {
                let rs = results.filter { $0.kind == kind }
                let d = Distribution(rs.map(\.seconds))
                let codes = Dictionary(grouping: rs, by: \.status).map { "\($0.key)×\($0.value.count)" }.joined(separator: ", ")
                print("  GET /\(kind) during the run: \(codes); latency p50 \(ms(d.median)) p99 \(ms(d.p99)) max \(ms(d.max)) ms")
            }
        }
    }
}

/// A GET of a frame or the state while the viewers run: are the API and snapshots still served
/// (e.g. past a budget, next to stalled viewers)?
struct APIProbeResult {
    let kind: String
    let status: Int
    let seconds: Double
}

extension Sampler where Reading == APIProbeResult {
    /// A frame and the state every 0.25 s.
    convenience init(probing baseURL: String) {
        self.init(every: 0.25) {
            [("frame.jpg", "/frame.jpg?size=480"), ("state", "/state")].map { kind, path in
                let t0 = monotonicNow()
                let status = (try? HTTPProbe.get(baseURL + path, timeout: .seconds(5)))?.status ?? 0
                return APIProbeResult(kind: kind, status: status, seconds: monotonicNow() - t0)
            }
        }
    }
}
