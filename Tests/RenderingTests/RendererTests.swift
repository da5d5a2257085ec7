import Animation
import Foundation
import Testing
@testable import Rendering

@Suite struct RendererTests {
    let renderer = Renderer()
    let white = Background.color(.white)

    @Test func filledSquareHasExactEdges() {
        let image = renderer.render(Scenes.fill(Scenes.rect(10, 10, 20, 20)), width: 40, height: 40, background: white)
        #expect(image.width == 40 && image.height == 40 && image.stride == 160)
        for (x, y) in [(10, 10), (20, 20), (29, 29), (10, 29)] {
            #expect(image.rgb(x, y) == [0, 0, 0], "inside (\(x),\(y))")
            #expect(image.pixel(x: x, y: y).a == 255)
        }
        for (x, y) in [(9, 9), (30, 30), (30, 15), (15, 9), (0, 0), (39, 39)] {
            #expect(image.isWhite(x, y), "outside (\(x),\(y))")
        }
    }

    /// A stream's next frame is drawn into its previous frame's pixels: the same buffer, cleared
    /// first (on a transparent background nothing of the earlier frame shows), and a buffer of
    /// another size is not used.
    @Test func aRecycledBufferIsDrawnIntoAgain() {
        // Only the pixels outlive the call, as only they outlive a stream's tick.
        func draw() -> [UInt8] {
            renderer.render(Scenes.fill(Scenes.rect(0, 0, 40, 40)), width: 40, height: 40, background: .transparent).pixels
        }
        let pixels = draw()
        let address = pixels.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        let second = renderer.render(Scenes.fill(Scenes.rect(10, 10, 20, 20)), width: 40, height: 40,
                                     background: .transparent, recycling: consume pixels)
        #expect(second.pixels.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) } == address)
        #expect(second.pixel(x: 0, y: 0).a == 0 && second.pixel(x: 15, y: 15).a == 255)
        let other = renderer.render(Scenes.fill(Scenes.rect(0, 0, 8, 8)), width: 8, height: 8, background: white,
                                    recycling: second.pixels)
        #expect(other.width == 8 && other.pixels.count == 8 * other.stride)
    }

    @Test func evenOddLeavesAHole() {
        var path = Scenes.rect(0, 0, 40, 40)
        path.elements += Scenes.rect(10, 10, 20, 20).elements
        let image = renderer.render(Scenes.fill(path, rule: .evenOdd), width: 40, height: 40, background: white)
        #expect(image.rgb(5, 5) == [0, 0, 0])
        #expect(image.isWhite(20, 20))
        let nonZero = renderer.render(Scenes.fill(path), width: 40, height: 40, background: white)
        #expect(nonZero.rgb(20, 20) == [0, 0, 0])
    }

    @Test func strokedArcStopsAtButtEnds() {
        let c = Point(50, 50)
        let arc = Path.arc(center: c, radius: 30, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        let image = renderer.render(Scenes.stroke(arc, Color(red: 1, green: 0, blue: 0), width: 6),
                                    width: 100, height: 100, background: white)
        let (mx, my) = px(Scenes.point(c, 30, .pi / 4))
        #expect(image.rgb(mx, my) == [255, 0, 0])
        // 0.2 rad ≈ 6 px past each end, well beyond antialiasing.
        for angle in [-0.2, .pi / 2 + 0.2] {
            let (x, y) = px(Scenes.point(c, 30, angle))
            #expect(image.isWhite(x, y), "past the butt end at \(angle)")
        }
        #expect(image.isWhite(50, 50))
    }

    @Test func trimmedStrokeColoursOnlyItsQuarter() {
        let c = Point(50, 50)
        let layer = Scenes.stroke(Path.circle(center: c, radius: 30), .black, width: 4, start: 0.25, end: 0.5)
        let image = renderer.render(layer, width: 100, height: 100, background: white)
        for angle in [0.6, 0.75, 0.9].map({ $0 * .pi }) {
            let (x, y) = px(Scenes.point(c, 30, angle))
            #expect(image.rgb(x, y) == [0, 0, 0], "inside the trim at \(angle)")
        }
        for angle in [0.25, 0.4, 1.1, 1.25, 1.75].map({ $0 * .pi }) {
            let (x, y) = px(Scenes.point(c, 30, angle))
            #expect(image.isWhite(x, y), "outside the trim at \(angle)")
        }
    }

    @Test func groupOpacityComposesOnce() {
        let squares = [Scenes.fill(Scenes.rect(0, 0, 30, 30)), Scenes.fill(Scenes.rect(10, 10, 30, 30))]
        let image = renderer.render(Scenes.group(squares, opacity: 0.5), width: 40, height: 40, background: white)
        for (x, y) in [(5, 5), (20, 20), (35, 35)] {
            let grey = image.rgb(x, y)
            #expect(grey[0] >= 126 && grey[0] <= 129 && grey[0] == grey[1] && grey[1] == grey[2], "\(grey)")
        }
        #expect(image.isWhite(35, 5))
    }

    @Test func zeroOpacityHidesTheSubtree() {
        let image = renderer.render(Scenes.group([Scenes.fill(Scenes.rect(0, 0, 40, 40))], opacity: 0),
                                    width: 40, height: 40, background: white)
        #expect(image.isWhite(20, 20))
    }

    @Test func maskClipsContentAndSublayers() {
        let node = LayerSnapshot(content: .shape(ShapeContent(path: Scenes.rect(0, 0, 40, 40))),
                                 mask: Scenes.rect(0, 0, 20, 40),
                                 sublayers: [Scenes.fill(Scenes.rect(0, 0, 40, 40), Color(red: 0, green: 0, blue: 1))])
        let image = renderer.render(node, width: 40, height: 40, background: white)
        #expect(image.rgb(10, 20) == [0, 0, 255])
        #expect(image.isWhite(19 + 2, 20))
        #expect(image.isWhite(35, 5))
    }

    @Test func rotationMovesTheShape() {
        // A bar along +x from the layer's origin; turned 90° it must point down (+y).
        let transform = AffineTransform.translation(50, 50).concatenating(.rotation(.pi / 2))
        let bar = Scenes.fill(Scenes.rect(10, -3, 25, 6), transform: transform)
        let image = renderer.render(bar, width: 100, height: 100, background: white)
        #expect(image.rgb(50, 70) == [0, 0, 0])
        #expect(image.isWhite(70, 50))
        #expect(image.isWhite(50, 30))
    }

    @Test func singularTransformDoesNotBreakSiblings() {
        let collapsed = Scenes.fill(Scenes.rect(0, 0, 40, 40), transform: .scale(0, 0))
        let nan = Scenes.fill(Scenes.rect(0, 0, 40, 40), transform: .translation(.nan, 0))
        let visible = Scenes.fill(Scenes.rect(10, 10, 10, 10))
        let image = renderer.render(Scenes.group([collapsed, nan, visible]), width: 40, height: 40, background: white)
        #expect(image.rgb(15, 15) == [0, 0, 0])
        #expect(image.isWhite(30, 30))
    }

    @Test func textDrawsInsideItsBox() {
        let text = LayerSnapshot(content: .text(TextContent(text: "Hello", center: Point(60, 40), fontSize: 20, color: .black)))
        let image = renderer.render(text, width: 120, height: 80, background: white)
        var dark = 0
        var minX = Int.max, maxX = Int.min, minY = Int.max, maxY = Int.min
        for y in 0..<80 {
            for x in 0..<120 where image.rgb(x, y)[0] < 128 {
                dark += 1
                (minX, maxX, minY, maxY) = (min(minX, x), max(maxX, x), min(minY, y), max(maxY, y))
            }
        }
        #expect(dark > 50)
        // "Hello" at 20 px is about 52 px wide and 15 px tall (cap height), centred on (60, 40).
        #expect(minX >= 25 && maxX <= 95 && minY >= 25 && maxY <= 55, "ink box \(minX)…\(maxX) × \(minY)…\(maxY)")
        #expect(abs((minX + maxX) / 2 - 60) <= 3)
        #expect(abs((minY + maxY) / 2 - 40) <= 4)
    }

    /// Fontconfig turns hinting off below about 8 px, and Cairo keeps the font it resolved for a
    /// family at the first size asked for. Text must not depend on that history: two spellings of
    /// the same family (two toy faces), first resolved at 4 px and at 20 px, draw 20 px text alike.
    @Test func textDoesNotDependOnTheSizeAFontWasFirstResolvedAt() {
        func draw(_ family: String, _ size: Double) -> RenderedImage {
            let text = LayerSnapshot(content: .text(TextContent(text: "0:02.5", center: Point(60, 40.3), fontFamily: family,
                                                                fontSize: size, color: .black)))
            return renderer.render(text, width: 120, height: 80, background: white)
        }
        _ = draw("dejavu sans", 4)
        _ = draw("DEJAVU SANS", 20)
        #expect(draw("dejavu sans", 20) == draw("DEJAVU SANS", 20))
    }

    @Test func checkerboardAlternates() {
        let grey = Color(white: 0.8)
        let image = renderer.render(LayerSnapshot(), width: 40, height: 40,
                                    background: .checkerboard(light: .white, dark: grey, cell: 10))
        #expect(image.rgb(5, 5) == [255, 255, 255])
        #expect(image.rgb(15, 5) == [204, 204, 204])
        #expect(image.rgb(5, 15) == [204, 204, 204])
        #expect(image.rgb(15, 15) == [255, 255, 255])
        #expect(image.rgb(39, 39) == [255, 255, 255])
        #expect(image.rgb(9, 0) == [255, 255, 255] && image.rgb(10, 0) == [204, 204, 204])
    }

    @Test func transparentBackgroundKeepsAlpha() {
        let image = renderer.render(Scenes.fill(Scenes.rect(0, 0, 10, 10), Color(red: 1, green: 0, blue: 0, alpha: 0.5)),
                                    width: 20, height: 20, background: .transparent)
        #expect(image.pixel(x: 15, y: 15).a == 0)
        let p = image.pixel(x: 5, y: 5)
        #expect(p.a >= 127 && p.a <= 128 && p.r == 255 && p.g == 0)
        #expect(!image.isOpaque)
    }

    @Test func imageStretchesToItsRectWithTint() {
        let bitmap = Scenes.redBlueBitmap()
        let node = LayerSnapshot(content: .image(ImageContent(bitmap: bitmap, rect: Rect(x: 10, y: 10, width: 40, height: 20))))
        let image = renderer.render(node, width: 60, height: 40, background: white)
        #expect(image.rgb(15, 20) == [255, 0, 0])
        #expect(image.rgb(45, 20) == [0, 0, 255])
        #expect(image.isWhite(5, 20) && image.isWhite(30, 35))

        let tinted = LayerSnapshot(content: .image(ImageContent(bitmap: bitmap, rect: Rect(x: 10, y: 10, width: 40, height: 20),
                                                                effect: ImageEffect(tint: Color(white: 0, alpha: 0.5)))))
        let dimmed = renderer.render(tinted, width: 60, height: 40, background: white)
        #expect(abs(dimmed.rgb(15, 20)[0] - 128) <= 1 && dimmed.rgb(15, 20)[2] == 0)
        #expect(dimmed.isWhite(5, 20))
    }

    @Test func debugOverlayMarksPointsAndBounds() {
        let c = Point(50, 50)
        let layer = Scenes.stroke(Path.circle(center: c, radius: 30), .black, width: 2)
        let image = renderer.render(layer, width: 100, height: 100, background: white, debug: [.points, .bounds])
        // On-curve dot at the circle's start point, in the overlay's pink.
        #expect(image.rgb(80, 50) == [255, 45, 85])
        // Control point of the first cubic at (80, 66.6): hollow, so its centre stays white
        // and its ring, 3 px out, is blue.
        let k = Scenes.kappa * 30
        #expect(image.isWhite(80, Int(50 + k)))
        let ring = image.rgb(83, Int(50 + k))
        #expect(ring[2] == 255 && ring[0] < 120, "\(ring)")
        // The bounding box's top-left corner region, away from dots and handles, is green.
        let edge = image.rgb(20, 25)
        #expect(edge[1] > edge[0] + 60 && edge[1] > edge[2] + 60, "\(edge)")
        let plain = renderer.render(layer, width: 100, height: 100, background: white)
        #expect(plain.isWhite(20, 25) && plain.isWhite(83, Int(50 + k)) && plain.rgb(80, 50) != [255, 45, 85])
    }
}

@Suite struct ConcurrentRenderingTests {
    @Test func oneRendererServesManyTasks() async {
        let renderer = Renderer()
        let bitmap = Scenes.redBlueBitmap(id: 9_100_001)
        let scene = Scenes.group([
            LayerSnapshot(content: .image(ImageContent(bitmap: bitmap, rect: Rect(x: 0, y: 0, width: 64, height: 64),
                                                       effect: ImageEffect(blurRadius: 5)))),
            Scenes.stroke(Path.circle(center: Point(32, 32), radius: 20), .black, width: 3, cap: .round, start: 0.1, end: 0.7),
            LayerSnapshot(content: .text(TextContent(text: "42", center: Point(32, 32), fontSize: 14, color: .white))),
        ])
        let reference = renderer.render(scene, width: 64, height: 64, background: .color(.white))
        await withTaskGroup(of: RenderedImage.self) { group in
            for _ in 0..<16 {
                group.addTask { renderer.render(scene, width: 64, height: 64, background: .color(.white)) }
            }
            for await image in group { #expect(image == reference) }
        }
        #expect(renderer.blurRuns == 1)
    }
}
