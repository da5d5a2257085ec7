import Testing
import Animation
@testable import LayercastQuartz

/// CALayer and CAShapeLayer as handles onto a value graph (docs/design/quartz.md §Layers as handles,
/// §Tree, §Geometry): Core Animation's defaults, geometry and conversions against the facts sheet's
/// vectors, tree operations, and a graph that stays a value.
@Suite struct LayerFaceTests {
    /// Runs `body` in a session over a new graph, and returns the graph and the warnings.
    static func session(_ graph: inout LayerGraph, _ handles: LayerHandles = LayerHandles(),
                        _ body: () -> Void) -> [String] {
        LayerSession.run(&graph, handles: handles, body).warnings
    }

    @Test func aNewLayerHasCoreAnimationsDefaults() {
        var graph = LayerGraph()
        _ = Self.session(&graph) {
            let l = CAShapeLayer()
            #expect(l.anchorPoint == CGPoint(x: 0.5, y: 0.5) && l.position == .zero && l.bounds == .zero)
            #expect(CATransform3DIsIdentity(l.transform) && CATransform3DIsIdentity(l.sublayerTransform))
            #expect(l.opacity == 1 && !l.isHidden && l.isDoubleSided && l.name == nil && l.sublayers == nil && l.superlayer == nil)
            #expect(l.backgroundColor == nil && l.cornerRadius == 0 && l.cornerCurve == .circular)
            #expect(l.maskedCorners == [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner])
            #expect(l.borderWidth == 0 && l.borderColor == CGColor(red: 0, green: 0, blue: 0, alpha: 1) && !l.masksToBounds)
            #expect(l.shadowOpacity == 0 && l.shadowOffset == CGSize(width: 0, height: -3) && l.shadowRadius == 3 && l.shadowPath == nil)
            #expect(l.shadowColor == CGColor(red: 0, green: 0, blue: 0, alpha: 1))
            #expect(l.path == nil && l.fillColor == CGColor(red: 0, green: 0, blue: 0, alpha: 1) && l.strokeColor == nil)
            #expect(l.lineWidth == 1 && l.miterLimit == 10 && l.lineCap == .butt && l.lineJoin == .miter && l.fillRule == .nonZero)
            #expect(l.lineDashPattern == nil && l.lineDashPhase == 0 && l.strokeStart == 0 && l.strokeEnd == 1)
        }
        #expect(graph.nodes.count == 1 && graph.root.flatMap { graph[$0] }?.kind == .shape)
    }

    @Test func theFrameFollowsTheAnchorAndSetsBoundsAndPosition() {
        var graph = LayerGraph()
        _ = Self.session(&graph) {
            let l = CALayer()
            l.bounds = CGRect(x: 0, y: 0, width: 100, height: 50)
            l.position = CGPoint(x: 200, y: 300)
            #expect(l.frame == CGRect(x: 150, y: 275, width: 100, height: 50))
            l.anchorPoint = .zero
            #expect(l.frame == CGRect(x: 200, y: 300, width: 100, height: 50))
            l.anchorPoint = CGPoint(x: 0.5, y: 0.5)
            l.frame = CGRect(x: 10, y: 20, width: 30, height: 40)
            #expect(l.bounds == CGRect(x: 0, y: 0, width: 30, height: 40) && l.position == CGPoint(x: 25, y: 40))
            l.setAffineTransform(CGAffineTransform(scaleX: 2, y: 2))
            #expect(l.affineTransform() == CGAffineTransform(scaleX: 2, y: 2) && l.frame == CGRect(x: -5, y: 0, width: 60, height: 80))
        }
    }

    /// The sheet's check vector, confirmed on Apple's QuartzCore: the parent's sublayerTransform
    /// turns about the parent's anchor.
    @Test func convertGoesThroughTheSublayerTransformAboutTheParentsAnchor() {
        var graph = LayerGraph()
        _ = Self.session(&graph) {
            let parent = CALayer(), child = CALayer()
            parent.bounds = CGRect(x: 0, y: 0, width: 200, height: 200)
            parent.position = CGPoint(x: 100, y: 100)
            parent.sublayerTransform = CATransform3DMakeScale(2, 2, 1)
            child.bounds = CGRect(x: 0, y: 0, width: 50, height: 50)
            child.position = CGPoint(x: 100, y: 50)
            child.transform = CATransform3DMakeTranslation(5, 6, 0)
            parent.addSublayer(child)
            let p = parent.convert(CGPoint.zero, from: child)
            #expect(abs(p.x - 60) < 1e-12 && abs(p.y + 38) < 1e-12, "\(p)")
            let back = child.convert(p, from: parent)
            #expect(abs(back.x) < 1e-12 && abs(back.y) < 1e-12)
            #expect(child.convert(p, from: parent) == parent.convert(p, to: child))
        }
    }

    /// Confirmed on Apple's QuartzCore through convertRect: a 100-point square turned 45° at 0.
    @Test func convertingARectGivesTheBoxAroundItsCorners() {
        var graph = LayerGraph()
        _ = Self.session(&graph) {
            let root = CALayer(), square = CALayer()
            square.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
            square.transform = CATransform3DMakeRotation(.pi / 4, 0, 0, 1)
            root.addSublayer(square)
            let r = square.convert(square.bounds, to: root)
            let half = 50 * CGFloat(2).squareRoot()
            #expect(abs(r.minX + half) < 1e-9 && abs(r.minY + half) < 1e-9 && abs(r.width - 2 * half) < 1e-9)
            #expect(r == square.frame)
        }
    }

    @Test func sublayersKeepTheirOrderAndTheirHandles() throws {
        var graph = LayerGraph()
        _ = Self.session(&graph) {
            let root = CALayer(), a = CALayer(), b = CAShapeLayer(), c = CALayer()
            root.addSublayer(a)
            root.addSublayer(b)
            root.insertSublayer(c, below: a)
            #expect(root.sublayers?.map { $0 === c ? "c" : $0 === a ? "a" : "b" } == ["c", "a", "b"])
            root.insertSublayer(c, above: b)
            #expect(root.sublayers?.last === c && c.superlayer === root)
            root.insertSublayer(b, at: 0)
            #expect(root.sublayers?.first === b)
            root.replaceSublayer(a, with: CALayer())
            #expect(a.superlayer == nil && root.sublayers?.count == 3)
            b.removeFromSuperlayer()
            #expect(root.sublayers?.count == 2 && b.superlayer == nil)
            root.sublayers = nil
            #expect(root.sublayers == nil && c.superlayer == nil)
        }
        #expect(graph.nodes.count == 5)
    }

    @Test func aHandleLetGoComesBackAsItsClass() {
        var graph = LayerGraph()
        let handles = LayerHandles()
        _ = Self.session(&graph, handles) {
            let root = CALayer()
            let shape = CAShapeLayer()
            shape.strokeEnd = 0.25
            root.addSublayer(shape)
        }
        let rootID = graph.root
        _ = Self.session(&graph, handles) {
            // The set-up's local handles are gone; the graph still holds the layers.
            guard let root = rootID.map({ handles.handle(for: $0, kind: .layer) }),
                  let shape = root.sublayers?.first as? CAShapeLayer else {
                Issue.record("the shape layer did not come back as a CAShapeLayer")
                return
            }
            #expect(shape.strokeEnd == 0.25 && root.sublayers?.first === shape)
        }
    }

    @Test func aMaskHasNoSuperlayerAndACycleIsRefused() {
        var graph = LayerGraph()
        let warnings = Self.session(&graph) {
            let root = CALayer(), child = CALayer(), m = CAShapeLayer()
            root.addSublayer(child)
            root.addSublayer(m)
            child.mask = m
            #expect(m.superlayer == nil && child.mask === m && root.sublayers?.count == 1)
            child.addSublayer(root)
            #expect(root.superlayer == nil && child.superlayer === root)
            child.mask = nil
            #expect(child.mask == nil)
        }
        #expect(warnings.count == 1 && warnings.first?.contains("cannot be its sublayer") == true, "\(warnings)")
    }

    @Test func theGraphIsAValueThatLaterSessionsDoNotChange() {
        var graph = LayerGraph()
        let handles = LayerHandles()
        var shape: CAShapeLayer?
        _ = Self.session(&graph, handles) {
            shape = CAShapeLayer()
            shape?.strokeEnd = 0.5
        }
        let before = graph
        _ = Self.session(&graph, handles) { shape?.strokeEnd = 0.9 }
        let id = graph.root
        #expect(id.flatMap { before[$0] }?.shape.strokeEnd == 0.5 && id.flatMap { graph[$0] }?.shape.strokeEnd == 0.9)
    }

    final class Stack: CALayer {
        override func layoutSublayers() {
            var y: CGFloat = 0
            for layer in sublayers ?? [] {
                layer.frame = CGRect(x: 0, y: y, width: bounds.width, height: 10)
                y += 12
            }
        }
    }

    @Test func layoutRunsWhereItWasAskedFor() {
        var graph = LayerGraph()
        _ = Self.session(&graph) {
            let stack = Stack()
            stack.bounds = CGRect(x: 0, y: 0, width: 40, height: 100)
            for _ in 0..<3 { stack.addSublayer(CALayer()) }
            stack.layoutIfNeeded()
            #expect(stack.sublayers?.last?.frame == .zero)
            stack.setNeedsLayout()
            #expect(stack.needsLayout())
            stack.layoutIfNeeded()
            #expect(!stack.needsLayout() && stack.sublayers?.last?.frame == CGRect(x: 0, y: 24, width: 40, height: 10))
        }
    }

    @Test func aLayerOutsideASessionTraps() async {
        await #expect(processExitsWith: .failure) {
            _ = CALayer()
        }
    }
}
