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

/// `/clip.mp4` and `/clip.webm` over HTTP, read back by ffprobe and decoded by ffmpeg: codec,
/// pixel format, frame count, rate and duration, the padding of odd sizes, and the frames
/// themselves against the stills at the same times.
@Suite(.ioTimeLimit) struct StudioVideoTests {

    static let formats: [ClipWriter.Format] = [.mp4, .webm]

    static func codec(_ format: ClipWriter.Format) -> String { format == .mp4 ? "h264" : "vp9" }

    /// MP4 counts 1000 ticks a frame, exact to ffprobe's six places; WebM counts milliseconds.
    static func durationTolerance(_ format: ClipWriter.Format) -> Double { format == .mp4 ? 0.5e-6 : 0.5e-3 }

    /// ffprobe's decimal strings as numbers.
    static func number(_ value: Any?) -> Double { Double(value as? String ?? "") ?? -1 }

    /// (seconds, fps, size, frames, length): 97 and 121 points are odd, so coded one pixel larger;
    /// 0.25 s at 10 fps is 2.5 frames, rounded to 3, which last 0.3 s.
    static let clips: [(seconds: String, fps: Int, size: Int, frames: Int, length: String)] = [
        ("1", 24, 97, 24, "1"), ("0.25", 10, 121, 3, "0.3"), ("0.5", 60, 64, 30, "0.5"),
    ]

    @Test(arguments: formats, clips)
    func ffprobeReadsCodecPixelFormatFramesRateAndDuration(
        _ format: ClipWriter.Format, _ clip: (seconds: String, fps: Int, size: Int, frames: Int, length: String)
    ) throws {
        try withTestServer(.router, clock: ManualClock(startingAt: 2)) { s in
            let query = "control=spinner&seconds=\(clip.seconds)&fps=\(clip.fps)&size=\(clip.size)"
            let r = try s.get("/clip.\(format.rawValue)?" + query)
            #expect(r.status == 200, "\(r.text.prefix(200))")
            #expect(r.header("Content-Type") == (format == .mp4 ? "video/mp4" : "video/webm"))
            #expect(r.header("Content-Disposition")
                == "attachment; filename=\"layercast-spinner-\(clip.length)s-\(clip.fps)fps.\(format.rawValue)\"")
            #expect(r.header("X-Clip-Frames") == String(clip.frames))
            #expect(r.header("X-Clip-Seconds") == clip.length)
            #expect(r.sceneTime == 2)

            let (stream, container) = try FFmpegTools.probe(r.body, suffix: format.rawValue)
            #expect(stream["codec_name"] as? String == Self.codec(format))
            #expect(stream["pix_fmt"] as? String == "yuv420p")
            let coded = clip.size + clip.size % 2
            #expect(stream["width"] as? Int == coded && stream["height"] as? Int == coded)
            #expect(stream["nb_read_frames"] as? String == String(clip.frames))
            #expect(stream["r_frame_rate"] as? String == "\(clip.fps)/1")
            #expect(stream["avg_frame_rate"] as? String == "\(clip.fps)/1")
            let exact = Double(clip.frames) / Double(clip.fps)
            #expect(abs(Self.number(container["duration"]) - exact) <= Self.durationTolerance(format),
                    "duration \(container["duration"] ?? "none")")
            #expect(Self.number(container["start_time"]) == 0)

            // Deterministic: the same request at the same scene time gives the same file.
            #expect(try s.get("/clip.\(format.rawValue)?" + query).body == r.body)
        }
    }

    /// 24 points at scale 1.125 is 27×27 pixels, coded as 28×28. The picture is not scaled: its
    /// pixels match the still frames at the same times. The added column and row show the frame's
    /// checkerboard going on (squares of 9 pixels: x 27 starts the fourth column of squares, light
    /// #e6e6e6 where x 26 is white), not a copy of the picture's last column or row.
    @Test(arguments: formats)
    func oddSizesArePaddedWithTheFramesBackground(_ format: ClipWriter.Format) throws {
        try withTestServer(.router, clock: ManualClock(startingAt: 1)) { s in
            let query = "control=spinner&size=24&scale=1.125&background=checkerboard"
            let r = try s.get("/clip.\(format.rawValue)?\(query)&seconds=0.5&fps=10")
            #expect(r.status == 200, "\(r.text.prefix(200))")
            let (stream, _) = try FFmpegTools.probe(r.body, suffix: format.rawValue)
            #expect(stream["width"] as? Int == 28 && stream["height"] as? Int == 28)

            let (white, dark) = (255, 0xE6)
            for i in [0, 4] {
                let picture = try FFmpegTools.decodeRGB(r.body, suffix: format.rawValue, frame: i)
                #expect(picture.count == 28 * 28 * 3)
                func green(_ x: Int, _ y: Int) -> Int { Int(picture[(y * 28 + x) * 3 + 1]) }
                for y in [1, 4, 7] {
                    #expect(abs(green(26, y) - white) <= 8, "frame \(i) last column at y \(y)")
                    #expect(abs(green(27, y) - dark) <= 8, "frame \(i) added column at y \(y)")
                    #expect(abs(green(y, 26) - white) <= 8, "frame \(i) last row at x \(y)")
                    #expect(abs(green(y, 27) - dark) <= 8, "frame \(i) added row at x \(y)")
                }
                let still = RGBAImage(try s.frame("\(query)&ahead=\(Double(i) / 10)").image)
                #expect(still.width == 27 && still.height == 27)
                var error = 0
                for y in 0..<27 {
                    for x in 0..<27 {
                        let p = still.pixel(x, y), o = (y * 28 + x) * 3
                        error += abs(p.r - Int(picture[o])) + abs(p.g - Int(picture[o + 1])) + abs(p.b - Int(picture[o + 2]))
                    }
                }
                let mean = Double(error) / Double(27 * 27 * 3)
                #expect(mean < 3, "frame \(i): mean difference \(mean) from the still")
            }
        }
    }

    /// A scenario's video is the same file from the server and from `layercast render`'s renderer,
    /// odd size and background included: 1.2 s at 10 fps is 12 frames, 95 points coded as 96.
    @Test(arguments: formats)
    func aScenariosVideoIsTheSameFromTheServerAndTheHeadlessRenderer(_ format: ClipWriter.Format) throws {
        let options = [("control", "all"), ("size", "95"), ("fps", "10"), ("background", "dark")]
        let render = try HeadlessRender(document: Array(Scenarios.busy.utf8), controls: .seeds, artworks: [],
                                        format: try #require(HeadlessRender.Format(rawValue: format.rawValue)), options: options)
        var given: [RenderedImage] = []
        let headless = try render.clip { _, image in given.append(image) }
        try withTestServer(.router) { s in
            let id = try Scenarios.store(Scenarios.busy, on: s)
            let query = options.map { "\($0.0)=\($0.1)" }.joined(separator: "&")
            let r = try s.get("/clip.\(format.rawValue)?scenario=\(id)&" + query)
            #expect(r.status == 200, "\(r.text.prefix(200))")
            #expect(r.header("X-Clip-Frames") == "12" && r.header("X-Clip-Seconds") == "1.2")
            if r.body != headless {
                // What it reports says where a difference starts: which file left the bytes a
                // process of its own gives, and whether the pictures the headless renderer gave its
                // encoder are the pictures it renders again.
                let (difference, largest) = try Self.framesThatDiffer(r.body, headless, format)
                let odd = try Self.whichDiffers(served: r.body, headless: headless, format: format, options: options)
                let pictures = try Self.picturesThatDiffer(given, render: render)
                let encodings = try Self.encodingsOf(given, render: render, headless: headless, served: r.body)
                Issue.record(Comment(rawValue: "\(r.body.count) bytes served, \(headless.count) rendered; \(difference); \(odd); "
                                     + "\(pictures); \(encodings)"))
                #expect(largest <= 16, "\(difference)")
            }
            let (stream, _) = try FFmpegTools.probe(r.body, suffix: format.rawValue)
            #expect(stream["width"] as? Int == 96 && stream["nb_read_frames"] as? String == "12")
        }
    }

    /// Which of two videos that should agree is not the file `layercast render` makes in a process
    /// of its own.
    static func whichDiffers(served: [UInt8], headless: [UInt8], format: ClipWriter.Format,
                             options: [(String, String)]) throws -> String {
        try withTemporaryDirectory { folder in
            let scenario = folder + "/busy.json"
            try Scenarios.busy.write(toFile: scenario, atomically: true, encoding: .utf8)
            let result = try LayercastBinary.run(["render", scenario, "--out", folder, "--format", format.rawValue]
                                                 + options.flatMap { ["--\($0.0)", $0.1] })
            let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix("." + format.rawValue) }
            guard result.status == 0, let file = files.first,
                  let own = FileManager.default.contents(atPath: folder + "/" + file).map(Array.init) else {
                return "layercast render failed (\(result.status)): \(result.stderr.prefix(200))"
            }
            switch (served == own, headless == own) {
            case (true, false): return "the headless renderer's file is the odd one (\(own.count) bytes in a process of its own)"
            case (false, true): return "the server's file is the odd one (\(own.count) bytes in a process of its own)"
            default: return "a process of its own gives \(own.count) bytes, like \(served == own ? "both" : "neither")"
            }
        }
    }

    /// The pictures the headless renderer gave its encoder, encoded twice more in this process by
    /// new encoders: whether an encoder here writes other bytes for the same pictures now and then
    /// (the two differ), always (both differ from the served file alike) or not now (both match it).
    static func encodingsOf(_ given: [RenderedImage], render: HeadlessRender, headless: [UInt8],
                            served: [UInt8]) throws -> String {
        let (first, second) = (try render.clip(of: given), try render.clip(of: given))
        func said(_ bytes: [UInt8]) -> String {
            bytes == served ? "the served file" : bytes == headless ? "the headless file" : "neither (\(bytes.count) bytes)"
        }
        return "the given pictures encoded again here: \(said(first)), then \(said(second))"
    }

    /// The pictures the headless renderer gave its encoder against the same frames rendered again
    /// by a new renderer: which differ, where and by how much (written as PNGs beside the temporary
    /// directory's `layercast-video-flake` for a look).
    static func picturesThatDiffer(_ given: [RenderedImage], render: HeadlessRender) throws -> String {
        var again: [RenderedImage] = []
        render.renderFrames { _, _, image in again.append(image) }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("layercast-video-flake").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var notes: [String] = []
        for (i, (a, b)) in zip(given, again).enumerated() where a != b {
            var (count, largest) = (0, 0)
            var (minX, minY, maxX, maxY) = (Int.max, Int.max, -1, -1)
            for y in 0..<a.height {
                for x in 0..<a.width where a.word(x: x, y: y) != b.word(x: x, y: y) {
                    let (p, q) = (a.word(x: x, y: y), b.word(x: x, y: y))
                    count += 1
                    for shift in stride(from: 0, through: 24, by: 8) {
                        largest = max(largest, abs(Int((p >> UInt32(shift)) & 0xFF) - Int((q >> UInt32(shift)) & 0xFF)))
                    }
                    (minX, minY, maxX, maxY) = (min(minX, x), min(minY, y), max(maxX, x), max(maxY, y))
                }
            }
            try Data(render.png(a)).write(to: URL(fileURLWithPath: "\(folder)/frame-\(i)-given.png"))
            try Data(render.png(b)).write(to: URL(fileURLWithPath: "\(folder)/frame-\(i)-again.png"))
            notes.append("frame \(i): \(count) pixels in x \(minX)...\(maxX), y \(minY)...\(maxY), largest \(largest)")
        }
        return notes.isEmpty ? "the encoder's pictures are the frames rendered again"
            : "the encoder was given other pictures (\(folder)): " + notes.joined(separator: "; ")
    }

    /// When two videos that should be the same file are not: which decoded frames differ, by how
    /// much (the largest channel difference) and where (how many differing pixels lie in each
    /// control's cell of the 95-point `control=all` frame), so a failure says
    /// whether the pictures or only the encoding changed, and in which control; and the largest
    /// difference of all. (With x264's frame types here, a change to picture 9 alone shows as
    /// decoded frames 6–11: B-frames 6–8 and 10 refer to it.)
    static func framesThatDiffer(_ a: [UInt8], _ b: [UInt8], _ format: ClipWriter.Format) throws -> (String, Int) {
        var differing: [String] = []
        var largestOfAll = 0
        let side = 96
        let cells = ControlList.seeds.grid.cells(width: 95, height: 95)
        for i in 0..<12 {
            let (x, y) = (try FFmpegTools.decodeRGB(a, suffix: format.rawValue, frame: i),
                          try FFmpegTools.decodeRGB(b, suffix: format.rawValue, frame: i))
            guard x != y else { continue }
            let largest = x.count == y.count ? zip(x, y).map { abs(Int($0) - Int($1)) }.max() ?? 0 : 255
            largestOfAll = max(largestOfAll, largest)
            var location = ""
            if x.count == side * side * 3 && y.count == x.count {
                var changed: [Int] = []
                for p in 0..<side * side where x[p * 3] != y[p * 3] || x[p * 3 + 1] != y[p * 3 + 1] || x[p * 3 + 2] != y[p * 3 + 2] {
                    changed.append(p)
                }
                // Changed pixels per control's cell, most first: the encoder spreads a change, the
                // cell that holds most of it is where it started.
                let perCell = cells.map { (id, cell) in
                    (id.rawValue, changed.filter { p in
                        let (px, py) = (Double(p % side) + 0.5, Double(p / side) + 0.5)
                        return px >= cell.minX && px < cell.maxX && py >= cell.minY && py < cell.maxY
                    }.count)
                }.filter { $0.1 > 0 }.sorted { $0.1 > $1.1 }
                location = ", \(changed.count) pixels: " + perCell.map { "\($0.0) \($0.1)" }.joined(separator: ", ")
            }
            differing.append("frame \(i) (largest difference \(largest), \(x.count) vs \(y.count) bytes\(location))")
        }
        let text = differing.isEmpty ? "every decoded frame is the same" : "decoded frames differ: " + differing.joined(separator: ", ")
        return (text, largestOfAll)
    }

    /// Videos are priced by their encoder before any work: with the default 192 MiB memory budget
    /// a 1200×1200 MP4 (150 bytes a pixel) can never fit and is a 400 naming the budget and its
    /// cost, while a WebM of the same size (96 bytes a pixel) is made; while every clip place is
    /// taken a video gets 503 at once. Nothing stays reserved afterwards.
    @Test func videosArePricedAndAdmittedByTheBudgets() throws {
        try withTestServer { s in
            let ledger = s.server.services.ledger
            let size = "size=1200&seconds=0.1&fps=10&control=spinner"
            let never = try s.get("/clip.mp4?" + size)
            #expect(never.status == 400, "\(never.text.prefix(300))")
            let refusal = try jsonObject(never)
            #expect(refusal["budget"] as? String == "memory")
            #expect(refusal["cost"] as? Int == CostModel.clipBytes(pixels: 1200 * 1200, frames: 1, encoder: .mp4))
            let made = try s.get("/clip.webm?" + size)
            #expect(made.status == 200 && made.header("Content-Type") == "video/webm", "\(made.text.prefix(300))")

            let places = try ledger.reserve([BudgetShare(.clips, ServerLimit.clips.defaultValue)])
            let busy = try s.get("/clip.mp4?size=32&seconds=0.1&fps=10")
            #expect(busy.status == 503 && busy.header("Retry-After") == "2", "\(busy.text.prefix(300))")
            #expect(try jsonObject(busy)["budget"] as? String == "clips")
            places.release()
            #expect(try s.get("/clip.mp4?size=32&seconds=0.1&fps=10").status == 200)
            #expect(eventually { ledger.use(.clips) == 0 && ledger.use(.memory) == 0 })
        }
    }
}
