import Animation
import Foundation
import LayercastTesting
import Rendering
import Testing

/// `layercast render --format filmstrip`: one PNG contact sheet of the frames every N ms, each the PNG
/// frame `layercast render` writes for its time, with its time under it.
@Suite(.ioTimeLimit) struct FilmstripCommandTests {
    /// A sheet's options and the frames (their times in ms) it should hold, checked against a render at `fps`.
    struct Sheet: Sendable, CustomTestStringConvertible {
        let every: Int
        let times: [Int]
        let fps: Int
        let columns: Int?
        var testDescription: String { "every \(every) ms" + (columns.map { ", \($0) columns" } ?? "") }
    }

    /// The sheet's layout constants (`Filmstrip.Layout`), in pixels: margin 12 all round, a 28 px title
    /// strip, a 20 px caption strip under each frame, 8 px between cells.
    static let margin = 12, title = 28, caption = 20, gap = 8

    static func sheetSize(frames: Int, columns: Int, frame: Int) -> (width: Int, height: Int) {
        let rows = (frames + columns - 1) / columns
        return (2 * margin + columns * frame + (columns - 1) * gap,
                2 * margin + title + rows * (frame + caption) + (rows - 1) * gap)
    }

    /// Frame `index`'s top left corner on the sheet.
    static func origin(_ index: Int, columns: Int, frame: Int) -> (x: Int, y: Int) {
        (margin + (index % columns) * (frame + gap), margin + title + (index / columns) * (frame + caption + gap))
    }

    static func decode(_ path: String) throws -> Bitmap {
        try PNGDecoder.decode([UInt8](try #require(FileManager.default.contents(atPath: path))), maxWidth: 8192, maxHeight: 8192)
    }

    /// The words of `bitmap` in the rectangle, row by row.
    static func region(_ bitmap: Bitmap, x: Int, y: Int, width: Int, height: Int) -> [UInt32] {
        (y..<(y + height)).flatMap { row in bitmap.pixels[(row * bitmap.width + x)..<(row * bitmap.width + x + width)] }
    }

    /// busy is 1.2 s: every 250 ms is 0, 0.25, 0.5, 0.75 and 1 s (5 frames, rendered at 4 fps); every
    /// 300 ms is 0, 0.3, 0.6 and 0.9 s (4 frames, at 10 fps keeping every third). Each cell is the frame
    /// `layercast render` writes at another rate (20 fps, 10 fps) for the same time, pixel for pixel.
    @Test(arguments: [Sheet(every: 250, times: [0, 250, 500, 750, 1000], fps: 20, columns: nil),
                      Sheet(every: 300, times: [0, 300, 600, 900], fps: 10, columns: 3)])
    func itsCellsAreTheFramesAtThoseTimes(_ sheetCase: Sheet) throws {
        let (every, times, fps, columns) = (sheetCase.every, sheetCase.times, sheetCase.fps, sheetCase.columns)
        try withTemporaryDirectory { dir in
            let scenario = dir + "/busy.json"
            try Scenarios.busy.write(toFile: scenario, atomically: true, encoding: .utf8)
            let run = try LayercastBinary.run(["render", scenario, "--out", dir + "/sheet", "--format", "filmstrip",
                                               "--every", String(every), "--size", "96"]
                                              + (columns.map { ["--columns", String($0)] } ?? []))
            #expect(run.status == 0, "\(run.stderr)")
            let frames = try LayercastBinary.run(["render", scenario, "--out", dir + "/frames", "--size", "96", "--fps", String(fps)])
            #expect(frames.status == 0, "\(frames.stderr)")

            let sheet = try Self.decode(dir + "/sheet/busy.filmstrip.png")
            let across = columns ?? times.count // the default, 6, is more than the frames
            let expected = Self.sheetSize(frames: times.count, columns: across, frame: 96)
            #expect((sheet.width, sheet.height) == expected)
            #expect(run.stdout.contains("\(times.count) frames every \(every) ms, 96×96 px, in \(across) columns "
                                        + "(\(expected.width)×\(expected.height) px) → \(dir)/sheet/busy.filmstrip.png"), "\(run.stdout)")
            for (i, time) in times.enumerated() {
                #expect(time * fps % 1000 == 0)
                let index = time * fps / 1000
                let frame = try Self.decode(dir + "/frames/" + String(format: "frame-%04d.png", index))
                #expect(frame.width == 96 && frame.height == 96)
                let (x, y) = Self.origin(i, columns: across, frame: 96)
                let cell = Self.region(sheet, x: x, y: y, width: 96, height: 96)
                #expect(cell == frame.pixels, "the cell at \(time) ms is frame \(index) at \(fps) fps")
            }
            // The frames differ (busy moves), so the cells are not one frame repeated.
            let first = Self.origin(0, columns: across, frame: 96), last = Self.origin(times.count - 1, columns: across, frame: 96)
            #expect(Self.region(sheet, x: first.x, y: first.y, width: 96, height: 96)
                    != Self.region(sheet, x: last.x, y: last.y, width: 96, height: 96))
        }
    }

    /// 5 frames of 96 px in 2 columns: 3 rows. The captions and the title have text in them, and
    /// each caption its own (the times differ).
    @Test func itsLayoutAndLabels() throws {
        try withTemporaryDirectory { dir in
            let scenario = dir + "/busy.json"
            try Scenarios.busy.write(toFile: scenario, atomically: true, encoding: .utf8)
            let run = try LayercastBinary.run(["render", scenario, "--out", dir, "--format", "filmstrip", "--size", "96",
                                               "--columns", "2"])
            #expect(run.status == 0, "\(run.stderr)")
            let sheet = try Self.decode(dir + "/busy.filmstrip.png")
            // 2·12 + 2·96 + 8 = 224 across; 2·12 + 28 + 3·(96 + 20) + 2·8 = 416 down.
            #expect(sheet.width == 224 && sheet.height == 416)
            #expect((sheet.width, sheet.height) == Self.sheetSize(frames: 5, columns: 2, frame: 96))

            var captions: [[UInt32]] = []
            for i in 0..<5 {
                let (x, y) = Self.origin(i, columns: 2, frame: 96)
                let strip = Self.region(sheet, x: x, y: y + 96, width: 96, height: Self.caption)
                #expect(Set(strip).count > 2, "caption \(i) has text")
                // Dark text on a light strip: its darkest pixel is dark, its commonest light.
                let darkest = strip.map { Self.luminance($0) }.min() ?? 1
                #expect(darkest < 0.1, "caption \(i): darkest luminance \(darkest)")
                #expect(Self.luminance(Self.commonest(strip)) > 0.9)
                captions.append(strip)
            }
            #expect(Set(captions).count == 5, "five different times")
            let titleStrip = Self.region(sheet, x: 0, y: Self.margin, width: sheet.width, height: Self.title)
            #expect(Set(titleStrip).count > 2, "a title line")
            // The sixth cell, empty: the sheet's background only.
            let (x, y) = Self.origin(5, columns: 2, frame: 96)
            #expect(Set(Self.region(sheet, x: x, y: y, width: 96, height: 96 + Self.caption)).count == 1)
        }
    }

    /// Options that do not fit, and sheets too big: exit 2, naming the option.
    @Test func refusals() throws {
        try withTemporaryDirectory { dir in
            let scenario = dir + "/busy.json", long = dir + "/long.json"
            try Scenarios.busy.write(toFile: scenario, atomically: true, encoding: .utf8)
            try Scenarios.busy.replacingOccurrences(of: #""duration": 1.2"#, with: #""duration": 3"#)
                .write(toFile: long, atomically: true, encoding: .utf8)
            let cases: [(arguments: [String], mentions: [String])] = [
                (["--every", "250"], ["--every", "filmstrip"]),
                (["--format", "png", "--every", "250"], ["--every", "filmstrip"]),
                (["--format", "webp", "--columns", "3"], ["--columns", "filmstrip"]),
                (["--format", "filmstrip", "--every", "0"], ["--every", "20–60000"]),
                (["--format", "filmstrip", "--every", "10"], ["--every"]),
                (["--format", "filmstrip", "--every", "30"], ["--every", "multiple of 20 or 25"]),
                (["--format", "filmstrip", "--every", "60001"], ["--every"]),
                (["--format", "filmstrip", "--columns", "0"], ["--columns"]),
                (["--format", "filmstrip", "--fps", "10"], ["--fps"]),
                (["--format", "filmstrip", "--compare", dir], ["--compare"]),
                (["--format", "filmstrip", "--size", "1"], ["size"]),
                // 1.2 s every 100 ms at 1000 px, one column: 12 rows, far over 8192 px down.
                (["--format", "filmstrip", "--every", "100", "--size", "1000", "--columns", "1"], ["8192", "--every"]),
                // 60 frames of 200 px in 60 columns: 12 496 px across.
                (["--format", "filmstrip", "--every", "20", "--size", "200", "--columns", "60"], ["8192", "--columns"]),
            ]
            for (arguments, mentions) in cases {
                let run = try LayercastBinary.run(["render", scenario, "--out", dir + "/x"] + arguments)
                #expect(run.status == 2, "\(arguments): \(run.stdout)\(run.stderr)")
                for word in mentions { #expect(run.stderr.contains(word), "\(arguments): \(run.stderr)") }
            }
            // 3 s every 20 ms is 150 frames: over 100; the message suggests an --every that fits.
            let many = try LayercastBinary.run(["render", long, "--out", dir + "/x", "--format", "filmstrip", "--every", "20"])
            #expect(many.status == 2)
            #expect(many.stderr.contains("--every 20 makes 150 frames, over a filmstrip's 100: give a larger --every (40 or more)"),
                    "\(many.stderr)")
            let fits = try LayercastBinary.run(["render", long, "--out", dir + "/y", "--format", "filmstrip", "--every", "40",
                                                "--size", "16", "--columns", "25"])
            #expect(fits.status == 0, "\(fits.stderr)")
            #expect(fits.stdout.contains("75 frames every 40 ms"), "\(fits.stdout)")
            #expect(!FileManager.default.fileExists(atPath: dir + "/x"), "nothing written on a refusal")
        }
    }

    /// Relative luminance (WCAG) of a premultiplied ARGB word, over black.
    static func luminance(_ word: UInt32) -> Double {
        func linear(_ c: UInt32) -> Double {
            let s = Double(c) / 255
            return s <= 0.03928 ? s / 12.92 : pow((s + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear((word >> 16) & 0xFF) + 0.7152 * linear((word >> 8) & 0xFF) + 0.0722 * linear(word & 0xFF)
    }

    static func commonest(_ words: [UInt32]) -> UInt32 {
        Dictionary(words.map { ($0, 1) }, uniquingKeysWith: +).max { $0.value < $1.value }?.key ?? 0
    }
}
