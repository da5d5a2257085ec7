import APIModel
import Animation
import Controls
import Foundation
import LayercastTesting
@testable import PreviewServer
import Rendering
import Scenes
import Testing
import SeedControls

/// `/clip.webp` and `/clip.gif` over HTTP, decoded with libwebp's and giflib's own decoders.
@Suite(.ioTimeLimit) struct StudioClipTests {

    /// Lossless frames are exactly the `ahead` frames: the clip renders the same copies.
    @Test func webPClipFramesAreTheFramesAheadPixelForPixel() throws {
        let clock = ManualClock(startingAt: 5)
        try withTestServer(clock: clock) { s in
            let r = try s.get("/clip.webp?control=spinner&seconds=1&fps=10&size=96&lossless=true")
            #expect(r.status == 200, "\(r.text.prefix(200))")
            #expect(r.header("Content-Type") == "image/webp")
            #expect(r.header("Content-Length") == String(r.body.count))
            #expect(r.header("Content-Disposition") == "attachment; filename=\"layercast-spinner-1s-10fps.webp\"")
            #expect(r.sceneTime == 5)
            #expect(r.header("X-Clip-Frames") == "10")

            let clip = try ClipDecoder.decodeWebP(r.body)
            #expect(clip.width == 96 && clip.height == 96 && clip.loopCount == 0)
            #expect(clip.frames.count == 10)
            #expect(clip.frames.map(\.duration) == Array(repeating: 100, count: 10))
            for i in 0..<10 {
                let still = try s.frame("control=spinner&size=96&ahead=\(Double(i) / 10)")
                #expect(clip.frames[i].rgba == RGBAImage(still.image).bytes, "frame \(i)")
            }
        }
    }

    @Test func lossyWebPAtThirtyFramesPerSecondKeepsItsTiming() throws {
        try withTestServer(.router, clock: ManualClock()) { s in
            let r = try s.get("/clip.webp?control=spinner&seconds=0.5&fps=30&size=64")
            let clip = try ClipDecoder.decodeWebP(r.body)
            #expect(clip.frames.count == 15)
            #expect(clip.totalDuration == 500)
            #expect(Array(clip.frames.map(\.duration).prefix(3)) == [33, 34, 33])
            #expect(Set(clip.frames.map(\.rgba)).count == 15, "the spinner moves in every frame")
        }
    }

    /// The play → pause morph takes 0.6 s; after it the frames repeat and merge into one.
    @Test func gifClipShowsTheMorphThenRests() throws {
        let clock = ManualClock(startingAt: 2)
        try withTestServer(clock: clock) { s in
            _ = try s.post("/play-button/mode?mode=pause")
            let before = try jsonObject(s.get("/state"))
            let r = try s.get("/clip.gif?control=play-button&seconds=1&fps=20&size=96")
            #expect(r.status == 200)
            #expect(r.header("Content-Type") == "image/gif")
            #expect(r.header("Content-Length") == String(r.body.count))
            #expect(r.header("Content-Disposition")?.contains("layercast-play-button-1s-20fps.gif") == true)
            #expect(r.header("X-Clip-Frames") == "20")

            let clip = try ClipDecoder.decodeGIF(r.body)
            #expect(clip.loopCount == 0)
            #expect(clip.totalDuration == 100)
            #expect(clip.frames.count >= 12 && clip.frames.count < 20, "\(clip.frames.count) frames")
            #expect(clip.frames.last.map { $0.duration >= 40 } == true, "the resting frames merged")
            #expect(Set(clip.frames.map(\.rgba)).count == clip.frames.count, "every stored frame differs")
            // The first and last frames match the stills at their times, within quantisation.
            let first = try s.frame("control=play-button&size=96")
            let last = try s.frame("control=play-button&size=96&ahead=0.95")
            #expect(maxChannelDifference(clip.frames[0].rgba, RGBAImage(first.image).bytes) <= 12)
            #expect(maxChannelDifference(clip.frames[clip.frames.count - 1].rgba, RGBAImage(last.image).bytes) <= 12)

            // The clip rendered a copy: the live scene is still at the morph's start.
            let after = try jsonObject(s.get("/state"))
            let state = { (j: [String: Any]) in (j["playButton"] as? [String: Any])?["animationState"] as? String }
            #expect(state(after) == state(before) && state(after) == "playToBar.triangleToBar")
        }
    }

    /// A clip a player seeks in (Safari asks for `bytes=0-1` first), read from another origin.
    @Test func aClipAnswersAByteRangeThatAnotherOriginCanRead() throws {
        try withTestServer(.router, clock: ManualClock(startingAt: 1)) { s in
            let target = "/clip.mp4?control=spinner&seconds=0.2&fps=10&size=48&at=1"
            let whole = try s.get(target)
            #expect(whole.status == 200 && whole.header("Accept-Ranges") == "bytes")
            let first = try s.request("GET", target, headers: [("Range", "bytes=0-1"), ("Origin", "http://docs.example")])
            #expect(first.status == 206)
            #expect(first.header("Content-Range") == "bytes 0-1/\(whole.body.count)")
            #expect(first.body == Array(whole.body[0...1]))
            #expect(first.header("Access-Control-Allow-Origin") == "*")
            #expect(first.header("Access-Control-Expose-Headers")?.contains("Content-Range") == true)
        }
    }

    @Test func clipsStartAheadAndCarryVariants() throws {
        try withTestServer(.router, clock: ManualClock(startingAt: 1)) { s in
            let ahead = try s.get("/clip.gif?control=spinner&seconds=0.2&fps=10&size=48&ahead=2")
            #expect(ahead.sceneTime == 3)
            #expect(try ClipDecoder.decodeGIF(ahead.body).frames.count == 2)

            let r = try s.get("/clip.webp?control=meter&variants=modes&seconds=0.5&fps=10&size=48")
            #expect(r.status == 200, "\(r.text.prefix(200))")
            #expect(r.header("Content-Disposition")?.contains("layercast-meter-modes-0.5s-10fps.webp") == true)
            let clip = try ClipDecoder.decodeWebP(r.body)
            // Three 48-point cells over a 16-point caption band.
            #expect(clip.width == 144 && clip.height == 64)
            #expect(clip.frames.count == 5, "the recording cell keeps growing")
            #expect(clip.totalDuration == 500)
        }
    }

    @Test func theClipsBudgetIsCountedPerServer() throws {
        let a = PreviewServer(configuration: PreviewServerConfiguration.seeds)
        let b = PreviewServer(configuration: PreviewServerConfiguration.seeds)
        #expect(a.services.ledger.limit(.clips) == ServerLimit.clips.defaultValue)
        let clip = try a.services.ledger.reserve([BudgetShare(.clips, 1)])
        #expect(a.services.ledger.use(.clips) == 1)
        #expect(b.services.ledger.use(.clips) == 0, "another server has its own budgets")
        clip.release()
        #expect(a.services.ledger.use(.clips) == 0)
    }
}
