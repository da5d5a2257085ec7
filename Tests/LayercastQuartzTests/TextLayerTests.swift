import Foundation
import Testing
import Animation
@testable import Rendering
@testable import LayercastQuartz

/// CATextLayer: Core Animation's defaults, its font names on installed families with their metrics,
/// alignment, wrapping and truncation in the layer's bounds (docs/design/quartz.md §Text).
@Suite struct TextLayerTests {
    /// A `width` × `height` text layer at the origin, set up by `configure`, drawn on transparent.
    static func draw(width: Int = 120, height: Int = 60, _ configure: @escaping (CATextLayer) -> Void) -> RenderedImage {
        Canvas.draw(width: width, height: height) {
            let root = Canvas.root(CGFloat(width), CGFloat(height))
            let text = CATextLayer()
            text.frame = root.bounds
            configure(text)
            root.addSublayer(text)
        }.0
    }

    /// The columns and rows that hold ink (alpha above a quarter).
    static func ink(_ image: RenderedImage) -> (minX: Int, maxX: Int, minY: Int, maxY: Int)? {
        var box: (Int, Int, Int, Int)?
        for y in 0..<image.height {
            for x in 0..<image.width where image.pixel(x: x, y: y).a > 64 {
                box = box.map { (min($0.0, x), max($0.1, x), min($0.2, y), max($0.3, y)) } ?? (x, x, y, y)
            }
        }
        return box.map { (minX: $0.0, maxX: $0.1, minY: $0.2, maxY: $0.3) }
    }

    @Test func defaultsAreCoreAnimations() {
        var graph = LayerGraph()
        _ = LayerSession.run(&graph, handles: LayerHandles()) {
            let t = CATextLayer()
            #expect(t.string == nil && t.fontSize == 36 && t.alignmentMode == .natural && !t.isWrapped && t.truncationMode == .none)
            #expect(t.foregroundColor == CGColor(red: 1, green: 1, blue: 1, alpha: 1) && t.font as? NSString == "Helvetica")
            t.font = UIFont.systemFont(ofSize: 13, weight: .semibold)
            #expect(t.font as? NSString == ".SFUI-Semibold" && t.fontSize == 36, "the font's size is not used")
        }
        // White by default, from the top.
        let image = Self.draw { $0.string = "Hi" }
        let box = Self.ink(image)
        #expect(box.map { $0.minY < 12 && $0.maxY < 45 } == true, "\(String(describing: box))")
        if let box { #expect(Canvas.rgba(image, box.minX + 2, (box.minY + box.maxY) / 2)[0...2] == [255, 255, 255]) }
    }

    /// iOS's names on installed families: Helvetica's on Liberation Sans, whose advances are
    /// Helvetica's (H e l l o is 722 + 556 + 222 + 222 + 556 thousandths of an em in Helvetica's AFM).
    @Test func fontNamesMapToFamiliesWithTheirMetrics() throws {
        #expect(FontMapping.face(for: ".SFUI-Semibold") == .init(family: "Inter", weight: 600, italic: false))
        #expect(FontMapping.face(for: "Helvetica-BoldOblique") == .init(family: "Liberation Sans", weight: 700, italic: true))
        #expect(FontMapping.face(for: "Menlo-Regular") == .init(family: "Liberation Mono", weight: 400, italic: false))
        let mono = UIFont.monospacedSystemFont(ofSize: 12, weight: .medium).fontName
        #expect(FontMapping.face(for: mono) == .init(family: "Liberation Mono", weight: 500, italic: false), "\(mono)")
        #expect(FontMapping.face(for: "TimesNewRomanPSMT") == .init(family: "Liberation Serif", weight: 400, italic: false))
        #expect(UIFont.boldSystemFont(ofSize: 12).fontName == ".SFUI-Bold" && UIFont(name: "Avenir-Heavy", size: 9)?.familyName == "Avenir")
        var style = TextStyle()
        style.string = "Hello"
        let content = try #require(style.content(in: Rect(x: 0, y: 0, width: 500, height: 100)))
        let measured = try #require(measureTextBlock(content))
        #expect(abs(measured.width - 2278.0 / 1000 * 36) < 0.05, "\(measured)")
    }

    /// Left, centre and right place the line's ink against the bounds' left, middle and right.
    @Test func alignmentPlacesTheLine() throws {
        func box(_ mode: CATextLayerAlignmentMode) throws -> (minX: Int, maxX: Int, minY: Int, maxY: Int) {
            try #require(Self.ink(Self.draw {
                $0.string = "HHH"
                $0.fontSize = 16
                $0.alignmentMode = mode
            }))
        }
        let (left, centre, right) = (try box(.left), try box(.center), try box(.right))
        #expect(left.minX <= 3 && right.maxX >= 116, "\(left) \(right)")
        #expect(abs(Double(centre.minX + centre.maxX) / 2 - 60) <= 1.5, "\(centre)")
        #expect(right.maxX - right.minX == left.maxX - left.minX)
        #expect(try box(.natural) == left)
    }

    /// One line unless it wraps; wrapped, as many lines as the width needs; truncated, an ellipsis
    /// ends it inside the bounds instead of the bounds cutting it.
    @Test func wrappingAndTruncation() throws {
        let words = "the quick brown fox jumps over the lazy dog"
        func style(_ configure: (inout TextStyle) -> Void) throws -> (width: Double, height: Double, lines: Int) {
            var s = TextStyle()
            s.string = words
            s.fontSize = 14
            configure(&s)
            let content = try #require(s.content(in: Rect(x: 0, y: 0, width: 120, height: 60)))
            return try #require(measureTextBlock(content))
        }
        let oneLine = try style { _ in }
        #expect(oneLine.lines == 1 && oneLine.width > 120)
        let wrapped = try style { $0.isWrapped = true }
        #expect(wrapped.lines >= 3 && wrapped.width <= 120, "\(wrapped)")
        let truncated = try style { $0.truncation = .end }
        #expect(truncated.lines == 1 && truncated.width <= 120, "\(truncated)")
        let both = try style { $0.isWrapped = true; $0.truncation = .end; $0.fontSize = 20 }
        #expect(both.height <= 60 && both.lines >= 2, "the lines that fit, the last one truncated: \(both)")

        let cut = try #require(Self.ink(Self.draw { $0.string = words; $0.fontSize = 14 }))
        let ended = try #require(Self.ink(Self.draw { $0.string = words; $0.fontSize = 14; $0.truncationMode = .end }))
        #expect(cut.maxX >= 118 && ended.maxX < 118, "\(cut) \(ended)")
    }

    /// A string too long to lay out in a frame's budget is refused when the command commits.
    @Test func anOverlongStringIsFound() throws {
        var graph = LayerGraph()
        var id: LayerID?
        _ = LayerSession.run(&graph, handles: LayerHandles()) {
            let root = Canvas.root()
            let text = CATextLayer()
            text.string = String(repeating: "x", count: LayerGraph.maxTextLength + 1)
            root.addSublayer(text)
            id = LayerSession.id(of: text)
        }
        #expect(graph.firstOverlongText() == id)
    }
}
