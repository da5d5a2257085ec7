import Animation
import Foundation
import LayercastTesting
import Testing
@testable import Rendering

/// MP4 (H.264) and WebM (VP9) from `VideoEncoder`, read back by ffprobe and decoded by ffmpeg:
/// codec, pixel format, frame count, rate, duration, padding of odd sizes, colours, the MP4's
/// index position, and identical bytes on a second run.
@Suite(.ioTimeLimit) struct VideoEncoderTests {
    static let renderer = Renderer()
    typealias RGB = (r: Int, g: Int, b: Int)
    static let background: RGB = (240, 240, 240)
    static let orange: RGB = (255, 149, 0)

    static func color(_ c: RGB, alpha: Double = 1) -> Color { Color(r: c.r, g: c.g, b: c.b, alpha: alpha) }

    /// A 24-pixel orange square crossing a light grey background, 3 pixels per frame.
    static func frame(_ i: Int, width: Int = 128, height: Int = 96) -> RenderedImage {
        let square = Scenes.fill(Scenes.rect(8 + 3 * Double(i), 36, 24, 24), color(orange))
        return renderer.render(square, width: width, height: height, background: .color(color(background)))
    }

    static func encode(_ format: VideoFormat, frames: Int, fps: Int = 30, width: Int = 128, height: Int = 96,
                       options: VideoEncoder.Options = .init(),
                       image: (Int) -> RenderedImage = { frame($0) }) throws -> [UInt8] {
        let encoder = try VideoEncoder(format: format, width: width, height: height, fps: fps, frameCount: frames,
                                       options: options)
        for i in 0..<frames { try encoder.add(image(i)) }
        return try encoder.finish()
    }

    static func codecName(_ format: VideoFormat) -> String { format == .mp4 ? "h264" : "vp9" }

    /// ffprobe's decimal string as a number (it prints six places).
    static func seconds(_ value: Any?) -> Double { Double(value as? String ?? "") ?? -1 }

    /// Every frame lasts 1/fps, the last one included: 30 frames at 30 fps last 1 s, 7 at 24 fps
    /// 7/24 s (MP4 exactly, to ffprobe's six places; WebM to its whole milliseconds).
    @Test(arguments: VideoFormat.allCases, [(frames: 30, fps: 30), (frames: 7, fps: 24)])
    func ffprobeReadsCodecPixelFormatFramesRateAndDuration(_ format: VideoFormat, _ clip: (frames: Int, fps: Int)) throws {
        let bytes = try Self.encode(format, frames: clip.frames, fps: clip.fps)
        let (stream, container) = try FFmpegTools.probe(bytes, suffix: format.rawValue)
        #expect(stream["codec_name"] as? String == Self.codecName(format))
        #expect(stream["pix_fmt"] as? String == "yuv420p")
        #expect(stream["width"] as? Int == 128 && stream["height"] as? Int == 96)
        #expect(stream["nb_read_frames"] as? String == String(clip.frames))
        #expect(stream["r_frame_rate"] as? String == "\(clip.fps)/1")
        #expect(stream["avg_frame_rate"] as? String == "\(clip.fps)/1")
        let exact = Double(clip.frames) / Double(clip.fps)
        let tolerance = format == .mp4 ? 0.5e-6 : 0.5e-3
        #expect(abs(Self.seconds(container["duration"]) - exact) <= tolerance, "duration \(container["duration"] ?? "none")")
        #expect(Self.seconds(container["start_time"]) == 0)
        #expect(stream["color_space"] as? String == "bt709")
        #expect(stream["color_range"] as? String == "tv")
    }
}

extension VideoEncoderTests {
    /// Decoded pixel (x, y) of an RGB24 picture `width` wide.
    static func rgb(_ picture: [UInt8], width: Int, _ x: Int, _ y: Int) -> RGB {
        let i = (y * width + x) * 3
        return (Int(picture[i]), Int(picture[i + 1]), Int(picture[i + 2]))
    }

    /// The largest channel difference.
    static func distance(_ a: RGB, _ b: RGB) -> Int {
        max(abs(a.r - b.r), abs(a.g - b.g), abs(a.b - b.b))
    }

    /// The source frame as RGB, for comparing with a decoded one (the frames are opaque).
    static func sourceRGB(_ image: RenderedImage) -> [UInt8] {
        let rgba = straightRGBA(image)
        return (0..<image.width * image.height).flatMap { rgba[$0 * 4..<$0 * 4 + 3] }
    }

    /// Decoded frames show the rendered colours: the square's centre and the background within
    /// 4 levels, and the whole frame within 2 levels on average (edges included).
    @Test(arguments: VideoFormat.allCases)
    func decodedFramesShowTheRenderedColours(_ format: VideoFormat) throws {
        let bytes = try Self.encode(format, frames: 30)
        for i in [0, 15, 29] {
            let picture = try FFmpegTools.decodeRGB(bytes, suffix: format.rawValue, frame: i)
            #expect(picture.count == 128 * 96 * 3)
            let centre = Self.rgb(picture, width: 128, 20 + 3 * i, 48)
            #expect(Self.distance(centre, Self.orange) <= 4, "frame \(i) square centre \(centre)")
            let corner = Self.rgb(picture, width: 128, 120, 8)
            #expect(Self.distance(corner, Self.background) <= 4, "frame \(i) background \(corner)")
            // Where the square was 8 frames earlier is background again: the motion is there.
            if i >= 15 {
                let left = Self.rgb(picture, width: 128, 20 + 3 * (i - 8), 48)
                #expect(Self.distance(left, Self.background) <= 4, "frame \(i) behind the square \(left)")
            }
            let source = Self.sourceRGB(Self.frame(i))
            let meanError = Double(zip(picture, source).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }) / Double(source.count)
            #expect(meanError < 2, "frame \(i) mean error \(meanError)")
        }
    }

    /// 61×33 is coded as 62×34 (yuv420p needs even sizes): the picture keeps its pixels at the
    /// top left, and the added column and row show the frames' dark background, not the white
    /// and light grey bands along the picture's right and bottom edges; nothing is scaled. Grey
    /// levels carry no colour, so the 2×2 colour samples of 4:2:0 that straddle the picture's
    /// edge and the padding cannot blur the two into each other.
    @Test(arguments: VideoFormat.allCases)
    func oddSizesArePaddedWithTheBackground(_ format: VideoFormat) throws {
        let (width, height) = (61, 33)
        let (dark, white, grey): (RGB, RGB, RGB) = ((51, 51, 51), (255, 255, 255), (200, 200, 200))
        func image(_ i: Int) -> RenderedImage {
            let layers = LayerSnapshot(sublayers: [
                Scenes.fill(Scenes.rect(Double(width - 3), 0, 3, Double(height)), Self.color(white)),
                Scenes.fill(Scenes.rect(0, Double(height - 3), Double(width - 3), 3), Self.color(grey)),
                Scenes.fill(Scenes.rect(Double(i), 8, 8, 8), Self.color(Self.orange)),
            ])
            return Self.renderer.render(layers, width: width, height: height, background: .color(Self.color(dark)))
        }
        let encoder = try VideoEncoder(format: format, width: width, height: height, fps: 30, frameCount: 30,
                                       options: .init(background: .color(Self.color(dark))))
        #expect(encoder.codedWidth == 62 && encoder.codedHeight == 34)
        for i in 0..<30 { try encoder.add(image(i)) }
        let bytes = try encoder.finish()

        let (stream, container) = try FFmpegTools.probe(bytes, suffix: format.rawValue)
        #expect(stream["width"] as? Int == 62 && stream["height"] as? Int == 34)
        #expect(stream["pix_fmt"] as? String == "yuv420p")
        #expect(stream["nb_read_frames"] as? String == "30")
        #expect(Self.seconds(container["duration"]) == 1.0)

        let picture = try FFmpegTools.decodeRGB(bytes, suffix: format.rawValue, frame: 20)
        #expect(picture.count == 62 * 34 * 3)
        for y in [4, 16, 26] {
            #expect(Self.distance(Self.rgb(picture, width: 62, 60, y), white) <= 8, "visible edge at y \(y)")
            #expect(Self.distance(Self.rgb(picture, width: 62, 61, y), dark) <= 8, "added column at y \(y)")
        }
        for x in [4, 30, 54] {
            #expect(Self.distance(Self.rgb(picture, width: 62, x, 32), grey) <= 8, "visible edge at x \(x)")
            #expect(Self.distance(Self.rgb(picture, width: 62, x, 33), dark) <= 8, "added row at x \(x)")
        }
        #expect(Self.distance(Self.rgb(picture, width: 62, 40, 20), dark) <= 4)
        #expect(Self.distance(Self.rgb(picture, width: 62, 24, 12), Self.orange) <= 8, "the orange square of frame 20")
    }

    /// A checkerboard background goes on into the padding: 9×9 with 3-pixel squares is coded as
    /// 10×10, and the added column (x 9) starts the fourth column of squares, where the picture's
    /// last column (x 8) ends the third: black where x 8 is white in rows 0–2, white where it is
    /// black in rows 3–5. Likewise the added row (y 9) against y 8. Repeating the edge would copy
    /// the third column's colours instead.
    @Test(arguments: VideoFormat.allCases)
    func aCheckerboardContinuesIntoThePadding(_ format: VideoFormat) throws {
        let board = Background.checkerboard(light: .white, dark: .black, cell: 3)
        let image = Self.renderer.render(LayerSnapshot(), width: 9, height: 9, background: board)
        let bytes = try Self.encode(format, frames: 2, width: 9, height: 9, options: .init(crf: 0, background: board)) { _ in image }
        let picture = try FFmpegTools.decodeRGB(bytes, suffix: format.rawValue, frame: 1)
        #expect(picture.count == 10 * 10 * 3)
        let (light, dark): (RGB, RGB) = ((255, 255, 255), (0, 0, 0))
        func at(_ x: Int, _ y: Int) -> RGB { Self.rgb(picture, width: 10, x, y) }
        for (x, y, expected) in [(8, 1, light), (9, 1, dark), (8, 4, dark), (9, 4, light),
                                 (1, 8, light), (1, 9, dark), (4, 8, dark), (4, 9, light), (9, 9, light)] {
            #expect(Self.distance(at(x, y), expected) <= 16, "(\(x), \(y)) \(at(x, y))")
        }
    }

    /// Video has no alpha: a transparent frame shows composited over black, so a 50 % white
    /// square is mid grey and the clear background black.
    @Test(arguments: VideoFormat.allCases)
    func transparencyIsShownOverBlack(_ format: VideoFormat) throws {
        let square = Scenes.fill(Scenes.rect(16, 16, 32, 32), .white, opacity: 0.5)
        let image = Self.renderer.render(square, width: 64, height: 64, background: .transparent)
        let bytes = try Self.encode(format, frames: 2, width: 64, height: 64) { _ in image }
        let picture = try FFmpegTools.decodeRGB(bytes, suffix: format.rawValue, frame: 1)
        #expect(Self.distance(Self.rgb(picture, width: 64, 32, 32), (128, 128, 128)) <= 4)
        #expect(Self.distance(Self.rgb(picture, width: 64, 4, 4), (0, 0, 0)) <= 4)
    }

    /// faststart: the MP4's top-level boxes are ftyp, then moov (the index), then mdat, so a
    /// player can start before the whole file has arrived.
    @Test func mp4PutsTheIndexBeforeTheData() throws {
        let bytes = try Self.encode(.mp4, frames: 30)
        var boxes: [String] = []
        var offset = 0
        while offset + 8 <= bytes.count {
            var size = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
            if size == 1, offset + 16 <= bytes.count { size = bytes[offset + 8..<offset + 16].reduce(0) { $0 << 8 | Int($1) } }
            if size == 0 { size = bytes.count - offset }
            boxes.append(type)
            guard size >= 8 else { break }
            offset += size
        }
        #expect(offset == bytes.count, "the boxes tile the file")
        #expect(boxes.filter { $0 != "free" } == ["ftyp", "moov", "mdat"])
    }

    /// Single-threaded encoders and bit-exact muxing: the same frames give the same file.
    @Test(arguments: VideoFormat.allCases)
    func sameFramesGiveTheSameBytes(_ format: VideoFormat) throws {
        let first = try Self.encode(format, frames: 20)
        let second = try Self.encode(format, frames: 20)
        #expect(first.count > 500)
        #expect(first == second)
    }

    @Test func misuseThrowsTypedErrors() throws {
        #expect(throws: VideoEncodingError.invalidSize(width: 0, height: 10)) {
            try VideoEncoder(format: .mp4, width: 0, height: 10, fps: 30, frameCount: 1)
        }
        #expect(throws: VideoEncodingError.invalidTiming(fps: 30, frameCount: 0)) {
            try VideoEncoder(format: .webm, width: 10, height: 10, fps: 30, frameCount: 0)
        }
        #expect(throws: VideoEncodingError.invalidTiming(fps: 0, frameCount: 5)) {
            try VideoEncoder(format: .webm, width: 10, height: 10, fps: 0, frameCount: 5)
        }
        #expect(throws: VideoEncodingError.invalidTiming(fps: 30, frameCount: .max / 4)) {
            try VideoEncoder(format: .mp4, width: 8192, height: 8192, fps: 30, frameCount: .max / 4)
        }
        let encoder = try VideoEncoder(format: .mp4, width: 128, height: 96, fps: 30, frameCount: 2)
        #expect(throws: VideoEncodingError.frameSizeMismatch(expected: "128×96", got: "64×96")) {
            try encoder.add(Self.frame(0, width: 64))
        }
        try encoder.add(Self.frame(0))
        #expect(throws: VideoEncodingError.missingFrames(declared: 2, added: 1)) { try encoder.finish() }
        try encoder.add(Self.frame(1))
        #expect(throws: VideoEncodingError.tooManyFrames(declared: 2)) { try encoder.add(Self.frame(2)) }
        _ = try encoder.finish()
        #expect(throws: VideoEncodingError.finished) { try encoder.finish() }
        #expect(throws: VideoEncodingError.finished) { try encoder.add(Self.frame(2)) }
    }

    /// A file that outgrows its bound stops with `.outputTooLarge` rather than growing or
    /// crashing: here 1 KiB, where these 30 frames take 2.5 KiB (MP4) and 7 KiB (WebM).
    @Test(arguments: VideoFormat.allCases)
    func outgrowingTheBoundThrows(_ format: VideoFormat) throws {
        let limit = 1024
        let encoder = try VideoEncoder(format: format, width: 128, height: 96, fps: 30, frameCount: 30,
                                       options: .init(crf: 0), outputLimit: limit)
        #expect(throws: VideoEncodingError.outputTooLarge(limit: limit)) {
            for i in 0..<30 { try encoder.add(Self.frame(i)) }
            _ = try encoder.finish()
        }
        // The bound the public initialiser states: the raw yuv420p frames plus overhead.
        let stated = try VideoEncoder(format: format, width: 61, height: 33, fps: 30, frameCount: 10)
        #expect(stated.outputLimit == 62 * 34 * 3 / 2 * 10 + 64 * 1024 + 64 * 10)
    }

    /// The in-memory file: writes past its end extend it, writes after a seek back overwrite, and
    /// nothing passes the limit.
    @Test func memoryFileOverwritesGrowsAndStopsAtItsLimit() {
        let file = MemoryFile(limit: 10)
        func write(_ bytes: [UInt8], at position: Int) -> Bool {
            bytes.withUnsafeBytes { file.write($0, at: position) }
        }
        #expect(write([1, 2, 3, 4], at: 0))
        #expect(write([9, 9], at: 1))
        #expect(write([7], at: 6))
        #expect(file.bytes == [1, 9, 9, 4, 0, 0, 7])
        #expect(!file.overflowed)
        #expect(!write([5, 5, 5, 5], at: 7))
        #expect(file.overflowed)
        #expect(file.bytes == [1, 9, 9, 4, 0, 0, 7])
        #expect(write([5, 5, 5], at: 7))
        var read = [UInt8](repeating: 0, count: 4)
        #expect(read.withUnsafeMutableBytes { file.read(into: $0, at: 8) } == 2)
        #expect(read == [5, 5, 0, 0])
        #expect(read.withUnsafeMutableBytes { file.read(into: $0, at: 10) } == 0)
    }
}
