import ArgumentParser
import FrameCheck
import Foundation
import HTTPClient
import Rendering

/// `live-video`: issue 33's figures for `GET /stream.mp4`, at the client, on one server:
/// - a joining viewer's first fragment (a key frame, decodable at once) on a fresh scene;
/// - a command's first fragment showing it: the first whose scene time (its `emsg`) is at or after
///   the command's, counted from the request being sent (the decoder's and a player's own queue
///   come on top: Chromium's Media Source keeps about 0.1 s, docs/performance.md);
/// - bytes per second of MP4 against MJPEG at quality 80, all four controls animating;
/// - SSIM (luma, 8×8 windows) and PSNR (RGB) of decoded frames against the PNG frames of their
///   scene times (`frame.png?at=`), the same scene.
/// Server CPU per transport and viewer count is `stream --transport`'s.
struct LiveVideoBench: ServerBench {
    static let configuration = CommandConfiguration(
        commandName: "live-video",
        abstract: "Join time, command latency, bytes against MJPEG and SSIM/PSNR against PNG frames of the live MP4 stream.")

    @OptionGroup var server: ServerOptions

    @Option(help: "Frame width and height (control=all), in points at scale 1.")
    var size = 480

    @Option(help: "Seconds of each stream read for bytes and quality.")
    var seconds: Double = 5

    @Option(help: "Viewers that join one after another (join time).")
    var joins = 20

    @Option(help: "Commands sent one after another (command latency).")
    var commands = 30

    @Option(help: "Decoded frames compared with their PNG frames.")
    var samples = 12

    func validate() throws {
        guard (64...1024).contains(size) else { throw ValidationError("--size must be 64–1024") }
        guard seconds > 0 && seconds <= 60 else { throw ValidationError("--seconds must be 0–60") }
        guard (1...500).contains(joins), (1...500).contains(commands), (1...100).contains(samples) else {
            throw ValidationError("--joins and --commands 1–500, --samples 1–100")
        }
    }

    var query: String { "control=all&size=\(size)&background=light" }

    func report(on sut: ServerUnderTest) throws {
        print("server: \(sut.baseURL)  stream: /stream.mp4?\(query)&fps=30")

        // A fresh scene: only the spinner moves.
        // A viewer alone starts its feed (its encoder, a first render, a key frame); one that joins a
        // running feed gets the kept fragments from its last key frame.
        let cold = Distribution(try (0..<joins).map { _ in try firstFragment(sut) })
        let anchor = try StreamReader(port: sut.port, path: "/stream.mp4?\(query)&fps=30")
        let warm = Distribution(try (0..<joins).map { _ in
            anchor.drain()
            return try firstFragment(sut)
        })
        anchor.close()
        let latency = Distribution(try commandLatencies(sut))
        let row = { (name: String, d: Distribution) in [name, "\(d.count)"] + [d.median, d.p99, d.max].map { ms($0) } }
        printTable(["fresh scene", "n", "p50 ms", "p99 ms", "max ms"], [
            row("join, a new feed → first fragment (a key frame)", cold),
            row("join a running feed → first fragment (a key frame)", warm),
            row("command → first fragment of a later scene time", latency),
        ])

        // All four animating: the meter recording, the play button buffering, the player playing.
        for (path, body) in [("/meter/press", ""), ("/play-button/mode", "mode=buffering"), ("/player/play", "")] {
            let r = try HTTPProbe.request("POST", url: sut.baseURL + path + (body.isEmpty ? "" : "?" + body))
            guard r.status == 200 else { throw BenchError("POST \(path): HTTP \(r.status) \(r.text)") }
        }
        let mjpeg = try read(sut, "/stream.mjpg?\(query)&quality=80&fps=30")
        let video = try read(sut, "/stream.mp4?\(query)&fps=30")
        print("\nall four animating, \(fmt(seconds, 1)) s each (bytes: the response bodies as received):")
        printTable(["stream", "bytes", "KB/s", "parts"], [
            ["MJPEG q80", "\(mjpeg.received)", fmt(Double(mjpeg.received) / seconds / 1000, 1), "\(mjpeg.parts.count)"],
            ["MP4", "\(video.received)", fmt(Double(video.received) / seconds / 1000, 1), "\(video.parts.count)"],
        ])
        print("MP4 / MJPEG: 1/\(fmt(Double(mjpeg.received) / Double(max(video.received, 1)), 1))")
        try quality(sut, video)
    }

    /// Connect to the first complete fragment, on a new connection.
    func firstFragment(_ sut: ServerUnderTest) throws -> Double {
        let start = monotonicNow()
        let reader = try StreamReader(port: sut.port, path: "/stream.mp4?\(query)&fps=30")
        defer { reader.close() }
        guard try reader.next(within: 5) != nil else { throw BenchError("no fragment within 5 s of joining") }
        return monotonicNow() - start
    }

    /// The play button's mode toggled `commands` times, one viewer open: from sending each command
    /// to the first fragment stamped at or after the scene time its answer gives.
    func commandLatencies(_ sut: ServerUnderTest) throws -> [Double] {
        let reader = try StreamReader(port: sut.port, path: "/stream.mp4?\(query)&fps=30")
        defer { reader.close() }
        _ = try reader.next(within: 5)
        var latencies: [Double] = []
        for i in 0..<commands {
            usleep(150_000)
            reader.drain()
            let sent = monotonicNow()
            let r = try HTTPProbe.request("POST", url: sut.baseURL + "/play-button/mode?mode=" + (i % 2 == 0 ? "pause" : "play"))
            guard r.status == 200, let at = sceneTime(r.text) else { throw BenchError("the mode: HTTP \(r.status) \(r.text)") }
            while let (part, arrival) = try reader.next(within: 2) {
                if let t = part.sceneTime, t >= at {
                    latencies.append(arrival - sent)
                    break
                }
            }
        }
        return latencies
    }

    func sceneTime(_ json: String) -> Double? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] else { return nil }
        return (object["sceneTime"] as? NSNumber)?.doubleValue
    }

    /// `seconds` of a stream: its parts with their bytes (a video's add up to the whole body), and
    /// the bytes received.
    func read(_ sut: ServerUnderTest, _ path: String) throws -> (parts: [MJPEGPart], received: Int) {
        let reader = try StreamReader(port: sut.port, path: path, keepsBodies: true)
        defer { reader.close() }
        let end = monotonicNow() + seconds
        var parts: [MJPEGPart] = []
        while monotonicNow() < end, let (part, _) = try reader.next(within: end - monotonicNow()) { parts.append(part) }
        return (parts, reader.received)
    }

    /// Decodes the MP4 with ffmpeg and compares `samples` frames, spread over it, with the PNG
    /// frames of their scene times.
    func quality(_ sut: ServerUnderTest, _ video: (parts: [MJPEGPart], received: Int)) throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("layercast-live-\(getpid()).mp4")
        try Data(video.parts.flatMap(\.body)).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let times = video.parts.map(\.sceneTime)
        let pixels = try decodeRGB(file.path)
        let frameBytes = size * size * 3
        guard pixels.count / frameBytes >= times.count, times.count > 1 else {
            throw BenchError("ffmpeg gave \(pixels.count / frameBytes) frames of \(size)×\(size) for \(times.count) fragments")
        }
        var ssims: [Double] = [], psnrs: [Double] = []
        for k in 0..<samples {
            let i = 1 + k * (times.count - 2) / max(samples - 1, 1)
            guard let t = times[i] else { continue }
            let r = try HTTPProbe.get(sut.baseURL + "/frame.png?\(query)&at=\(t)", timeout: .seconds(30))
            guard r.status == 200 else { throw BenchError("frame.png at \(t): HTTP \(r.status) \(r.text)") }
            let png = try PNGDecoder.decode(r.body)
            let decoded = Array(pixels[(i * frameBytes)..<((i + 1) * frameBytes)])
            let reference = png.pixels.flatMap { [UInt8(truncatingIfNeeded: $0 >> 16), UInt8(truncatingIfNeeded: $0 >> 8), UInt8(truncatingIfNeeded: $0)] }
            ssims.append(Self.ssim(decoded, reference, width: size, height: size))
            psnrs.append(Self.psnr(decoded, reference))
        }
        let s = Distribution(ssims), p = Distribution(psnrs)
        print("\nquality of \(ssims.count) decoded frames against frame.png?at= their scene times:")
        printTable(["measure", "min", "median", "mean"], [
            ["SSIM (luma)", fmt(s.min, 4), fmt(s.median, 4), fmt(s.mean, 4)],
            ["PSNR (RGB, dB)", fmt(p.min, 1), fmt(p.median, 1), fmt(p.mean, 1)],
        ])
    }

    func decodeRGB(_ path: String) throws -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/ffmpeg")
        process.arguments = ["-v", "error", "-nostdin", "-i", path, "-f", "rawvideo", "-pix_fmt", "rgb24", "-"]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw BenchError("ffmpeg exited \(process.terminationStatus)") }
        return [UInt8](data)
    }

    /// Mean SSIM of the luma (BT.601) over 8×8 windows, 4 apart (Wang et al. 2004, its constants).
    static func ssim(_ a: [UInt8], _ b: [UInt8], width: Int, height: Int) -> Double {
        func luma(_ p: [UInt8], _ i: Int) -> Double { 0.299 * Double(p[3 * i]) + 0.587 * Double(p[3 * i + 1]) + 0.114 * Double(p[3 * i + 2]) }
        let c1: Double = (0.01 * 255) * (0.01 * 255), c2: Double = (0.03 * 255) * (0.03 * 255)
        var total = 0.0, windows = 0
        for y0 in stride(from: 0, through: height - 8, by: 4) {
            for x0 in stride(from: 0, through: width - 8, by: 4) {
                var (sa, sb, saa, sbb, sab) = (0.0, 0.0, 0.0, 0.0, 0.0)
                for y in y0..<y0 + 8 {
                    for x in x0..<x0 + 8 {
                        let (u, v) = (luma(a, y * width + x), luma(b, y * width + x))
                        sa += u; sb += v; saa += u * u; sbb += v * v; sab += u * v
                    }
                }
                let (ma, mb) = (sa / 64, sb / 64)
                let (va, vb, cov) = (saa / 64 - ma * ma, sbb / 64 - mb * mb, sab / 64 - ma * mb)
                total += (2 * ma * mb + c1) * (2 * cov + c2) / ((ma * ma + mb * mb + c1) * (va + vb + c2))
                windows += 1
            }
        }
        return total / Double(max(windows, 1))
    }

    static func psnr(_ a: [UInt8], _ b: [UInt8]) -> Double {
        let mse = zip(a, b).reduce(0.0) { sum, pair in
            let d = Double(pair.0) - Double(pair.1)
            return sum + d * d
        } / Double(a.count)
        return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
    }
}

/// One streaming response on a blocking socket, parsed into parts (MJPEG's, or the video's
/// fragments) with their arrival times.
final class StreamReader {
    private let socket: BlockingSocket
    private var parser: MJPEGParser
    private var queue: [(MJPEGPart, Double)] = []
    /// Bytes received, the response head included.
    private(set) var received = 0

    init(port: Int, path: String, keepsBodies: Bool = false) throws {
        socket = try BlockingSocket.connect(port: port)
        parser = MJPEGParser(keepsBodies: keepsBodies)
        try socket.send("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: layercast-bench\r\n\r\n")
    }

    func close() { socket.close() }

    /// The next part, waiting at most `seconds` for it; nil when none came.
    func next(within seconds: Double) throws -> (MJPEGPart, Double)? {
        let end = monotonicNow() + seconds
        while queue.isEmpty {
            let left = end - monotonicNow()
            guard left > 0, let bytes = try? socket.receive(timeout: .milliseconds(Int(left * 1000) + 1)) else { return nil }
            let now = monotonicNow()
            received += bytes.count
            for event in parser.feed(bytes) {
                switch event {
                case .part(let part): queue.append((part, now))
                case .response(let head) where head.status != 200: throw BenchError("HTTP \(head.status ?? 0): \(head.statusLine)")
                case .framingError(let why): throw BenchError(why)
                default: break
                }
            }
        }
        return queue.removeFirst()
    }

    /// Drops the parts that have arrived, so the next is one made from now on.
    func drain() {
        while (try? socket.waitForBytes(timeout: .milliseconds(1))) == true, (try? next(within: 0.001)) != nil {}
        queue = []
    }
}
