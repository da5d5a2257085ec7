import Animation
import Testing
@testable import Rendering

/// The renderer leaves out a layer an opaque sibling above it covers, and nothing else.
@Suite struct OcclusionTests {
    static let side = 48
    static let red = Color(red: 1, green: 0, blue: 0)
    /// An opaque white square over the pixels 4…44, edges on pixel boundaries.
    static let cover = Scenes.fill(Scenes.rect(4, 4, 40, 40), .white)
    /// Things wholly inside the cover: a filled rectangle, a stroked circle (round joins: a miter
    /// join could reach ten half-widths out), a group holding a rectangle.
    static let inside = [
        Scenes.fill(Scenes.rect(10, 10, 20, 20), red),
        LayerSnapshot(content: .shape(ShapeContent(path: Path.circle(center: Point(24, 24), radius: 12), fillColor: nil,
                                                   strokeColor: .black, lineWidth: 4, lineJoin: .round))),
        Scenes.group([Scenes.fill(Scenes.rect(0, 0, 8, 8), red)]).moved(by: 16, 16),
    ]

    static func hidden(_ sublayers: [LayerSnapshot]) -> [Int] {
        Occlusion.hiddenSublayers(of: Scenes.group(sublayers), device: .identity).sorted()
    }

    /// The frame drawn with the rule and with every layer drawn.
    static func renders(_ sublayers: [LayerSnapshot]) -> (culled: RenderedImage, everything: RenderedImage) {
        let tree = Scenes.group(sublayers)
        let background = Background.color(Color(r: 0x33, g: 0x66, b: 0x99))
        return (Renderer().render(tree, width: side, height: side, background: background),
                Renderer(cullsCoveredLayers: false).render(tree, width: side, height: side, background: background))
    }

    @Test func anOpaqueFillHidesWhatLiesInsideItAndThePixelsAreTheSame() {
        let layers = Self.inside + [Self.cover]
        #expect(Self.hidden(layers) == [0, 1, 2])
        let (culled, everything) = Self.renders(layers)
        #expect(culled.differingPixels(everything) == 0)
        #expect(culled.isWhite(24, 24) && culled.rgb(2, 2) == [0x33, 0x66, 0x99])
    }

    @Test func anOpaqueBitmapHidesWhatLiesInsideItBlurredOrNot() {
        for blur in [0.0, 6.0] {
            let image = LayerSnapshot(content: .image(ImageContent(bitmap: Scenes.redBlueBitmap(),
                                                                   rect: Rect(x: 4, y: 4, width: 40, height: 40),
                                                                   effect: ImageEffect(blurRadius: blur, saturation: 1.8,
                                                                                       tint: Color(white: 1, alpha: 0.3)))))
            let layers = Self.inside + [image]
            #expect(Self.hidden(layers) == [0, 1, 2], "blur \(blur)")
            let (culled, everything) = Self.renders(layers)
            #expect(culled.differingPixels(everything) == 0, "blur \(blur)")
        }
    }

    /// Covers that are not surely opaque over the inside layers, and layers that are not surely inside.
    static let notHidden: [(String, [LayerSnapshot])] = [
        ("translucent layer", [inside[0], Scenes.fill(Scenes.rect(4, 4, 40, 40), .white, opacity: 0.99)]),
        ("translucent fill", [inside[0], Scenes.fill(Scenes.rect(4, 4, 40, 40), Color(white: 1, alpha: 0.5))]),
        ("translucent bitmap", [inside[0], LayerSnapshot(content: .image(ImageContent(
            bitmap: Bitmap(id: 9_000_101, width: 1, height: 1, pixels: [0x8080_0000]), rect: Rect(x: 4, y: 4, width: 40, height: 40))))]),
        ("masked cover", [inside[0], Scenes.group([], mask: Scenes.rect(0, 0, 48, 48)).with(content: cover.content)]),
        ("round cover", [inside[0], Scenes.fill(Path.circle(center: Point(24, 24), radius: 23), .white)]),
        ("stroke-only cover", [inside[0], Scenes.stroke(Scenes.rect(4, 4, 40, 40), .white, width: 40)]),
        ("container cover", [inside[0], Scenes.group([cover])]),
        ("reaching out", [Scenes.fill(Scenes.rect(2, 10, 20, 20), red), cover]),
        ("stroke reaching out", [Scenes.stroke(Scenes.rect(6, 6, 36, 36), .black, width: 6), cover]),
        ("sublayer reaching out", [Scenes.group([Scenes.fill(Scenes.rect(0, 0, 8, 8), red)]).moved(by: 40, 40), cover]),
        ("text", [LayerSnapshot(content: .text(TextContent(text: "M", center: Point(24, 24), fontSize: 12, color: .black))), cover]),
        ("above the cover", [cover, inside[0]]),
        ("flattened cover", [inside[0], cover.with(transform: .scale(1, 0))]),
    ]

    @Test(arguments: notHidden.indices)
    func whatIsNotSurelyCoveredIsDrawn(_ i: Int) {
        let (name, layers) = Self.notHidden[i]
        #expect(Self.hidden(layers).isEmpty, "\(name)")
        let (culled, everything) = Self.renders(layers)
        #expect(culled.differingPixels(everything) == 0, "\(name)")
    }

    @Test func aRotatedCoverHidesWhatItsTurnedSquareHolds() {
        // The 40-square turned 45° about its centre (24, 24) holds the disc of radius 20 there.
        let turned = Self.cover.with(transform: AffineTransform.translation(24, 24)
            .concatenating(.rotation(.pi / 4)).concatenating(.translation(-24, -24)))
        let centre = Scenes.fill(Scenes.rect(14, 14, 20, 20), Self.red)   // corners 14.1 from the centre
        let corner = Scenes.fill(Scenes.rect(4, 4, 10, 10), Self.red)     // reaches the square's corner
        #expect(Self.hidden([centre, corner, turned]) == [0])
        // Only the turned square's antialiased edges can differ, and the centre layer is far from them.
        let (culled, everything) = Self.renders([centre, turned])
        #expect(culled.differingPixels(everything) == 0)
    }

    @Test func aCoverUnderAFlatteningParentHidesNothing() {
        #expect(Occlusion.hiddenSublayers(of: Scenes.group(Self.inside + [Self.cover]), device: .scale(1e-7, 1e-7)).isEmpty)
    }

    @Test func onlyRectanglesOfAxisParallelSidesAreRecognised() {
        #expect(Occlusion.axisAlignedRectangle(Scenes.rect(1, 2, 3, 4)) == Rect(x: 1, y: 2, width: 3, height: 4))
        let upFirst = Path([.move(Point(5, 5)), .line(Point(5, 0)), .line(Point(0, 0)), .line(Point(0, 5)), .line(Point(5, 5)), .close])
        #expect(Occlusion.axisAlignedRectangle(upFirst) == Rect(x: 0, y: 0, width: 5, height: 5))
        let unclosed = Path([.move(Point(0, 0)), .line(Point(5, 0)), .line(Point(5, 5)), .line(Point(0, 5))])
        #expect(Occlusion.axisAlignedRectangle(unclosed) == Rect(x: 0, y: 0, width: 5, height: 5))

        let notRectangles: [Path] = [
            Path([.move(Point(0, 0)), .line(Point(5, 0)), .line(Point(0, 5)), .close]),
            Path([.move(Point(0, 0)), .line(Point(5, 1)), .line(Point(5, 5)), .line(Point(0, 5)), .close]),
            Path([.move(Point(0, 0)), .line(Point(5, 0)), .line(Point(5, 0)), .line(Point(0, 0)), .close]),
            Path([.move(Point(0, 0)), .line(Point(5, 0)), .line(Point(0, 5)), .line(Point(5, 5)), .close]),
            Path([.move(Point(0, 0)), .line(Point(5, 0)), .cubic(Point(5, 0), Point(5, 5), Point(5, 5)), .line(Point(0, 5)), .close]),
            Scenes.rect(0, 0, 5, 5) + Scenes.rect(10, 10, 5, 5),
            Scenes.rect(0, 0, .infinity, 5),
            Path(),
        ]
        for path in notRectangles { #expect(Occlusion.axisAlignedRectangle(path) == nil, "\(path.elements)") }
    }
}

extension RenderedImage {
    /// How many pixels differ from `other` (of the same size) in any channel.
    func differingPixels(_ other: RenderedImage) -> Int {
        var n = 0
        for y in 0..<height {
            for x in 0..<width where word(x: x, y: y) != other.word(x: x, y: y) { n += 1 }
        }
        return n
    }
}

extension LayerSnapshot {
    func moved(by x: Double, _ y: Double) -> LayerSnapshot { with(transform: .translation(x, y)) }

    func with(transform: AffineTransform) -> LayerSnapshot {
        var copy = self
        copy.transform = transform
        return copy
    }

    func with(content: Content) -> LayerSnapshot {
        var copy = self
        copy.content = content
        return copy
    }
}

extension Path {
    static func + (a: Path, b: Path) -> Path { Path(a.elements + b.elements) }
}
