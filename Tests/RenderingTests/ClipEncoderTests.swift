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
        let disc = Scenes.fill(Scenes.circle(center: Point(16 + 6 * Double(i), 32), radius: 12), blue)
        return renderer.render(disc, width: width, height: height, background: background)
    }

    @Test func webPDecodesWithTheRightFramesTimingAndMotion() throws {
        let timing = ClipTiming(seconds: 0.4, fps: 30)
        let encoder = try WebPAnimationEncoder(width: Self.width, height: Self.height)
        let durations = timing.durations(unitsPerSecond: 1000)
        for (i, d) in durations.enumerated() { try encoder.add(Self.frame(i), durationMilliseconds: d) }
        let bytes = try encoder.finish()
        #expect(Array(bytes.prefix(4)) == Array("RIFF".utf8) && Array(bytes[8..<12]) == Array("WEBP".utf8))

        let clip = try ClipDecoder.decodeWebP(bytes)
        #expect(clip.width == Self.width && clip.height == Self.height)
        #expect(clip.loopCount == 0)
        #expect(clip.frames.count == 12)
        #expect(clip.frames.map(\.duration) == durations)
        #expect(clip.totalDuration == 400)
        // Motion: the disc's centre is blue in its own frame and background three frames later.
        for i in [0, 5, 11] {
            let c = clip.pixel(i, x: 16 + 6 * i, y: 32)
            #expect(c.b > 200 && c.r < 60, "frame \(i) centre \(c)")
        }
        let later = clip.pixel(3, x: 16, y: 32)
        #expect(later.r > 200 && later.g > 200, "the disc has moved on: \(later)")
        #expect(Set(clip.frames.map(\.rgba)).count == 12)
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

    @Test func webPMergesRepeatedFramesButKeepsTheLength() throws {
        let encoder = try WebPAnimationEncoder(width: Self.width, height: Self.height)
        for i in [0, 0, 0, 1, 1] { try encoder.add(Self.frame(i), durationMilliseconds: 100) }
        let clip = try ClipDecoder.decodeWebP(try encoder.finish())
        #expect(clip.totalDuration == 500)
        #expect(clip.frames.map(\.duration) == [300, 200])
    }

    /// A slowly turning smooth gradient: each frame changes every pixel a little, which is where
    /// lossy sub-frames let the error build up unless key frames reset it.
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

    @Test func gifDecodesWithTheRightFramesDelaysLoopAndPixels() throws {
        let timing = ClipTiming(seconds: 0.4, fps: 30)
        let encoder = try GIFEncoder(width: Self.width, height: Self.height)
        let delays = timing.durations(unitsPerSecond: 100)
        for (i, d) in delays.enumerated() { try encoder.add(Self.frame(i), delayCentiseconds: d) }
        let bytes = try encoder.finish()
        #expect(Array(bytes.prefix(6)) == Array("GIF89a".utf8))
        #expect(bytes.last == 0x3B)

        let clip = try ClipDecoder.decodeGIF(bytes)
        #expect(clip.width == Self.width && clip.height == Self.height)
        #expect(clip.loopCount == 0)
        #expect(clip.frames.count == 12)
        #expect(clip.frames.map(\.duration) == delays)
        #expect(clip.totalDuration == 40)
        // Flat colours and antialiased edges survive 256-colour quantisation almost exactly.
        for i in 0..<12 {
            let diff = maxChannelDifference(clip.frames[i].rgba, straightRGBA(Self.frame(i)))
            #expect(diff <= 12, "frame \(i) differs by \(diff)")
        }
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

    @Test func gifMergesRepeatedFrames() throws {
        let encoder = try GIFEncoder(width: Self.width, height: Self.height)
        for i in [0, 0, 1, 1, 1] { try encoder.add(Self.frame(i), delayCentiseconds: 4) }
        let clip = try ClipDecoder.decodeGIF(try encoder.finish())
        #expect(clip.frames.map(\.duration) == [8, 12])
        #expect(encoder.frameCount == 2)
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

    @Test func framesOfAnotherSizeAreRefused() throws {
        let small = Self.renderer.render(LayerSnapshot(), width: 10, height: 10, background: .transparent)
        let webp = try WebPAnimationEncoder(width: Self.width, height: Self.height)
        #expect(throws: ClipEncodingError.frameSizeMismatch(expected: "96×64", got: "10×10")) {
            try webp.add(small, durationMilliseconds: 10)
        }
        let gif = try GIFEncoder(width: Self.width, height: Self.height)
        #expect(throws: ClipEncodingError.frameSizeMismatch(expected: "96×64", got: "10×10")) {
            try gif.add(small, delayCentiseconds: 1)
        }
        #expect(throws: ClipEncodingError.invalidSize(width: 0, height: 5)) { try GIFEncoder(width: 0, height: 5) }
    }

    @Test func finishedEncodersRefuseMoreFrames() throws {
        let gif = try GIFEncoder(width: Self.width, height: Self.height)
        try gif.add(Self.frame(0), delayCentiseconds: 5)
        _ = try gif.finish()
        #expect(throws: ClipEncodingError.finished) { try gif.add(Self.frame(1), delayCentiseconds: 5) }
        let webp = try WebPAnimationEncoder(width: Self.width, height: Self.height)
        try webp.add(Self.frame(0), durationMilliseconds: 5)
        _ = try webp.finish()
        #expect(throws: ClipEncodingError.finished) { try webp.finish() }
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
