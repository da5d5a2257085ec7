import Animation
import Foundation
import HTTPClient
import LayercastTesting
@testable import PreviewServer
import Rendering
import SeedControls
import Testing

/// `/stream.mp4` on the wire, read by ffprobe: H.264 in fragmented MP4, no B-frames, a key frame
/// every two seconds, and a viewer that joins later starting at a key frame with its own timeline
/// from 0. Streams run on the real clock (the spinner always moves).
@Suite(.ioTimeLimit) struct VideoStreamTests {

    /// A viewer: its connection, the head, and the body bytes read so far.
    final class Viewer {
        let socket: BlockingSocket
        let head: String
        var body: [UInt8] = []

        init(port: Int, _ target: String) throws {
            socket = try BlockingSocket.connect(port: port)
            try socket.send("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            head = String(decoding: try socket.read(until: Array("\r\n\r\n".utf8)), as: UTF8.self)
        }

        /// Reads until `count` fragments have arrived (or `timeout` passed): what a test needs has
        /// happened, however long a loaded machine took.
        func read(fragments count: Int, timeout: Duration = .seconds(60)) throws {
            let deadline = ContinuousClock.now + timeout
            while VideoStreamTests.fragments(body).sizes.count < count, ContinuousClock.now < deadline,
                  let bytes = try VideoStreamTests.receive(socket) {
                body += bytes
            }
        }
    }

    /// What has arrived within a second: nothing when nothing did (a loaded machine's pause, which
    /// the caller's deadline bounds), nil at the end of the stream.
    static func receive(_ socket: BlockingSocket) throws -> [UInt8]? {
        do {
            return try socket.receive(timeout: .seconds(1))
        } catch HTTPProbeError.timedOut {
            return []
        }
    }

    @Test func ffprobeReadsTheStreamAndALaterViewerStartsAtAKeyFrame() throws {
        try withTestServer(clock: MonotonicClock(startingAt: 0)) { s in
            let target = "/stream.mp4?control=spinner&size=96&fps=10"
            let first = try Viewer(port: s.port, target)
            defer { first.socket.close() }
            try first.read(fragments: 22)
            #expect(first.head.hasPrefix("HTTP/1.0 200"), "\(first.head)")
            #expect(first.head.lowercased().contains("content-type: video/mp4"), "\(first.head)")
            let (stream, _) = try FFmpegTools.probe(first.body, suffix: "mp4")
            #expect(stream["codec_name"] as? String == "h264" && stream["width"] as? Int == 96)
            #expect(stream["has_b_frames"] as? Int == 0)
            #expect(stream["r_frame_rate"] as? String == "10/1")
            let keys = try FFmpegTools.keyFrames(first.body, suffix: "mp4")
            try #require(keys.count >= 21, "only \(keys.count) frames")
            #expect(Array(keys.enumerated().filter(\.element).map(\.offset).prefix(2)) == [0, 20], "a key frame every 2 s")

            // A viewer that joins the running feed starts at its newest key frame, its timeline at 0.
            let later = try Viewer(port: s.port, target)
            defer { later.socket.close() }
            try later.read(fragments: 3)
            #expect(try FFmpegTools.keyFrames(later.body, suffix: "mp4").first == true)
            let pts = try FFmpegTools.framePTS(later.body, suffix: "mp4")
            #expect(pts.first == 0 && zip(pts, pts.dropFirst()).allSatisfy { $1 - $0 == LiveVideoEncoder.ticksPerFrame },
                    "\(pts)")
        }
    }

    /// Each fragment's scene time, from the `emsg` box before it, and its bytes (emsg, moof and mdat).
    static func fragments(_ body: [UInt8]) -> (times: [String], sizes: [Int]) {
        var times: [String] = [], sizes: [Int] = [], at = 0, start = 0
        while at + 8 <= body.count {
            let size = body[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
            guard size >= 8, at + size <= body.count else { break }
            if String(decoding: body[at + 4..<at + 8], as: UTF8.self) == "emsg" {
                start = at
                let box = Array(body[at + 12..<at + size])
                // scheme\0 value\0, then timescale, delta, duration and id, then the text.
                if let end = box.firstIndex(of: 0), let value = box[(end + 1)...].firstIndex(of: 0) {
                    times.append(String(decoding: box[(value + 17)...], as: UTF8.self))
                }
            }
            if String(decoding: body[at + 4..<at + 8], as: UTF8.self) == "mdat" { sizes.append(at + size - start) }
            at += size
        }
        return (times, sizes)
    }

    /// A still scene (the test clock does not move): the picture first at the live quality, then
    /// again finer, then a frame a second, smaller, to keep the connection; each fragment says its
    /// scene time.
    /// The last decoded frame is the PNG frame of that time within yuv420p's rounding.
    @Test func aStillSceneIsSentAgainFinerAndKeptAliveEachFragmentWithItsSceneTime() throws {
        try withTestServer { s in
            let frame = "control=play-button&size=120&background=dark"
            let viewer = try Viewer(port: s.port, "/stream.mp4?\(frame)&fps=10")
            defer { viewer.socket.close() }
            try viewer.read(fragments: 3)
            let (times, sizes) = Self.fragments(viewer.body)
            try #require(times.count >= 3 && sizes.count == times.count, "the picture, finer, then one a second: \(times)")
            #expect(Set(times) == ["0.000000"], "\(times)")
            #expect(sizes[2...].allSatisfy { $0 < sizes[1] }, "a refinement, then what is left of it: \(sizes) bytes")
            let keys = try FFmpegTools.keyFrames(viewer.body, suffix: "mp4")
            #expect(keys.count == times.count && keys.first == true && !keys.dropFirst().contains(true), "\(keys)")

            let png = try PNGDecoder.decode(try s.get("/frame.png?\(frame)").body)
            func difference(_ index: Int) throws -> Double {
                let rgb = try FFmpegTools.decodeRGB(viewer.body, suffix: "mp4", frame: index)
                var sum = 0
                for (i, word) in png.pixels.enumerated() {
                    sum += abs(Int((word >> 16) & 255) - Int(rgb[3 * i])) + abs(Int((word >> 8) & 255) - Int(rgb[3 * i + 1]))
                        + abs(Int(word & 255) - Int(rgb[3 * i + 2]))
                }
                return Double(sum) / Double(png.pixels.count * 3)
            }
            let (first, last) = (try difference(0), try difference(times.count - 1))
            #expect(last < first * 0.6 && last < 1, "mean difference \(first) at the live quality, \(last) once refined")
        }
    }

    /// A viewer that stops reading (a 4 KiB window) makes the feed keep no more than it keeps anyway,
    /// the fragments from its newest key frame: never more bytes than one key interval the fast
    /// viewer received. The fast viewer of the same feed meanwhile gets every frame, at the rate the
    /// stream runs (the spinner moves on every tick). Reading again, the slow one skips to a key frame
    /// and its timeline has no gap.
    @Test func aStalledViewerCostsAKeyIntervalAtMostWhileAFastOneGetsEveryFrame() throws {
        // The stall lasts 70 frames, however long a loaded machine takes for them: past the 10 s
        // idle cut, which is another test's subject, on a busy one.
        try withTestServer(clock: MonotonicClock(startingAt: 0), configure: { $0.connectionTimeout = 300 }) { s in
            for command in ["/meter/press", "/play-button/mode?mode=buffering", "/player/play"] {
                #expect(try s.post(command).status == 200, "\(command)")
            }
            let target = "/stream.mp4?control=all&size=240&scale=2&fps=30"
            let slow = try BlockingSocket.connect(port: s.port, receiveBuffer: 4096)
            defer { slow.close() }
            try slow.send("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            let fast = try Viewer(port: s.port, target)
            defer { fast.socket.close() }
            // The fast viewer reads 70 frames, more than a key interval (60 at 30 fps), while the slow
            // one reads nothing: counted, so a loaded machine takes longer rather than failing.
            var keptMost = 0
            let deadline = ContinuousClock.now + .seconds(60)
            while Self.fragments(fast.body).sizes.count < 70, ContinuousClock.now < deadline {
                if let bytes = try Self.receive(fast.socket) { fast.body += bytes }
                keptMost = max(keptMost, s.server.services.hub.keptVideoBytes)
            }
            let (_, sizes) = Self.fragments(fast.body)
            let keys = try FFmpegTools.keyFrames(fast.body, suffix: "mp4")
            let pts = try FFmpegTools.framePTS(fast.body, suffix: "mp4")
            #expect(pts == (0..<pts.count).map { $0 * LiveVideoEncoder.ticksPerFrame }, "every frame, none skipped")
            #expect(pts.count >= 70, "\(pts.count) frames")
            var intervals: [Int] = [], current = 0
            for (size, key) in zip(sizes, keys) {
                if key, current > 0 { intervals.append(current); current = 0 }
                current += size
            }
            intervals.append(current)
            #expect(keptMost > 0 && keptMost <= intervals.max() ?? 0,
                    "the feed kept \(keptMost) bytes at most; a key interval is \(intervals) bytes")

            // Reading again until the feed has skipped the slow viewer to a key frame and three more
            // fragments have come after that.
            let hub = s.server.services.hub
            func skippedSoFar() -> Int { hub.counters.snapshot.skippedByClass.values.reduce(0, +) }
            let skippedBefore = skippedSoFar()
            var behind: [UInt8] = []
            var body: [UInt8] { behind.firstRange(of: Array("\r\n\r\n".utf8)).map { Array(behind[$0.upperBound...]) } ?? [] }
            var fragmentsAtSkip: Int?
            let resumed = ContinuousClock.now + .seconds(60)
            while ContinuousClock.now < resumed, let bytes = try Self.receive(slow) {
                behind += bytes
                let count = Self.fragments(body).sizes.count
                if fragmentsAtSkip == nil && skippedSoFar() > skippedBefore { fragmentsAtSkip = count }
                if let at = fragmentsAtSkip, count >= at + 3 { break }
            }
            #expect(fragmentsAtSkip != nil, "the slow viewer skipped to a key frame")
            let slowPTS = try FFmpegTools.framePTS(body, suffix: "mp4")
            #expect(slowPTS == (0..<slowPTS.count).map { $0 * LiveVideoEncoder.ticksPerFrame }, "a timeline without a gap")
        }
    }
}
