import Foundation
import Synchronization
import HTTPClient
import Rendering

/// A budget's refusal as the attacks expect it: 400 (more than the whole budget) or 503 (not
/// now), in JSON naming the budget.
func isBudgetRefusal(_ response: HTTPProbeResponse?) -> Bool {
    guard let response, [400, 503].contains(response.status),
          response.header("Content-Type")?.contains("json") == true else { return false }
    return response.text.contains("\"budget\"")
}

/// `count` streams of distinct feeds (one quality each), opened one after another and read as
/// fast as they come until the attack ends. The attack asks for 4096 px at 60 fps: a
/// render no budget holds. A stream the server takes is counted as admitted; a refusal must be a
/// budget's, and its time runs from the request to the answer.
struct StreamFlood: Attack {
    let count: Int
    let query: String

    func run(_ target: AttackTarget) -> AttackOutcome {
        var outcome = AttackOutcome()
        var admitted: [BlockingSocket] = []
        var statuses: [Int: Int] = [:]
        for quality in 1...count where monotonicNow() < target.deadline {
            outcome.attempts += 1
            let start = monotonicNow()
            guard let socket = outcome.connect(to: target) else { continue }
            try? socket.send("GET /stream.mjpg?\(query)&quality=\(quality) HTTP/1.1\r\nHost: \(target.authority)\r\n\r\n")
            guard let response = try? socket.readResponse(isHead: true) else {
                outcome.wrong.append("no answer")
                continue
            }
            statuses[response.status, default: 0] += 1
            if response.status == 200 {
                admitted.append(socket)
                continue
            }
            let full = response.header("Content-Length").flatMap(Int.init).flatMap { try? socket.read(count: $0) }
            let answer = HTTPProbeResponse(status: response.status, reason: response.reason, version: response.version,
                                           headers: response.headers, body: full ?? [])
            if isBudgetRefusal(answer) {
                outcome.refusalSeconds.append(monotonicNow() - start)
            } else {
                outcome.wrong.append("HTTP \(response.status)")
            }
            socket.close()
        }
        drain(admitted, until: target.deadline)
        outcome.note = "\(admitted.count) of \(outcome.attempts) admitted; "
            + statuses.sorted { $0.key < $1.key }.map { "\($0.value) × \($0.key)" }.joined(separator: ", ")
        return outcome
    }

    /// Reads every admitted stream, so its feed keeps rendering, until `deadline`.
    private func drain(_ sockets: [BlockingSocket], until deadline: Double) {
        defer { sockets.forEach { $0.close() } }
        guard !sockets.isEmpty else { return waitOut(deadline) }
        var buffer = [UInt8](repeating: 0, count: 256 * 1024)
        var fds = sockets.map { pollfd(fd: $0.descriptor, events: Int16(POLLIN), revents: 0) }
        while monotonicNow() < deadline {
            guard poll(&fds, nfds_t(fds.count), 100) > 0 else { continue }
            for i in fds.indices where fds[i].revents != 0 {
                let n = recv(fds[i].fd, &buffer, buffer.count, Int32(MSG_DONTWAIT))
                if n == 0 { fds[i].events = 0 }
            }
        }
    }
}

/// Rounds of `concurrent` clip requests at once, again until the attack ends. The attack
/// asks for 4096 px lossless WebP, three at once.
struct ClipFlood: Attack {
    let concurrent: Int
    let query: String
    /// Rounds per second at most, so refusals are measured rather than a connection flood.
    var roundsPerSecond = 10.0

    func run(_ target: AttackTarget) -> AttackOutcome {
        let tally = Tally()
        var next = monotonicNow()
        while monotonicNow() < target.deadline {
            next += 1 / roundsPerSecond
            defer { if next > monotonicNow() { usleep(UInt32((next - monotonicNow()) * 1e6)) } }
            onThreads(concurrent) { _ in
                let start = monotonicNow()
                let response = try? HTTPProbe.get("http://\(target.authority)/clip.webp?\(query)", timeout: .seconds(120))
                tally.record(response, seconds: monotonicNow() - start)
            }
        }
        var outcome = tally.outcome
        let slowest = tally.servedSeconds.max().map { ", the slowest in \(fmt($0, 1)) s" } ?? ""
        outcome.note = "\(tally.servedSeconds.count) clips served\(slowest)"
        return outcome
    }
}

/// Artwork uploads of `count` different 4096×4096 transparent PNGs (about 64 KiB each, 64 MiB
/// decoded), then a small one in their place: the big ones must not stay in memory.
struct ArtworkChurn: Attack {
    let count: Int

    static func png(side: Int, mark: UInt8) -> [UInt8] {
        var pixels = [UInt8](repeating: 0, count: side * side * 4)
        pixels[0] = mark
        pixels[3] = 0xFF
        return (try? PNGEncoder.encode(RenderedImage(width: side, height: side, stride: side * 4, pixels: pixels))) ?? []
    }

    func run(_ target: AttackTarget) -> AttackOutcome {
        var outcome = AttackOutcome()
        let client = SimpleHTTPClient(host: target.host, port: target.port, timeout: .seconds(60))
        defer { client.close() }
        var served = 0
        let uploads = (0..<count).map { Self.png(side: 4096, mark: UInt8(truncatingIfNeeded: $0 + 1)) } + [Self.png(side: 64, mark: 0)]
        for body in uploads {
            // Each upload is sent until it is taken, waiting as a refusal says.
            while monotonicNow() < target.deadline {
                outcome.attempts += 1
                let start = monotonicNow()
                let response = try? client.request("PUT", "/player/artwork", headers: [("Content-Type", "image/png")], body: body)
                if response?.status == 200 {
                    served += 1
                    break
                } else if isBudgetRefusal(response) {
                    outcome.refusalSeconds.append(monotonicNow() - start)
                    usleep(UInt32(min(response?.header("Retry-After").flatMap(Double.init) ?? 1, 2) * 1e6))
                } else {
                    outcome.wrong.append(response.map { "HTTP \($0.status)" } ?? "no answer")
                    break
                }
            }
        }
        waitOut(target.deadline)
        outcome.note = "\(served) of \(uploads.count) uploads taken (\(uploads.first?.count ?? 0) bytes each, the last one 64×64)"
        return outcome
    }
}

/// Every priced request at once, as the default budgets let them through, with the player
/// playing (its blurred cover is the costliest drawing): lossless clips, 2048 px PNG frames,
/// streams of new feeds and 4096 px artwork uploads, all in parallel until the attack ends.
struct MixedLoad: Attack {
    func run(_ target: AttackTarget) -> AttackOutcome {
        _ = try? HTTPProbe.request("POST", url: "http://\(target.authority)/player/play")
        let parts: [any Attack] = [
            ClipFlood(concurrent: 3, query: "size=1024&seconds=1&fps=10&lossless=true"),
            FrameFlood(concurrent: 4, target: "/frame.png?size=2048&control=player"),
            StreamFlood(count: 16, query: "size=1024&fps=30"),
            ArtworkChurn(count: 8),
        ]
        let tally = Tally()
        onThreads(parts.count) { tally.merge(parts[$0].run(target)) }
        return tally.outcome
    }
}

/// `concurrent` loops asking for one large frame again and again.
struct FrameFlood: Attack {
    let concurrent: Int
    let target: String

    func run(_ goal: AttackTarget) -> AttackOutcome {
        let tally = Tally()
        onThreads(concurrent) { _ in
            let client = SimpleHTTPClient(host: goal.host, port: goal.port, timeout: .seconds(60))
            while monotonicNow() < goal.deadline {
                let start = monotonicNow()
                let response = try? client.request("GET", target)
                tally.record(response, seconds: monotonicNow() - start)
                // A refusal says when to ask again.
                if let wait = response?.header("Retry-After").flatMap(Double.init) { usleep(UInt32(min(wait, 2) * 1e6)) }
            }
            client.close()
        }
        var outcome = tally.outcome
        outcome.note = "\(tally.servedSeconds.count) frames of \(target) served"
        return outcome
    }
}

/// Runs `body(0)` … `body(count - 1)` at once, each on a thread of its own (a pool would run only
/// as many as there are cores), and waits for them all.
private func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let group = DispatchGroup()
    for i in 0..<count {
        group.enter()
        Thread {
            body(i)
            group.leave()
        }.start()
    }
    group.wait()
}

/// What threads of one attack found, gathered under a lock.
private final class Tally: @unchecked Sendable {
    private let lock = NSLock()
    private var gathered = AttackOutcome()
    private var served: [Double] = []

    var outcome: AttackOutcome { lock.withLock { gathered } }
    var servedSeconds: [Double] { lock.withLock { served } }

    /// A 200 is served, a budget's refusal is a refusal, anything else is wrong.
    func record(_ response: HTTPProbeResponse?, seconds: Double) {
        lock.withLock {
            gathered.attempts += 1
            if response?.status == 200 {
                served.append(seconds)
            } else if isBudgetRefusal(response) {
                gathered.refusalSeconds.append(seconds)
            } else {
                gathered.wrong.append(response.map { "HTTP \($0.status)" } ?? "no answer")
            }
        }
    }

    func merge(_ outcome: AttackOutcome) {
        lock.withLock {
            gathered.attempts += outcome.attempts
            gathered.refusalSeconds += outcome.refusalSeconds
            gathered.wrong += outcome.wrong
            gathered.note += (gathered.note.isEmpty ? "" : "; ") + outcome.note
        }
    }
}

/// Five bursts of commands (issue 30, finding 2: the history's copies, priced at 8 KiB each, held
/// 2.3 GB after 3,750 commands under its 64 MiB budget). Every command must be answered 200 or
/// 409 (a press on a complete meter). The note gives the RSS as the bursts end and 10 s later.
struct CommandStorm: Attack {
    static let commands = ["/play-button/mode?mode=pause", "/play-button/mode?mode=play", "/meter/press", "/meter/release",
                           "/player/toggle", "/spinner/stop", "/spinner/start", "/player/seek?progress=30"]
    var minimumSeconds: Double { 31 }

    func run(_ target: AttackTarget) -> AttackOutcome {
        let outcome = Mutex(AttackOutcome())
        for _ in 0..<5 where monotonicNow() < target.deadline {
            let end = min(monotonicNow() + 3, target.deadline)
            DispatchQueue.concurrentPerform(iterations: 4) { _ in
                let client = SimpleHTTPClient(host: target.host, port: target.port, timeout: .seconds(10))
                defer { client.close() }
                var i = 0
                while monotonicNow() < end {
                    let start = monotonicNow()
                    let status = (try? client.request("POST", Self.commands[i % Self.commands.count]))?.status
                    outcome.withLock { o in
                        o.attempts += 1
                        if status == 200 || status == 409 { o.refusalSeconds.append(monotonicNow() - start) }
                        else { o.wrong.append(status.map { "HTTP \($0)" } ?? "no answer") }
                    }
                    i += 1
                }
            }
            usleep(1_000_000)
        }
        func rss() -> String {
            target.pid.flatMap { ProcSample.read(pid: $0) }.map { String(format: "%.1f", Double($0.rssKiB) / 1024) } ?? "?"
        }
        let atEnd = rss()
        usleep(10_000_000)
        let later = rss()
        waitOut(target.deadline)
        return outcome.withLock { o in
            o.note = "\(o.attempts) commands; RSS \(atEnd) MiB as the bursts end, \(later) MiB 10 s later"
            return o
        }
    }
}
