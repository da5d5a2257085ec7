import Foundation
import HTTPClient

/// Where an attack aims, and when it must stop.
struct AttackTarget: Sendable {
    let host: String
    let port: Int
    /// Monotonic time by which the attack ends, finished or not.
    let deadline: Double
    /// The server's process, when the bench can read it (for an attack that reports RSS itself).
    var pid: Int32? = nil
    var authority: String { "\(host):\(port)" }
}

/// What an attack measured: how long each refusal took (from the attack's first byte to the
/// server's answer or close), and every answer that was not the refusal it should have been.
struct AttackOutcome {
    var attempts = 0
    var refusalSeconds: [Double] = []
    var wrong: [String] = []
    var note = ""

    /// A connection to `target` (from `source`, else 127.0.0.1), or nil with a wrong "connect failed".
    mutating func connect(to target: AttackTarget, from source: String? = nil) -> BlockingSocket? {
        let socket = try? BlockingSocket.connect(port: target.port, timeout: .seconds(10), sourceAddress: source)
        if socket == nil { wrong.append("connect failed") }
        return socket
    }
}

protocol Attack: Sendable {
    /// Seconds it needs at least, whatever --seconds says (the slowloris waits out the deadline); 0 by default.
    var minimumSeconds: Double { get }
    func run(_ target: AttackTarget) -> AttackOutcome
}

extension Attack {
    var minimumSeconds: Double { 0 }
}

/// Sleeps until the monotonic time `deadline`, so an attack that finished early still spans its time.
func waitOut(_ deadline: Double) {
    while monotonicNow() < deadline { usleep(50_000) }
}

/// The attacks `layercast-bench attack` knows: issue 16's, and for each budget one that fits it
/// (so the budget admits some requests and refuses the rest) besides the one that never can.
enum AttackKind: String, CaseIterable {
    case baseline
    case slowloris
    case chunkedUpload = "chunked-upload"
    case badLength = "bad-length"
    case hostSpoof = "host-spoof"
    case expectContinue = "expect-continue"
    case bigStreams = "big-streams"
    case fittingStreams = "fitting-streams"
    case clips
    case fittingClips = "fitting-clips"
    case artworkHistory = "artwork-history"
    case timelineWindows = "timeline-windows"
    case commandStorm = "command-storm"
    case mix

    /// What it does, for --help and the report.
    var summary: String {
        switch self {
        case .baseline: "no attack: the viewer and the /state poller alone"
        case .slowloris: "N connections from 127.0.0.2 and up, each dripping one header byte every 2 s"
        case .chunkedUpload: "PUT /player/artwork, chunked, 50 × 1 MiB, again and again"
        case .badLength: "POST /meter/release with Content-Length -1, 1e3, '3, 5', 2^64+1, and a 50,000-byte chunk-size line"
        case .hostSpoof: "GET /state and /frame.png?size=480 with Host: evil.example"
        case .expectContinue: "POST /meter/hold?bogus=1 and to /nowhere with Expect: 100-continue, the body held back until told to go on"
        case .bigStreams: "64 distinct streams of 4096 px at 60 fps (quality 1…64), each read"
        case .fittingStreams: "64 distinct streams of 1024 px at 30 fps (quality 1…64), each read"
        case .clips: "GET /clip.webp?size=4096&seconds=0.1&fps=10&lossless=true, three at once, up to 10 rounds a second"
        case .fittingClips: "GET /clip.webp?size=1024&seconds=1&fps=10&lossless=true, three at once, up to 10 rounds a second"
        case .artworkHistory: "8 different 64 KiB PNGs of 4096×4096 pixels as the artwork, then a 64×64 one"
        case .timelineWindows: "GET /timeline.svg, /timeline and /timeline/values at the ends of the declared window (±1e9 s), one after another"
        case .commandStorm: "five bursts of 3 s, four connections each sending commands to every control as fast as answered"
        case .mix: "the player playing; fitting-clips, four loops of /frame.png?size=2048&control=player, 16 streams of 1024 px and 4096 px artwork uploads, all at once"
        }
    }

    func make(drippers: Int, perAddress: Int, rate: Double) -> any Attack {
        switch self {
        case .baseline: Idle()
        case .slowloris: Slowloris(count: drippers, perAddress: perAddress)
        case .chunkedUpload: ChunkedUpload()
        case .badLength: RequestFlood(rate: rate, requests: RequestFlood.badLengths, expected: [400, 413])
        case .hostSpoof: RequestFlood(rate: rate, requests: RequestFlood.spoofedHosts, expected: [403])
        case .expectContinue: RequestFlood(rate: rate, requests: RequestFlood.waitingForContinue, expected: [400, 405])
        case .bigStreams: StreamFlood(count: 64, query: "size=4096&fps=60")
        case .fittingStreams: StreamFlood(count: 64, query: "size=1024&fps=30")
        case .clips: ClipFlood(concurrent: 3, query: "size=4096&seconds=0.1&fps=10&lossless=true")
        case .fittingClips: ClipFlood(concurrent: 3, query: "size=1024&seconds=1&fps=10&lossless=true")
        case .artworkHistory: ArtworkChurn(count: 8)
        case .timelineWindows: TimelineWindows()
        case .commandStorm: CommandStorm()
        case .mix: MixedLoad()
        }
    }
}

struct Idle: Attack {
    func run(_ target: AttackTarget) -> AttackOutcome {
        waitOut(target.deadline)
        return AttackOutcome(note: "—")
    }
}

/// One malformed request after another at `rate` per second, each on a new connection; each must
/// get one answer with an expected status and a JSON body.
struct RequestFlood: Attack {
    let rate: Double
    let requests: @Sendable (AttackTarget) -> [[UInt8]]
    let expected: Set<Int>

    static let badLengths: @Sendable (AttackTarget) -> [[UInt8]] = { target in
        let lengths = ["-1", "1e3", "3, 5", "18446744073709551617"].map {
            Array("POST /meter/release HTTP/1.1\r\nHost: \(target.authority)\r\nContent-Length: \($0)\r\n\r\n".utf8)
        }
        let chunkLine = Array("POST /meter/release HTTP/1.1\r\nHost: \(target.authority)\r\nTransfer-Encoding: chunked\r\n\r\n5;".utf8)
            + [UInt8](repeating: 0x78, count: 50_000)
        return lengths + [chunkLine]
    }

    static let spoofedHosts: @Sendable (AttackTarget) -> [[UInt8]] = { target in
        ["/state", "/frame.png?size=480"].map { Array("GET \($0) HTTP/1.1\r\nHost: evil.example:\(target.port)\r\nConnection: close\r\n\r\n".utf8) }
    }

    /// Heads that wait for `100 Continue` before their body: the refusal must come instead of it.
    static let waitingForContinue: @Sendable (AttackTarget) -> [[UInt8]] = { target in
        ["/meter/hold?seconds=2&bogus=1", "/nowhere"].map {
            Array("POST \($0) HTTP/1.1\r\nHost: \(target.authority)\r\nContent-Length: 9\r\nExpect: 100-continue\r\n\r\n".utf8)
        }
    }

    func run(_ target: AttackTarget) -> AttackOutcome {
        var outcome = AttackOutcome()
        let all = requests(target)
        var next = monotonicNow()
        while monotonicNow() < target.deadline {
            let bytes = all[outcome.attempts % all.count]
            outcome.attempts += 1
            let start = monotonicNow()
            let reply = Self.exchange(bytes, port: target.port)
            let text = String(decoding: reply, as: UTF8.self)
            let statusLines = text.components(separatedBy: "\r\n").filter { $0.hasPrefix("HTTP/1.") }
            let status = statusLines.first.flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") }
            if statusLines.count == 1, let status, expected.contains(status), text.contains("application/json") {
                outcome.refusalSeconds.append(monotonicNow() - start)
            } else {
                outcome.wrong.append("\(statusLines.count) status lines, first \(statusLines.first ?? "none")")
            }
            next += 1 / rate
            let wait = next - monotonicNow()
            if wait > 0 { usleep(UInt32(wait * 1e6)) }
        }
        return outcome
    }

    /// Everything the server sends until it closes (at most 10 s).
    static func exchange(_ bytes: [UInt8], port: Int) -> [UInt8] {
        guard let socket = try? BlockingSocket.connect(port: port, timeout: .seconds(10)) else { return [] }
        defer { socket.close() }
        try? socket.send(bytes)
        return (try? socket.readToEnd()) ?? []
    }
}

/// The timeline at the ends of its declared window (issue 30: `to=1e9` took 47 s and answered
/// 2.27 GB): each answer must be a 200, or a 400 for a window with more samples than one answer
/// may hold, of at most `maxBytes`; a longer one is cut off there.
struct TimelineWindows: Attack {
    static let paths = [
        "/timeline.svg?to=1000000000", "/timeline?from=-1000000000&to=1000000000",
        "/timeline/values?control=spinner&key=strokeEnd&from=-1000000000&to=1000000000",
    ]
    static let maxBytes = 1 << 20

    func run(_ target: AttackTarget) -> AttackOutcome {
        var outcome = AttackOutcome()
        var largest = 0
        while monotonicNow() < target.deadline {
            let path = Self.paths[outcome.attempts % Self.paths.count]
            outcome.attempts += 1
            let start = monotonicNow()
            guard let socket = outcome.connect(to: target) else { continue }
            defer { socket.close() }
            try? socket.send("GET \(path) HTTP/1.1\r\nHost: \(target.authority)\r\nConnection: close\r\n\r\n")
            var reply: [UInt8] = []
            while reply.count <= Self.maxBytes, let bytes = try? socket.receive(timeout: .seconds(60)) { reply += bytes }
            largest = max(largest, reply.count)
            let status = String(decoding: reply.prefix(12), as: UTF8.self)
            if ["HTTP/1.1 200", "HTTP/1.1 400"].contains(status), reply.count <= Self.maxBytes {
                outcome.refusalSeconds.append(monotonicNow() - start)
            } else {
                outcome.wrong.append("\(path): \(reply.count > Self.maxBytes ? "over \(Self.maxBytes) bytes" : "no 200 or 400")")
            }
        }
        outcome.note = "largest answer \(largest) bytes"
        return outcome
    }
}

/// 50 × 1 MiB chunked to the artwork route (8 MiB limit), again and again: the 413 must arrive
/// while the sender is still sending.
struct ChunkedUpload: Attack {
    func run(_ target: AttackTarget) -> AttackOutcome {
        var outcome = AttackOutcome()
        var sentMiB: [Int] = []
        var busy = 0
        let piece = Array("100000\r\n".utf8) + [UInt8](repeating: 0x41, count: 1 << 20) + Array("\r\n".utf8)
        while monotonicNow() < target.deadline {
            outcome.attempts += 1
            guard let socket = outcome.connect(to: target) else { continue }
            defer { socket.close() }
            let start = monotonicNow()
            try? socket.send("PUT /player/artwork HTTP/1.1\r\nHost: \(target.authority)\r\nContent-Type: image/png\r\nTransfer-Encoding: chunked\r\n\r\n")
            var sent = 0
            while sent < 50, (try? socket.waitForBytes(timeout: .zero)) != true {
                guard (try? socket.send(piece)) != nil else { break }
                sent += 1
            }
            let response = try? socket.readResponse()
            let isJSON = response?.header("Content-Type")?.contains("json") == true
            if response?.status == 413, isJSON {
                outcome.refusalSeconds.append(monotonicNow() - start)
                sentMiB.append(sent)
            } else if response?.status == 503, isJSON, let wait = response?.header("Retry-After").flatMap(Double.init) {
                // The previous upload still holds the one chunked slot: come back as told.
                busy += 1
                usleep(UInt32(min(wait, 5) * 1e6))
            } else {
                outcome.wrong.append("\(response.map { "HTTP \($0.status)" } ?? "no answer") after \(sent) MiB")
            }
        }
        if let most = sentMiB.max() { outcome.note = "at most \(most) of 50 MiB sent before the 413" }
        if busy > 0 { outcome.note += "; \(busy) × 503 Retry-After (one chunked upload at a time)" }
        return outcome
    }
}
