import Foundation
import LayercastTesting
@testable import PreviewServer
import Rendering
import Testing
import SeedControls

/// `layercast render`, the executable itself: no server, no socket, the server's bytes, and a
/// visual regression check with exit codes a CI job can act on.
@Suite(.ioTimeLimit) struct RenderCommandTests {

    static let options = ["--size", "96", "--fps", "10"]

    /// Each PNG the command writes is the server's `/frame.png?scenario=…&ahead=…` with the same options.
    @Test func itsPNGBytesAreTheServers() throws {
        try withTemporaryDirectory { dir in
            let scenario = dir + "/busy.json"
            try Scenarios.busy.write(toFile: scenario, atomically: true, encoding: .utf8)
            let run = try LayercastBinary.run(["render", scenario, "--out", dir + "/frames"] + Self.options)
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stderr.isEmpty, "no progress bar without a terminal: \(run.stderr)")
            #expect(run.stdout.contains("12 frames, 96×96 px at 10 fps"), "\(run.stdout)")
            let names = try FileManager.default.contentsOfDirectory(atPath: dir + "/frames").sorted()
            #expect(names == (0..<12).map { String(format: "frame-%04d.png", $0) })
            try withTestServer(.router) { s in
                let id = try Scenarios.store(Scenarios.busy, on: s)
                for (i, name) in names.enumerated() {
                    let served = try s.get("/frame.png?scenario=\(id)&ahead=\(Scenarios.time(i, fps: 10))&size=96")
                    let written = [UInt8](try #require(FileManager.default.contents(atPath: dir + "/frames/" + name)))
                    let pixels = (RGBAImage(try PNGDecoder.decode(written)), RGBAImage(try PNGDecoder.decode(served.body)))
                    #expect(pixels.0 == pixels.1, "\(name): max channel difference \(maxChannelDifference(pixels.0.bytes, pixels.1.bytes))")
                    #expect(written == served.body, "\(name): \(written.count) bytes written, \(served.body.count) served")
                }
            }
        }
    }

    /// Unchanged frames pass (0); after a one-prop change the frames that differ fail (1) with their
    /// diff images; a missing or resized reference is 3; an invalid scenario or option is 2.
    @Test func compareExitsWithWhatItFound() throws {
        try withTemporaryDirectory { dir in
            let scenario = dir + "/busy.json", changed = dir + "/changed.json"
            try Scenarios.busy.write(toFile: scenario, atomically: true, encoding: .utf8)
            try Scenarios.busyOnePropChanged.write(toFile: changed, atomically: true, encoding: .utf8)
            let golden = dir + "/golden"
            #expect(try LayercastBinary.run(["render", scenario, "--out", golden] + Self.options).status == 0)

            let same = try LayercastBinary.run(["render", scenario, "--out", dir + "/same", "--compare", golden] + Self.options)
            #expect(same.status == 0, "\(same.stdout)\(same.stderr)")
            #expect(same.stdout.contains("frame-0011.png  t=1.100  max   0  mean 0.000  ok"), "\(same.stdout)")
            #expect(same.stdout.hasSuffix("result: all 12 frames match (exit 0)\n"), "\(same.stdout)")

            let diff = try LayercastBinary.run(["render", changed, "--out", dir + "/diff", "--compare", golden] + Self.options)
            #expect(diff.status == 1, "\(diff.stdout)\(diff.stderr)")
            // The spinner's line is a point thicker in every frame, but until it stops at 0.9 s its short
            // arc covers less than the 0.5 % of pixels the tolerance lets differ; the full ring after does not.
            let lines = diff.stdout.split(separator: "\n")
            #expect(lines.filter { $0.hasSuffix("  ok") }.map { String($0.prefix(14)) } == (0..<9).map { String(format: "frame-%04d.png", $0) })
            #expect(lines.filter { $0.hasPrefix("frame-0003") }.first?.contains("max   0") == false, "frame 3 differs, within the tolerance")
            let differing = lines.filter { $0.contains("DIFFERS") }
            #expect(differing.map { String($0.prefix(14)) } == (9..<12).map { String(format: "frame-%04d.png", $0) },
                    "\(diff.stdout)")
            for line in differing {
                let name = String(line.prefix(14)).replacingOccurrences(of: ".png", with: "")
                #expect(line.contains("max ") && line.contains("mean "))
                #expect(FileManager.default.fileExists(atPath: "\(dir)/diff/\(name).diff.png"), "\(line)")
                #expect(FileManager.default.fileExists(atPath: "\(dir)/diff/\(name).png"), "\(line)")
            }
            #expect(lines.last == "result: 3 of 12 frames differ beyond the tolerance; actual and diff images in \(dir)/diff (exit 1)")
            // A tolerance wide enough takes the change.
            let loose = try LayercastBinary.run(["render", changed, "--out", dir + "/loose", "--compare", golden,
                                                 "--tolerance", "255"] + Self.options)
            #expect(loose.status == 0, "\(loose.stdout)")

            try FileManager.default.removeItem(atPath: golden + "/frame-0005.png")
            let missing = try LayercastBinary.run(["render", scenario, "--out", dir + "/missing", "--compare", golden] + Self.options)
            #expect(missing.status == 3, "\(missing.stdout)")
            #expect(missing.stdout.contains("frame-0005.png  t=0.500  MISSING"), "\(missing.stdout)")

            let resized = try LayercastBinary.run(["render", scenario, "--out", dir + "/resized", "--compare", golden,
                                                   "--size", "64", "--fps", "10"])
            #expect(resized.status == 3)
            #expect(resized.stdout.contains("OTHER SIZE"), "\(resized.stdout)")

            let invalid = dir + "/invalid.json"
            try Scenarios.busy.replacingOccurrences(of: "pause", with: "paws").write(toFile: invalid, atomically: true, encoding: .utf8)
            let refused = try LayercastBinary.run(["render", invalid, "--out", dir + "/x", "--compare", golden] + Self.options)
            #expect(refused.status == 2)
            #expect(refused.stderr.contains("steps[1]") && refused.stderr.contains("steps[1].with.mode"), "\(refused.stderr)")
            for arguments in [["--fps", "0"], ["--format", "tiff"], ["--tolerance", "-1"], ["--control", "dial"], ["--frobnicate"]] {
                let run = try LayercastBinary.run(["render", scenario, "--out", dir + "/x"] + arguments)
                #expect(run.status == 2, "\(arguments): \(run.stderr)")
            }
            let overReferences = try LayercastBinary.run(["render", scenario, "--out", golden, "--compare", golden])
            #expect(overReferences.status == 2, "never writes over the references")
        }
    }

    /// A progress bar on a terminal; none when CI is set (nor, as the other tests show, without a terminal).
    @Test func aProgressBarOnlyOnATerminalOutsideCI() throws {
        try withTemporaryDirectory { dir in
            let scenario = dir + "/busy.json"
            try Scenarios.busy.write(toFile: scenario, atomically: true, encoding: .utf8)
            let arguments = ["render", scenario, "--out", dir + "/frames"] + Self.options
            let terminal = try LayercastBinary.run(arguments, terminal: true, environment: ["CI": nil, "TERM": "xterm"])
            #expect(terminal.status == 0)
            #expect(terminal.stdout.contains("\r" + String(repeating: "█", count: 30) + " 12/12 frames"), "\(terminal.stdout)")
            let ci = try LayercastBinary.run(arguments, terminal: true, environment: ["CI": "true", "TERM": "xterm"])
            #expect(ci.status == 0)
            #expect(!ci.stdout.contains("█") && ci.stdout.contains("12 frames, 96×96 px"), "\(ci.stdout)")
        }
    }

    /// Clips through the same encoders as the server: an animated WebP and GIF, an MP4 and a WebM.
    @Test func clipsInEveryFormat() throws {
        try withTemporaryDirectory { dir in
            let scenario = dir + "/busy.json"
            try Scenarios.busy.write(toFile: scenario, atomically: true, encoding: .utf8)
            let magic: [String: [UInt8]] = ["webp": Array("RIFF".utf8), "gif": Array("GIF89a".utf8),
                                            "mp4": Array("ftyp".utf8), "webm": [0x1A, 0x45, 0xDF, 0xA3]]
            for (format, signature) in magic {
                let run = try LayercastBinary.run(["render", scenario, "--out", dir, "--format", format] + Self.options)
                #expect(run.status == 0, "\(format): \(run.stderr)")
                let bytes = [UInt8](try #require(FileManager.default.contents(atPath: "\(dir)/busy.\(format)")))
                let head = format == "mp4" ? Array(bytes[4..<8]) : Array(bytes.prefix(signature.count))
                #expect(head == signature, "\(format)")
            }
            let webp = try ClipDecoder.decodeWebP([UInt8](try #require(FileManager.default.contents(atPath: dir + "/busy.webp"))))
            // Identical frames in a row are stored as one longer frame.
            #expect(webp.frames.count > 1 && webp.totalDuration == 1200)
        }
    }
}
