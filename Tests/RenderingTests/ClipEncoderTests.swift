import Animation
import LayercastTesting
@testable import Rendering
import Testing

/// Animated WebP and GIF clips, decoded again with libwebp's WebPAnimDecoder and giflib's
/// DGifSlurp: frame count, canvas, timing, loop count, and the pixels themselves.
@Suite struct ClipEncoderTests {
    static let renderer = Renderer()
    static let (width, height) = (96, 64)
    static let blue = Color(r: 0, g: 122, b: 255)

    /// A blue disc crossing a light background: frame i has its centre at x = 16 + 6i.
    static func frame(_ i: Int, background: Background = .color(Color(white: 0.95))) -> RenderedImage {
        let disc = Scenes.fill(Path.circle(center: Point(16 + 6 * Double(i), 32), radius: 12), blue)
        return renderer.render(disc, width: width, height: height, background: background)
    }

    /// Each format's encoder as the clip route drives it (a frame and its duration in the format's
    /// unit, then the file), its decoder and its file's magic bytes.
    enum Format: CaseIterable, Sendable {
        case webp, gif

        var unitsPerSecond: Int { self == .webp ? 1000 : 100 }

        func encoder() throws -> (add: (RenderedImage, Int) throws -> Void, finish: () throws -> [UInt8]) {
            switch self {
            case .webp:
                let encoder = try WebPAnimationEncoder(width: ClipEncoderTests.width, height: ClipEncoderTests.height)
                return ({ try encoder.add($0, durationMilliseconds: $1) }, encoder.finish)
            case .gif:
                let encoder = try GIFEncoder(width: ClipEncoderTests.width, height: ClipEncoderTests.height)
                return ({ try encoder.add($0, delayCentiseconds: $1) }, encoder.finish)
            }
        }

        func decode(_ bytes: [UInt8]) throws -> DecodedClip {
            self == .webp ? try ClipDecoder.decodeWebP(bytes) : try ClipDecoder.decodeGIF(bytes)
        }

        func isMagic(_ bytes: [UInt8]) -> Bool {
            self == .webp ? Array(bytes.prefix(4)) == Array("RIFF".utf8) && Array(bytes[8..<12]) == Array("WEBP".utf8)
                : Array(bytes.prefix(6)) == Array("GIF89a".utf8) && bytes.last == 0x3B
        }
    }

    /// Frame count, canvas, timing, loop count and motion survive the round trip; GIF's 256 colours
    /// keep flat colours and antialiased edges almost exactly.
    @Test(arguments: Format.allCases)
    func decodesWithTheRightFramesTimingAndPixels(_ format: Format) throws {
        let durations = ClipTiming(seconds: 0.4, fps: 30).durations(unitsPerSecond: format.unitsPerSecond)
        let encoder = try format.encoder()
        for (i, d) in durations.enumerated() { try encoder.add(Self.frame(i), d) }
        let bytes = try encoder.finish()
        #expect(format.isMagic(bytes))

        let clip = try format.decode(bytes)
        #expect(clip.width == Self.width && clip.height == Self.height)
        #expect(clip.loopCount == 0)
        #expect(clip.frames.count == 12)
        #expect(clip.frames.map(\.duration) == durations)
        #expect(clip.totalDuration == format.unitsPerSecond * 4 / 10)
        // Motion: the disc's centre is blue in its own frame and background three frames later.
        for i in [0, 5, 11] {
            let c = clip.pixel(i, x: 16 + 6 * i, y: 32)
            #expect(c.b > 200 && c.r < 60, "frame \(i) centre \(c)")
        }
        let later = clip.pixel(3, x: 16, y: 32)
        #expect(later.r > 200 && later.g > 200, "the disc has moved on: \(later)")
        #expect(Set(clip.frames.map(\.rgba)).count == 12)
        if format == .gif {
            for i in 0..<12 {
                let diff = maxChannelDifference(clip.frames[i].rgba, straightRGBA(Self.frame(i)))
                #expect(diff <= 12, "frame \(i) differs by \(diff)")
            }
        }
    }

    /// Identical consecutive frames become one longer frame.
    @Test(arguments: Format.allCases)
    func repeatedFramesMergeButKeepTheLength(_ format: Format) throws {
        let encoder = try format.encoder()
        for i in [0, 0, 0, 1, 1] { try encoder.add(Self.frame(i), 10) }
        let clip = try format.decode(try encoder.finish())
        #expect(clip.frames.map(\.duration) == [30, 20])
    }

    @Test(arguments: Format.allCases)
    func framesOfAnotherSizeAndFramesAfterTheEndAreRefused(_ format: Format) throws {
        let small = Self.renderer.render(LayerSnapshot(), width: 10, height: 10, background: .transparent)
        let encoder = try format.encoder()
        #expect(throws: ClipEncodingError.frameSizeMismatch(expected: "96×64", got: "10×10")) { try encoder.add(small, 10) }
        try encoder.add(Self.frame(0), 5)
        _ = try encoder.finish()
        #expect(throws: ClipEncodingError.finished) { try encoder.add(Self.frame(1), 5) }
        #expect(throws: ClipEncodingError.finished) { try encoder.finish() }
    }

    @Test func losslessWebPKeepsEveryPixel() throws {
        let encoder = try WebPAnimationEncoder(width: Self.width, height: Self.height, options: .init(lossless: true))
        for i in 0..<4 { try encoder.add(Self.frame(i), durationMilliseconds: 50) }
        let clip = try ClipDecoder.decodeWebP(try encoder.finish())
        #expect(clip.frames.count == 4)
        for i in 0..<4 {
            #expect(clip.frames[i].rgba == straightRGBA(Self.frame(i)), "frame \(i)")
        }
    }

    @Test func lossyWebPErrorDoesNotBuildUpOverAClip() throws {
        let n = 64
        var pixels = [UInt32](repeating: 0, count: n * n)
        for y in 0..<n {
            for x in 0..<n {
                let r = UInt32(x * 4), g = UInt32(y * 4), b = UInt32(255 - (x + y) * 2)
                pixels[y * n + x] = 0xFF00_0000 | r << 16 | g << 8 | b
            }
        }
        let bitmap = Bitmap(id: 7_000_101, width: n, height: n, pixels: pixels)
        func frame(_ i: Int) -> RenderedImage {
            let turn = AffineTransform.translation(48, 48).concatenating(.rotation(Double(i) * .pi / 90))
                .concatenating(.translation(-60, -60))
            let layer = LayerSnapshot(transform: turn, content: .image(ImageContent(bitmap: bitmap, rect: Rect(x: 0, y: 0, width: 120, height: 120))))
            return Self.renderer.render(layer, width: 96, height: 96, background: .color(.white))
        }
        let encoder = try WebPAnimationEncoder(width: 96, height: 96, options: .init(quality: 75))
        for i in 0..<60 { try encoder.add(frame(i), durationMilliseconds: 40) }
        let clip = try ClipDecoder.decodeWebP(try encoder.finish())
        #expect(clip.frames.count == 60)
        let errors = (0..<60).map { i in
            let source = straightRGBA(frame(i))
            let total = zip(clip.frames[i].rgba, source).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }
            return Double(total) / Double(source.count)
        }
        #expect(errors.max() ?? 99 < 6, "mean error per frame: \(errors.map { ($0 * 10).rounded() / 10 })")
    }

    @Test func gifStoresOnlyTheChangedRectangleOfOpaqueFrames() throws {
        let encoder = try GIFEncoder(width: Self.width, height: Self.height)
        for i in 0..<3 { try encoder.add(Self.frame(i), delayCentiseconds: 5) }
        let clip = try ClipDecoder.decodeGIF(try encoder.finish())
        #expect(clip.frames[0].rect == (0, 0, Self.width, Self.height))
        // The disc (radius 12, antialiased) moves 6 px: the union of its two positions, ~30×26.
        let r = clip.frames[1].rect
        #expect(r.width < 40 && r.height < 30 && r.x >= 2 && r.x <= 5, "rect \(r)")
        #expect(clip.frames.allSatisfy { $0.disposal == 1 && $0.transparentIndex == nil })
    }

    @Test func transparentGifClearsEachFrameAndKeepsOneTransparentIndex() throws {
        let encoder = try GIFEncoder(width: Self.width, height: Self.height)
        for i in 0..<3 { try encoder.add(Self.frame(i, background: .transparent), delayCentiseconds: 5) }
        let clip = try ClipDecoder.decodeGIF(try encoder.finish())
        #expect(clip.frames.count == 3)
        for (i, f) in clip.frames.enumerated() {
            #expect(f.rect == (0, 0, Self.width, Self.height))
            #expect(f.disposal == 2 && f.transparentIndex != nil)
            // The old disc position is clear again; the new one is opaque blue.
            #expect(clip.pixel(i, x: 2, y: 2).a == 0)
            #expect(clip.pixel(i, x: 16 + 6 * i, y: 32) == (0, 122, 255, 255))
        }
        #expect(clip.pixel(0, x: 8, y: 32).a == 255 && clip.pixel(2, x: 8, y: 32).a == 0)
    }

    @Test func encodersRefuseAnEmptyCanvas() {
        #expect(throws: ClipEncodingError.invalidSize(width: 0, height: 5)) { try GIFEncoder(width: 0, height: 5) }
        #expect(throws: ClipEncodingError.invalidSize(width: 5, height: 0)) { try WebPAnimationEncoder(width: 5, height: 0) }
    }

    @Test func changedRectFindsTheSmallestBox() {
        let (w, h) = (7, 5)
        let a = [UInt8](repeating: 9, count: w * h * 4)
        #expect(changedRect(a, a, width: w, height: h) == nil)
        var b = a
        b[(2 * w + 6) * 4 + 1] = 0  // (6, 2), the last column: checked outside the 8-byte loop
        b[(4 * w + 3) * 4 + 3] = 0  // (3, 4)
        #expect(changedRect(a, b, width: w, height: h) == PixelRect(x: 3, y: 2, width: 4, height: 3))
    }

    @Test func garbageIsNotAClip() {
        #expect(throws: ClipDecodingError.self) { try ClipDecoder.decodeWebP(Array("RIFF....WEBPVP8 ".utf8)) }
        #expect(throws: ClipDecodingError.self) { try ClipDecoder.decodeGIF(Array("GIF89a".utf8)) }
    }
}
