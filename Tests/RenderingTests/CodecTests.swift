import Animation
import CCairo
import Foundation
import LayercastTesting
import Testing
@testable import Rendering
import SeedControls

/// Red left half, blue right half, a black bar across, on white: opaque, with antialiased edges.
func codecScene(width: Int = 64, height: Int = 48) -> RenderedImage {
    let w = Double(width), h = Double(height)
    let scene = Scenes.group([
        Scenes.fill(Scenes.rect(0, 0, w / 2, h), Color(red: 1, green: 0, blue: 0)),
        Scenes.fill(Scenes.rect(w / 2, 0, w / 2, h), Color(red: 0, green: 0, blue: 1)),
        Scenes.stroke(Path.circle(center: Point(w / 2, h / 2), radius: h / 3), .black, width: 3.5),
    ])
    return Renderer().render(scene, width: width, height: height, background: .color(.white))
}

@Suite struct JPEGEncoderTests {

    @Test func decodesToTheRightSizeAndColours() throws {
        let jpeg = try JPEGEncoder.encode(codecScene(), quality: 90)
        #expect(jpeg.starts(with: [0xFF, 0xD8]) && jpeg.suffix(2) == [0xFF, 0xD9])
        let decoded = try RGBAImage.jpeg(jpeg)
        #expect(decoded.width == 64 && decoded.height == 48)
        func rgb(_ x: Int, _ y: Int) -> [Int] { let p = decoded.pixel(x, y); return [p.r, p.g, p.b] }
        func near(_ a: [Int], _ b: [Int], _ tolerance: Int = 12) -> Bool { zip(a, b).allSatisfy { abs($0 - $1) <= tolerance } }
        #expect(near(rgb(4, 4), [255, 0, 0]), "\(rgb(4, 4))")
        #expect(near(rgb(60, 44), [0, 0, 255]), "\(rgb(60, 44))")
        #expect(near(rgb(32, 8), [0, 0, 0], 40), "\(rgb(32, 8))")  // on the ring, chroma is shared 2×2
    }

    @Test func qualityChangesTheSize() throws {
        let image = codecScene(width: 160, height: 120)
        let low = try JPEGEncoder.encode(image, quality: 10)
        let high = try JPEGEncoder.encode(image, quality: 95)
        #expect(low.count < high.count)
        // Out-of-range qualities are clamped, not rejected.
        #expect(try JPEGEncoder.encode(image, quality: 0) == JPEGEncoder.encode(image, quality: 1))
        #expect(try JPEGEncoder.encode(image, quality: 500) == JPEGEncoder.encode(image, quality: 100))
    }

    @Test func concurrentEncodesAgree() async throws {
        let image = codecScene()
        let reference = try JPEGEncoder.encode(image, quality: 80)
        try await withThrowingTaskGroup(of: [UInt8].self) { group in
            for _ in 0..<16 { group.addTask { try JPEGEncoder.encode(image, quality: 80) } }
            for try await bytes in group { #expect(bytes == reference) }
        }
    }
}

@Suite struct PNGCodecTests {

    func words(_ image: RenderedImage) -> [UInt32] {
        (0..<image.height).flatMap { y in (0..<image.width).map { x in image.word(x: x, y: y) } }
    }

    @Test func opaqueRoundTripIsExact() throws {
        let image = codecScene()
        let png = try PNGEncoder.encode(image)
        #expect(png.starts(with: PNGDecoder.signature))
        #expect(png[25] == 2)  // IHDR colour type: truecolour, no alpha for an opaque frame
        let bitmap = try PNGDecoder.decode(png)
        #expect(bitmap.width == 64 && bitmap.height == 48)
        #expect(bitmap.pixels == words(image))
    }

    @Test func transparentBackgroundKeepsAlpha() throws {
        let half = Color(red: 1, green: 0, blue: 0, alpha: 0.5)
        let image = Renderer().render(Scenes.fill(Scenes.rect(0, 0, 8, 8), half), width: 16, height: 16, background: .transparent)
        let png = try PNGEncoder.encode(image)
        #expect(png[25] == 6)  // truecolour with alpha
        let bitmap = try PNGDecoder.decode(png)
        #expect(bitmap.pixels[15 * 16 + 15] == 0)
        let v = bitmap.pixels[4 * 16 + 4], a = Int(v >> 24), r = Int((v >> 16) & 0xFF)
        #expect(abs(a - 128) <= 1 && abs(r - a) <= 1 && v & 0xFFFF == 0, "\(String(v, radix: 16))")
    }

    @Test func cairoReadsTheEncoderOutput() throws {
        let png = try PNGEncoder.encode(codecScene())
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("layercast-\(UUID()).png")
        try Data(png).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let surface = try #require(cairo_image_surface_create_from_png(url.path))
        defer { cairo_surface_destroy(surface) }
        let status = cairo_surface_status(surface)
        #expect(cairo_image_surface_get_width(surface) == 64 && cairo_image_surface_get_height(surface) == 48)
        #expect(status == CAIRO_STATUS_SUCCESS)
    }
}
