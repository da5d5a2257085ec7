import Animation
import Foundation
import LayercastTesting
@testable import Rendering
import Testing

/// Whole-frame comparisons against reviewed reference PNGs in `Golden/`, within the standard
/// tolerance (every channel within 8 on at least 99.5 % of pixels), which absorbs antialiasing
/// and font-rasteriser differences between library versions but not a moved or recoloured shape.
@Suite struct GoldenTests {
    @Test(arguments: GoldenScene.allCases)
    func matchesReference(_ scene: GoldenScene) throws {
        try Golden().expect(scene.render(), named: scene.rawValue)
    }

    /// A golden test can fail: a frame unlike its reference records a failure that names the
    /// actual and diff images, and leaves them there; a missing reference fails the same way.
    @Test func aMismatchFailsAndLeavesTheActualAndTheDiff() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("layercast-golden-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let golden = Golden(directory: folder + "/references", failureDirectory: folder + "/failures")
        try FileManager.default.createDirectory(atPath: golden.directory, withIntermediateDirectories: true)
        try Data(PNGEncoder.encode(GoldenScene.artwork.render())).write(to: URL(fileURLWithPath: golden.directory + "/scene.png"))
        let check = golden.check("scene")
        let controls = try PNGEncoder.encode(GoldenScene.controls.render())

        // Only an issue that names both images matches; any other is a failure of this test.
        withKnownIssue {
            golden.expect(controls, named: "scene")
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains(check.actualPath) && text.contains(check.diffPath) && text.contains("within 8")
        }
        let actual = try PNGDecoder.decode(Array(try Data(contentsOf: URL(fileURLWithPath: check.actualPath))))
        let diff = try PNGDecoder.decode(Array(try Data(contentsOf: URL(fileURLWithPath: check.diffPath))))
        #expect(actual.pixels == (try PNGDecoder.decode(controls)).pixels)
        #expect(diff.width == 160 && diff.height == 160)
        // The diff marks differing pixels in red, the rest is the reference dimmed to grey.
        #expect(diff.pixels.contains { ($0 >> 16) & 0xFF >= 128 && ($0 >> 8) & 0xFF == 0 })

        withKnownIssue {
            golden.expect(controls, named: "no-such-reference")
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains(golden.check("no-such-reference").actualPath)
        }
        #expect(FileManager.default.fileExists(atPath: golden.check("no-such-reference").actualPath))

        // A match passes and clears what the failure left.
        try golden.expect(GoldenScene.artwork.render(), named: "scene")
        #expect(!FileManager.default.fileExists(atPath: check.actualPath) && !FileManager.default.fileExists(atPath: check.diffPath))
    }
}

enum GoldenScene: String, CaseIterable, Sendable {
    /// Progress ring (track + trimmed round-capped arc), play triangle, label, faded pill.
    case controls
    /// Blurred, tinted artwork clipped to a rounded square, plus the unblurred thumbnail, on a checkerboard.
    case artwork
    /// A rotated curved shape with the points and bounds overlays.
    case debugOverlay = "debug-overlay"

    func render() -> RenderedImage {
        let renderer = Renderer()
        switch self {
        case .controls:
            return renderer.render(controls, width: 160, height: 160, background: .color(Color(white: 0.97)))
        case .artwork:
            return renderer.render(artwork, width: 160, height: 160,
                                   background: .checkerboard(light: .white, dark: Color(white: 0.85), cell: 8))
        case .debugOverlay:
            return renderer.render(debugShape, width: 160, height: 160, background: .color(.white), debug: [.points, .bounds])
        }
    }

    private var controls: LayerSnapshot {
        let blue = Color(r: 0, g: 122, b: 255)
        let c = Point(80, 70)
        let ring = Path.circle(center: c, radius: 45)
        let track = LayerSnapshot(content: .shape(ShapeContent(path: ring, fillColor: nil, strokeColor: Color(white: 0.85), lineWidth: 8)))
        // Starting at 12 o'clock, as progress rings do.
        let rotated = AffineTransform.translation(c.x, c.y).concatenating(.rotation(-.pi / 2)).concatenating(.translation(-c.x, -c.y))
        let progress = LayerSnapshot(transform: rotated, content: .shape(ShapeContent(
            path: ring, fillColor: nil, strokeColor: blue, lineWidth: 8, lineCap: .round, strokeEnd: 0.65)))
        let play = Scenes.fill(Path([.move(Point(70, 52)), .line(Point(98, 70)), .line(Point(70, 88)), .close]), blue,
                               transform: .identity)
        let label = LayerSnapshot(content: .text(TextContent(text: "65%", center: Point(80, 138), fontSize: 18, color: .black, bold: true)))
        let pill = Scenes.fill(Scenes.roundedRect(10, 122, 40, 30, radius: 10), Color(r: 255, g: 59, b: 48), opacity: 0.5)
        return Scenes.group([track, progress, play, label, pill])
    }

    private var artwork: LayerSnapshot {
        let bitmap = GoldenScene.artworkBitmap
        let square = Scenes.roundedRect(20, 20, 120, 120, radius: 24)
        let backdrop = LayerSnapshot(content: .image(ImageContent(bitmap: bitmap, rect: Rect(x: 20, y: 20, width: 120, height: 120),
                                                                  effect: ImageEffect(blurRadius: 6, tint: Color(white: 0, alpha: 0.25)))),
                                     mask: square)
        let thumbnail = LayerSnapshot(content: .image(ImageContent(bitmap: bitmap, rect: Rect(x: 55, y: 55, width: 50, height: 50))))
        return Scenes.group([backdrop, thumbnail])
    }

    /// Four coloured quadrants with a white diagonal: easy to see blur, stretch and orientation.
    static let artworkBitmap: Bitmap = {
        let n = 32
        var pixels = [UInt32](repeating: 0, count: n * n)
        let colours: [UInt32] = [0xFFFF_3B30, 0xFF34_C759, 0xFF00_7AFF, 0xFFFF_CC00]
        for y in 0..<n {
            for x in 0..<n {
                pixels[y * n + x] = abs(x - y) <= 1 ? 0xFFFF_FFFF : colours[(y / 16) * 2 + x / 16]
            }
        }
        return Bitmap(id: 7_000_001, width: n, height: n, pixels: pixels)
    }()

    private var debugShape: LayerSnapshot {
        var drop = Path()
        drop.move(to: Point(0, -50))
        drop.curve(to: Point(35, 20), control1: Point(20, -25), control2: Point(40, -5))
        drop.curve(to: Point(-35, 20), control1: Point(25, 55), control2: Point(-25, 55))
        drop.curve(to: Point(0, -50), control1: Point(-40, -5), control2: Point(-20, -25))
        drop.close()
        let transform = AffineTransform.translation(80, 80).concatenating(.rotation(.pi / 8))
        return LayerSnapshot(transform: transform, content: .shape(ShapeContent(
            path: drop, fillColor: Color(r: 90, g: 200, b: 250, alpha: 0.6), strokeColor: .black, lineWidth: 2)))
    }
}
