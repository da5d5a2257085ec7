import Animation
import Controls
import Foundation
import HTTPClient
import LayercastTesting
@testable import PreviewServer
import Testing
import SeedControls

/// Frames and clips at a scene time (`at=`): the kept history shows exactly what was live, and
/// neither the clock nor the live scene moves (docs/design/engine.md §Timeline).
@Suite struct AtFrameTests {

    static let query = "control=play-button&size=64"

    @Test func framesInTheHistoryEqualTheLiveOnesAndLeaveTheClockAlone() throws {
        try withTestServer(.router) { s in
            var live: [(Double, [UInt8])] = []
            func capture(_ t: Double) throws {
                s.at(t)
                live.append((t, try s.frame(Self.query).response.body))
            }
            try capture(0.5)
            s.at(1)
            _ = try s.post("/play-button/mode?mode=pause")
            for t in [1.05, 1.25, 1.3] { try capture(t) }
            s.at(1.3)
            _ = try s.post("/play-button/mode?mode=stop")
            for t in [1.45, 1.7, 2.5] { try capture(t) }

            s.at(4)
            #expect(try s.post("/clock?paused=true").status == 200)
            let revision = try jsonObject(s.get("/clock"))["revision"] as? Int
            for (t, bytes) in live {
                let (response, _) = try s.frame(Self.query + "&at=\(t)")
                #expect(response.sceneTime == t, "at=\(t)")
                #expect(response.body == bytes, "at=\(t): differs from the frame rendered live then")
            }
            // Not one of them moved the clock or counted as a command.
            #expect(try s.sceneTime() == 4)
            #expect(try s.state().clock.paused)
            #expect(try jsonObject(s.get("/clock"))["revision"] as? Int == revision)
            // The future with no further command: what the live scene shows when it gets there.
            let ahead = try s.frame(Self.query + "&at=4.5").response.body
            s.at(4.5)
            #expect(try s.frame(Self.query).response.body == ahead)
        }
    }

    /// A clip from a past time shows the commands that came during it, each from its own time: every
    /// frame equals the `at=` frame of its time (lossless WebP on white, so equal means every byte).
    @Test func aClipFromThePastShowsTheCommandsThatCameDuringIt() throws {
        try withTestServer(.router) { s in
            s.at(1)
            _ = try s.post("/play-button/mode?mode=pause")
            s.at(1.3)
            _ = try s.post("/play-button/mode?mode=stop")
            s.at(1.55)
            _ = try s.post("/play-button/mode?mode=play")
            s.at(4)
            let clip = try s.get("/clip.webp?\(Self.query)&at=0.9&seconds=1&fps=10&lossless=true")
            #expect(clip.status == 200 && clip.header("X-Scene-Time") == "0.900000")
            let decoded = try ClipDecoder.decodeWebP(clip.body)
            #expect(decoded.totalDuration == 1000)
            // libwebp merges a frame equal to the one before into it, so each shown frame is placed
            // by the durations before it.
            var shown = 0
            for frame in decoded.frames {
                let t = 0.9 + Double(shown) / 1000
                let still = try RGBAImage.png(s.frame(Self.query + "&at=\(t)").response.body)
                let differing = zip(frame.rgba, still.bytes).filter { $0 != $1 }.count
                #expect(frame.rgba.count == still.bytes.count && differing == 0,
                        "the frame at \(t) s differs from the frame live then in \(differing) bytes")
                shown += frame.duration
            }
            #expect(decoded.frames.count >= 6, "the pause, the stop and the play each show")
        }
    }

    @Test func timesOutsideTheHistoryAreRefusedNamingTheSpan() throws {
        try withTestServer(.router, configure: { $0.settings.historySpan = 5 }) { s in
            s.at(20)
            _ = try s.post("/play-button/mode?mode=pause")
            expectRefusal(try s.get("/frame.png?at=14.9"), parameter: "at", allowing: "--history-span", "/frame.png?at=14.9")
            expectRefusal(try s.get("/frame.png?at=25.1"), parameter: "at", allowing: "the last 5 s", "/frame.png?at=25.1")
            expectRefusal(try s.get("/clip.gif?at=14&seconds=0.1"), parameter: "at", allowing: "--history-span", "/clip.gif?at=14&seconds=0.1")
            expectRefusal(try s.get("/frame.png?at=20&ahead=1"), parameter: "at", allowing: "not both", "/frame.png?at=20&ahead=1")
            #expect(try s.frame("control=play-button&size=32&at=15.5").response.sceneTime == 15.5)
            let clip = try s.get("/clip.gif?control=play-button&size=32&at=19.9&seconds=0.2&fps=10")
            #expect(clip.status == 200 && clip.header("X-Scene-Time") == "19.900000")
        }
    }

    /// 1500 commands in 30 s keep a bounded history: the copies are capped, commands
    /// and records older than the span are dropped, and each layer keeps its newest records only.
    @Test func theHistoryStaysBoundedUnderACommandStorm() throws {
        try withTestServer(.router, configure: { $0.settings.historySpan = 5 }) { s in
            for i in 0..<1500 {
                s.at(Double(i) * 0.02)
                _ = try s.post("/play-button/highlighted?value=\(i % 2 == 0)")
            }
            let now = 29.98
            let t = try TimelineTests.timeline(s, "from=0&to=\(now)")
            // 1024 copies at 0.02 s cover 20.48 s, more than the span: the span bounds.
            #expect(abs(t.keptFrom - (now - 5)) < 1e-9, "\(t.keptFrom)")
            #expect(t.commands.count <= 251 && t.commands.allSatisfy { $0.sceneTime >= t.keptFrom })
            let highlights = t.animations.filter { $0.keyPaths == [LayerProperty.scale.rawValue] }
            // The scale layer keeps its newest records only, whatever the span holds.
            // (The span alone would keep 250 of them.)
            #expect(highlights.count <= AnimationRecord.maxPerLayer && highlights.count > AnimationRecord.maxPerLayer / 2,
                    "\(highlights.count)")
            #expect(highlights.allSatisfy { ($0.end ?? .infinity) >= t.keptFrom })
            #expect(try s.get("/frame.png?size=16&at=\(now - 4.99)").status == 200)
            #expect(try s.get("/frame.png?size=16&at=\(now - 5.01)").status == 400)
        }
    }
}
