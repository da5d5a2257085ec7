import Foundation
import Testing
import Animation
import Rendering
@testable import LayercastQuartz

/// CAReplicatorLayer: instances placed by the instance transform about the centre, tinted by the
/// instance colour and offsets, drawn in index order, and bounded in number (docs/design/quartz.md
/// §Replicators).
@Suite struct ReplicatorLayerTests {
    /// A replicator filling a `width` × `height` canvas with one `size` square sublayer at `origin`.
    static func draw(width: Int = 60, height: Int = 40, origin: CGPoint, size: CGFloat = 10,
                     color: CGColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1),
                     _ configure: @escaping (CAReplicatorLayer) -> Void) -> RenderedImage {
        Canvas.draw(width: width, height: height) {
            let root = Canvas.root(CGFloat(width), CGFloat(height))
            let replicator = CAReplicatorLayer()
            replicator.frame = root.bounds
            let square = CALayer()
            square.frame = CGRect(origin: origin, size: CGSize(width: size, height: size))
            square.backgroundColor = color
            replicator.addSublayer(square)
            configure(replicator)
            root.addSublayer(replicator)
        }.0
    }

    static func byte(_ v: Double) -> Int { Int((min(max(v, 0), 1) * 255).rounded()) }

    /// Apple's example, smaller: five copies along x, green and blue falling by a fifth each, from
    /// white to red.
    @Test func offsetsTintEachInstanceFromTheLast() {
        let image = Self.draw(origin: CGPoint(x: 1, y: 1)) {
            $0.instanceCount = 5
            $0.instanceTransform = CATransform3DMakeTranslation(12, 0, 0)
            $0.instanceGreenOffset = -0.2
            $0.instanceBlueOffset = -0.2
        }
        for k in 0..<5 {
            let fall = Self.byte(1 - 0.2 * Double(k))
            #expect(Canvas.rgba(image, 6 + 12 * k, 6) == [255, fall, fall, 255], "instance \(k)")
        }
        #expect(Canvas.alpha(image, 6 + 12 * 5, 6) == 0, "no sixth")
    }

    /// A quarter turn about the replicator's centre (20, 20) carries the top square to the right,
    /// the bottom and the left, clockwise on screen.
    @Test func theInstanceTransformTurnsAboutTheCentre() {
        let image = Self.draw(width: 40, origin: CGPoint(x: 17, y: 2), size: 6) {
            $0.instanceCount = 4
            $0.instanceTransform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        }
        for (x, y) in [(20, 5), (35, 20), (20, 35), (5, 20)] { #expect(Canvas.alpha(image, x, y) == 255, "(\(x), \(y))") }
        for (x, y) in [(20, 20), (5, 5), (35, 35)] { #expect(Canvas.alpha(image, x, y) == 0, "(\(x), \(y))") }
    }

    /// The alpha offset fades each instance; the instance colour multiplies the first.
    @Test func alphaFadesAndTheColourMultiplies() {
        let image = Self.draw(origin: CGPoint(x: 1, y: 1), color: CGColor(red: 1, green: 0.5, blue: 1, alpha: 1)) {
            $0.instanceCount = 4
            $0.instanceTransform = CATransform3DMakeTranslation(12, 0, 0)
            $0.instanceColor = CGColor(red: 0.5, green: 1, blue: 1, alpha: 1)
            $0.instanceAlphaOffset = -0.25
        }
        for k in 0..<4 {
            let p = Canvas.rgba(image, 6 + 12 * k, 6)
            #expect(abs(p[3] - Self.byte(1 - 0.25 * Double(k))) <= 1, "instance \(k): \(p)")
            #expect(abs(p[0] - 128) <= 2 && abs(p[1] - 128) <= 2 && abs(p[2] - 255) <= 2, "instance \(k): \(p)")
        }
    }

    /// Later instances are drawn over earlier ones; a count below one draws nothing.
    @Test func laterInstancesLieOnTopAndNoneDrawNothing() {
        let overlapping = Self.draw(origin: CGPoint(x: 1, y: 1)) {
            $0.instanceCount = 2
            $0.instanceTransform = CATransform3DMakeTranslation(5, 0, 0)
            $0.instanceRedOffset = -1
        }
        #expect(Canvas.rgba(overlapping, 8, 6) == [0, 255, 255, 255], "the second, cyan, over the first")
        for count in [0, -3] {
            let none = Self.draw(origin: CGPoint(x: 1, y: 1)) { $0.instanceCount = count }
            #expect(none.pixels.allSatisfy { $0 == 0 }, "count \(count)")
        }
    }

    @Test func defaultsAndKeysAreCoreAnimations() {
        var graph = LayerGraph()
        _ = LayerSession.run(&graph, handles: LayerHandles()) {
            let r = CAReplicatorLayer()
            #expect(r.instanceCount == 1 && CATransform3DIsIdentity(r.instanceTransform) && r.instanceDelay == 0)
            #expect(r.instanceColor == nil && r.instanceRedOffset == 0 && r.instanceAlphaOffset == 0 && !r.preservesDepth)
            r.setValue(7, forKey: "instanceCount")
            r.instanceDelay = 0.1
            #expect(r.value(forKey: "instanceCount") as? Int == 7 && r.instanceDelay == 0.1)
        }
    }

    /// A frame's layers are counted before it is drawn: a hundred instances of a hundred layers is
    /// past the budget, and the replicator drawing the most instances is the one to name.
    @Test func instancesAreCountedAgainstTheBudget() throws {
        var graph = LayerGraph()
        var ids: (small: LayerID, large: LayerID)?
        _ = LayerSession.run(&graph, handles: LayerHandles()) {
            let root = Canvas.root()
            let small = CAReplicatorLayer(), large = CAReplicatorLayer()
            small.instanceCount = 3
            large.instanceCount = 100
            for _ in 0..<99 { large.addSublayer(CALayer()) }
            small.addSublayer(large)
            root.addSublayer(small)
            ids = (LayerSession.id(of: small), LayerSession.id(of: large))
        }
        let (small, large) = try #require(ids)
        // 1 root + 1 small + 3 large + 3 · 100 · 99 sublayers.
        #expect(graph.drawnLayerCount() > LayerGraph.maxDrawnLayers)
        #expect(graph.replicatorOverBudget() == large)
        graph.update(small) { $0.replicator.instanceCount = 1 }
        #expect(graph.drawnLayerCount() == 1 + 1 + 1 + 100 * 99 && graph.replicatorOverBudget() == nil)
    }
}
