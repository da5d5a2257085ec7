import Animation
import Rendering
@testable import LayercastQuartz

/// What the drawing suites share: layers built with the face in a session, drawn by the renderer on
/// a transparent canvas, and read back pixel by pixel.
enum Canvas {
    static let renderer = Renderer()
    static let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    static let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)

    /// Builds a graph with `build` and draws it on a transparent `width` × `height` canvas.
    static func draw(width: Int = 40, height: Int = 40, _ build: () -> Void) -> (RenderedImage, LayerGraph) {
        var graph = LayerGraph()
        _ = LayerSession.run(&graph, handles: LayerHandles(), build)
        let tree = graph.snapshot() ?? LayerSnapshot()
        return (renderer.render(tree, width: width, height: height, background: .transparent), graph)
    }

    /// A root covering the canvas, with nothing of its own.
    static func root(_ width: CGFloat = 40, _ height: CGFloat? = nil) -> CALayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: width, height: height ?? width)
        return root
    }

    static func rgba(_ image: RenderedImage, _ x: Int, _ y: Int) -> [Int] {
        let p = image.pixel(x: x, y: y)
        return [Int(p.r), Int(p.g), Int(p.b), Int(p.a)]
    }

    static func alpha(_ image: RenderedImage, _ x: Int, _ y: Int) -> Int { Int(image.pixel(x: x, y: y).a) }
}
