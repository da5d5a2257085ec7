import Animation
import Foundation
import LayercastTesting
@testable import PreviewServer
import Testing
import SeedControls

/// `/stream.mjpg` on the wire: framing, rate, encode-once, static scenes and newest-wins.
/// Streams run on the real clock (a moving scene); each read is 1–2.5 s.
@Suite(.ioTimeLimit) struct StreamTests {

    @Test func aTwoSecondReadYieldsWholeJPEGPartsAtTheRequestedRate() throws {
        try withTestServer(clock: MonotonicClock(startingAt: 0)) { s in
            let fps = 15
            let client = try StreamClient(port: s.port, target: "/stream.mjpg?control=spinner&size=96&fps=\(fps)")
            client.read(for: 2)
            client.close()

            // The answer of the established streamers: HTTP/1.0 style, no chunking, closed at the end.
            #expect(client.statusLine?.hasPrefix("HTTP/1.0 200") == true, "\(client.statusLine ?? "no status")")
            #expect(client.headers["transfer-encoding"] == nil)
            #expect(client.headers["content-length"] == nil)
            #expect(client.headers["connection"]?.lowercased() == "close")
            #expect(client.headers["content-type"] == "multipart/x-mixed-replace;boundary=frame")
            #expect(client.framingErrors.isEmpty, "\(client.framingErrors)")

            let parts = client.parts
            try #require(parts.count >= 10, "only \(parts.count) parts in 2 s")
            for part in parts {
                #expect(part.headers["content-type"] == "image/jpeg")
                #expect(part.timestamp != nil && part.sceneTime != nil)
                // Whole JPEGs: SOI … EOI, and they decode to the requested size.
                #expect(part.body.prefix(2) == [0xFF, 0xD8] && part.body.suffix(2) == [0xFF, 0xD9])
            }
            // X-Timestamp as mjpg-streamer sends it: Unix seconds with microseconds.
            #expect(parts.allSatisfy { ($0.headers["x-timestamp"] ?? "").wholeMatch(of: /[0-9]{10,}\.[0-9]{6}/) != nil })
            // A part shows the spinner where the closed form puts it at the part's own scene time.
            let middle = parts[parts.count / 2]
            let decoded = try RGBAImage.jpeg(middle.body)
            #expect(decoded.width == 96 && decoded.height == 96)
            let problems = SpinnerGeometry.mismatches(in: decoded, at: try #require(middle.sceneTime), margin: 0.03, samples: 60)
            #expect(problems.isEmpty, "\(problems.prefix(3))")

            // Scene times go forward, one per tick.
            let times = parts.compactMap(\.sceneTime)
            #expect(zip(times, times.dropFirst()).allSatisfy { $0 < $1 })
            // The rate, from the scene times the ticks stamped: the median interval is 1/fps ±10 %.
            // Under heavy CPU load (TSan, parallel suites) the timer may merge a late tick into the next,
            // which lowers the mean but not the cadence, so the mean only has to reach half the rate.
            let intervals = zip(times, times.dropFirst()).map { $1 - $0 }.sorted()
            let median = intervals[intervals.count / 2]
            #expect(abs(1 / median - Double(fps)) <= 0.1 * Double(fps), "median interval \(median) s for fps=\(fps)")
            #expect(parts.count >= fps, "\(parts.count) parts in 2 s at fps=\(fps)")
            // Wall-clock stamps go with them.
            let stamps = parts.compactMap(\.timestamp)
            #expect(stamps.count == parts.count && zip(stamps, stamps.dropFirst()).allSatisfy { $0 <= $1 })
        }
    }

    @Test func twentyViewersOfOneFeedShareOneRenderPerTick() throws {
        try withTestServer(clock: MonotonicClock(startingAt: 0)) { s in
            let target = "/stream.mjpg?control=spinner&size=64&fps=10"
            let started = ContinuousClock.now
            let viewers = try (0..<20).map { _ in try StreamClient(port: s.port, target: target) }
            StreamClient.readAll(viewers, for: 1.5)
            let renders = s.counters.renders
            let ticks = Int((ContinuousClock.now - started) / .milliseconds(100))
            let feeds = s.server.services.hub.watchedFeeds
            for v in viewers { v.close() }

            let received = viewers.map(\.parts.count)
            let most = try #require(received.max())
            #expect(viewers.allSatisfy { $0.framingErrors.isEmpty })
            #expect(received.allSatisfy { $0 >= 5 }, "\(received)")
            // One feed, and at most one render per 10 fps tick (plus one in flight at each end), not
            // one per viewer. Bounded by the ticks, not by what the busiest viewer read: on a loaded
            // machine every viewer may skip a frame, which is the newest-frame rule working.
            #expect(feeds == 1)
            #expect(renders <= ticks + 2, "\(renders) renders in \(ticks) ticks (\(most) parts for the busiest viewer)")
            #expect(received.reduce(0, +) >= 10 * renders, "\(received) for \(renders) renders")

            // Every viewer got the very same bytes for the same tick.
            var bytesByTime: [Double: [UInt8]] = [:]
            var mismatches = 0
            for part in viewers.flatMap(\.parts) {
                guard let t = part.sceneTime else { continue }
                if let seen = bytesByTime[t] { if seen != part.body { mismatches += 1 } } else { bytesByTime[t] = part.body }
            }
            #expect(mismatches == 0)
        }
    }

    @Test func aStaticSceneIsRenderedOnceAndReSentAboutOnceASecond() throws {
        try withTestServer(clock: MonotonicClock(startingAt: 0)) { s in
            #expect(try s.post("/spinner/stop").status == 200)
            let client = try StreamClient(port: s.port, target: "/stream.mjpg?control=spinner&size=64&fps=10")
            client.read(for: 2.5)
            let counters = s.counters
            client.close()

            #expect(client.framingErrors.isEmpty)
            #expect(counters.renders == 1, "\(counters.renders) renders of a still scene")
            // The first frame, then a keep-alive re-send at about 1 s and 2 s.
            #expect((1...3).contains(counters.keepAliveResends), "\(counters.keepAliveResends) re-sends in 2.5 s")
            #expect((2...4).contains(client.parts.count), "\(client.parts.count) parts in 2.5 s")
            let first = try #require(client.parts.first)
            #expect(client.parts.allSatisfy { $0.body == first.body && $0.sceneTime == first.sceneTime })
        }
    }

    @Test func aReaderThatStopsReadingSkipsToTheNewestFrame() throws {
        try withTestServer(clock: MonotonicClock(startingAt: 0)) { s in
            let fps = 20
            // Big parts and a small receive queue, so the kernel cannot hide a backlog of frames.
            let client = try StreamClient(port: s.port, target: "/stream.mjpg?control=spinner&size=640&quality=100&background=checkerboard&fps=\(fps)",
                                         receiveBuffer: 4096)
            client.read(parts: 2)
            try #require(client.parts.count >= 2)
            let before = client.parts.count
            // The reader stops reading until the feed has rendered 20 more frames (1 s at 20 fps):
            // the event itself, not a pause. (Skips are counted once it reads again.)
            let rendered = s.counters.renders
            #expect(eventually(timeout: .seconds(30)) { s.counters.renders >= rendered + 20 },
                    "\(s.counters.renders - rendered) frames rendered")
            client.read(parts: before + 10)
            let clock = try decode(StateReply.Clock.self, from: s.get("/clock"))
            client.close()

            #expect(client.framingErrors.isEmpty)
            let times = client.parts.compactMap(\.sceneTime)
            let gaps = zip(times, times.dropFirst()).map { $1 - $0 }
            // 20 frames went by unread: a reader that queued them would see no gap larger than a few
            // ticks; newest-wins jumps over most of them (the kernel's buffers hold a part or two).
            let biggest = gaps.max() ?? 0
            #expect(biggest >= 0.5, "largest gap \(biggest) s over \(times.count) parts")
            #expect(client.parts.count - before >= 10, "\(client.parts.count - before) parts after reading resumed")
            #expect(s.counters.skippedByClass.values.reduce(0, +) > 0, "\(s.counters.skippedByClass)")
            // What arrives last is recent, not a frame from the pause.
            let latest = try #require(times.last)
            #expect(clock.sceneTime - latest < 0.5, "latest part shows \(latest), clock at \(clock.sceneTime)")
        }
    }
}
