import Testing
import Animation
import Rendering
@testable import LayercastQuartz

/// Layers built with the face, drawn by the renderer, checked pixel by pixel against where the
/// geometry puts them (docs/design/quartz.md §Drawing a layer, §Box, §Shape layers).
@Suite struct LayerDrawingTests {
    @Test func aBackgroundFillsTheFrameWhereTheAnchorPutsIt() {
        let (image, _) = Canvas.draw {
            let root = Canvas.root()
            let box = CALayer()
            box.bounds = CGRect(x: 0, y: 0, width: 20, height: 10)
            box.position = CGPoint(x: 20, y: 20)
            box.backgroundColor = Canvas.red
            root.addSublayer(box)
        }
        // The frame is (10, 15, 20, 10): pixels 10…29 by 15…24.
        for (x, y) in [(10, 15), (29, 24), (20, 20)] { #expect(Canvas.rgba(image, x, y) == [255, 0, 0, 255], "\(x), \(y)") }
        for (x, y) in [(9, 20), (30, 20), (20, 14), (20, 25)] { #expect(Canvas.rgba(image, x, y)[3] == 0, "\(x), \(y)") }
    }

    @Test func roundedCornersClipTheSublayersWhenMasksToBounds() {
        let (image, _) = Canvas.draw {
            let root = Canvas.root()
            let card = CALayer()
            card.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
            card.cornerRadius = 20
            card.masksToBounds = true
            let fill = CALayer()
            fill.frame = card.bounds
            fill.backgroundColor = Canvas.blue
            card.addSublayer(fill)
            root.addSublayer(card)
        }
        // A radius of half the side makes a disc: the corner pixel is outside it, the centre and
        // the edge midpoints inside.
        #expect(Canvas.rgba(image, 0, 0)[3] == 0 && Canvas.rgba(image, 39, 39)[3] == 0)
        #expect(Canvas.rgba(image, 20, 20) == [0, 0, 255, 255] && Canvas.rgba(image, 1, 20) == [0, 0, 255, 255])
        // Pixel (6, 6) reaches at most 14·√2 ≈ 19.8 from the disc's centre, so it is wholly inside;
        // pixel (2, 2) comes no nearer than 17·√2 ≈ 24.0, so it is wholly outside.
        #expect(Canvas.rgba(image, 6, 6) == [0, 0, 255, 255] && Canvas.rgba(image, 2, 2)[3] == 0)
    }

    /// The area a corner of radius 1 cuts off, from the published continuous outline, integrated
    /// here (shoelace over 2,000 samples a cubic) with no code of the engine's.
    static func continuousCornerArea() -> Double {
        let steps: [[(Double, Double)]] = [
            [(1.52866, 0), (1.08849, 0), (0.86841, 0), (0.66993, 0.06550)], [(0.66993, 0.06550), (0.63149, 0.07491)],
            [(0.63149, 0.07491), (0.37282, 0.16906), (0.16906, 0.37282), (0.07491, 0.63149)], [(0.07491, 0.63149), (0.06550, 0.66993)],
            [(0.06550, 0.66993), (0, 0.86841), (0, 1.08849), (0, 1.52866)],
        ]
        var points: [(Double, Double)] = [(0, 0), (1.52866, 0)]
        for step in steps where step.count == 4 {
            for i in 1...2000 {
                let u = Double(i) / 2000, v = 1 - u
                let w = [v * v * v, 3 * v * v * u, 3 * v * u * u, u * u * u]
                points.append((zip(w, step).map { $0 * $1.0 }.reduce(0, +), zip(w, step).map { $0 * $1.1 }.reduce(0, +)))
            }
        }
        var twice = 0.0
        for (a, b) in zip(points, points.dropFirst() + [points[0]]) { twice += a.0 * b.1 - b.0 * a.1 }
        return abs(twice) / 2
    }

    @Test func continuousCornersCutOffThePublishedOutlinesArea() {
        func coverage(_ curve: CALayerCornerCurve) -> Double {
            let (image, _) = Canvas.draw {
                let root = Canvas.root()
                let card = CALayer()
                card.frame = root.bounds
                card.backgroundColor = Canvas.red
                card.cornerRadius = 12
                card.cornerCurve = curve
                root.addSublayer(card)
            }
            return (0..<40).flatMap { y in (0..<40).map { x in Double(image.pixel(x: x, y: y).a) / 255 } }.reduce(0, +)
        }
        // Circular: each corner cuts r²(1 − π/4); continuous: the published outline's area × r².
        // Cairo's coverage of the edge pixels is off by a few pixels in all, the same way for both
        // curves, so the difference between them is checked more tightly than each.
        let (circular, continuous) = (coverage(.circular), coverage(.continuous))
        let (circularCut, continuousCut) = (1 - Double.pi / 4, Self.continuousCornerArea())
        #expect(continuousCut > circularCut)
        #expect(abs(circular - (1600 - 4 * 144 * circularCut)) < 4, "\(circular)")
        #expect(abs(continuous - (1600 - 4 * 144 * continuousCut)) < 4, "\(continuous)")
        #expect(abs((circular - continuous) - 4 * 144 * (continuousCut - circularCut)) < 1.5,
                "\(circular - continuous) against \(4 * 144 * (continuousCut - circularCut))")
    }

    @Test func theBorderIsDrawnInsideTheBoundsAboveTheSublayers() {
        let (image, _) = Canvas.draw {
            let root = Canvas.root()
            let box = CALayer()
            box.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
            box.borderWidth = 3
            box.borderColor = Canvas.blue
            let inside = CALayer()
            inside.frame = box.bounds
            inside.backgroundColor = Canvas.red
            box.addSublayer(inside)
            root.addSublayer(box)
        }
        // Pixels 10…12 of each edge are border, above the red sublayer; 13 is red.
        #expect(Canvas.rgba(image, 10, 20) == [0, 0, 255, 255] && Canvas.rgba(image, 12, 20) == [0, 0, 255, 255])
        #expect(Canvas.rgba(image, 13, 20) == [255, 0, 0, 255] && Canvas.rgba(image, 29, 29) == [0, 0, 255, 255])
        #expect(Canvas.rgba(image, 9, 20)[3] == 0)
    }

    @Test func dashesAlternateAlongTheStroke() {
        let (image, _) = Canvas.draw {
            let root = Canvas.root()
            let line = CAShapeLayer()
            line.frame = root.bounds
            let path = CGMutablePath()
            path.move(to: CGPoint(x: 0, y: 20))
            path.addLine(to: CGPoint(x: 40, y: 20))
            line.path = path
            line.strokeColor = Canvas.red
            line.lineWidth = 2
            line.lineDashPattern = [4, 4]
            line.lineDashPhase = 2
            root.addSublayer(line)
        }
        // With phase 2 the first dash covers x 0…2, the gap 2…6, the next dash 6…10.
        #expect(Canvas.rgba(image, 1, 19) == [255, 0, 0, 255] && Canvas.rgba(image, 4, 19)[3] == 0)
        #expect(Canvas.rgba(image, 7, 19) == [255, 0, 0, 255] && Canvas.rgba(image, 12, 20)[3] == 0)
    }

    @Test func aShapeMaskShowsOnlyWhatItsPathCovers() {
        let (image, _) = Canvas.draw {
            let root = Canvas.root()
            let square = CALayer()
            square.frame = root.bounds
            square.backgroundColor = Canvas.red
            let circle = CAShapeLayer()
            circle.frame = square.bounds
            circle.path = CGPath(ellipseIn: CGRect(x: 10, y: 10, width: 20, height: 20), transform: nil)
            square.mask = circle
            root.addSublayer(square)
        }
        #expect(Canvas.rgba(image, 20, 20) == [255, 0, 0, 255] && Canvas.rgba(image, 11, 20) == [255, 0, 0, 255])
        #expect(Canvas.rgba(image, 5, 5)[3] == 0 && Canvas.rgba(image, 8, 20)[3] == 0)
    }

    @Test func zPositionDrawsAnEarlierSiblingOnTop() {
        let (image, _) = Canvas.draw {
            let root = Canvas.root()
            let a = CALayer(), b = CALayer()
            a.frame = CGRect(x: 0, y: 0, width: 30, height: 30)
            a.backgroundColor = Canvas.red
            a.zPosition = 1
            b.frame = CGRect(x: 10, y: 10, width: 30, height: 30)
            b.backgroundColor = Canvas.blue
            root.addSublayer(a)
            root.addSublayer(b)
        }
        #expect(Canvas.rgba(image, 20, 20) == [255, 0, 0, 255] && Canvas.rgba(image, 35, 35) == [0, 0, 255, 255])
    }

    @Test func aSublayerTransformScalesTheSublayersAboutTheAnchor() {
        let (image, _) = Canvas.draw {
            let root = Canvas.root()
            root.sublayerTransform = CATransform3DMakeScale(2, 2, 1)
            let dot = CALayer()
            dot.frame = CGRect(x: 15, y: 15, width: 10, height: 10)
            dot.backgroundColor = Canvas.red
            root.addSublayer(dot)
        }
        // About the root's centre (20, 20): the 10-point square at 15…25 covers 10…30.
        #expect(Canvas.rgba(image, 10, 10) == [255, 0, 0, 255] && Canvas.rgba(image, 29, 29) == [255, 0, 0, 255])
        #expect(Canvas.rgba(image, 9, 20)[3] == 0 && Canvas.rgba(image, 30, 20)[3] == 0)
    }

    @Test func hiddenLayersAndTransparentColoursDrawNothing() {
        let (image, _) = Canvas.draw {
            let root = Canvas.root()
            let a = CALayer()
            a.frame = root.bounds
            a.backgroundColor = Canvas.red
            a.isHidden = true
            root.addSublayer(a)
        }
        #expect(image.pixels.allSatisfy { $0 == 0 })
    }

    /// A frame drawn into the previous frame's pixels, only where something changed, is the same
    /// as a full render, for each change the box and shape make.
    @Test(arguments: ["border", "corner", "mask", "dash", "z", "gradient", "gradient corner",
                            "replicator", "replicator colour", "text"])
    func reusingThePreviousFrameGivesTheFullRender(change: String) {
        var graph = LayerGraph()
        let handles = LayerHandles()
        var layers: [CALayer] = []
        _ = LayerSession.run(&graph, handles: handles) {
            let root = Canvas.root(64)
            let a = CALayer(), b = CAShapeLayer(), m = CAShapeLayer(), g = CAGradientLayer(), r = CAReplicatorLayer()
            a.frame = CGRect(x: 4, y: 4, width: 30, height: 30)
            a.backgroundColor = Canvas.red
            a.borderWidth = 2
            a.borderColor = Canvas.blue
            b.frame = CGRect(x: 20, y: 20, width: 40, height: 40)
            b.path = CGPath(rect: CGRect(x: 2, y: 2, width: 36, height: 36), transform: nil)
            b.fillColor = nil
            b.strokeColor = Canvas.blue
            b.lineWidth = 3
            m.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 30, height: 30), transform: nil)
            g.frame = CGRect(x: 36, y: 2, width: 26, height: 20)
            g.colors = [Canvas.red, Canvas.blue]
            g.transform = CATransform3DMakeRotation(0.3, 0, 0, 1)
            root.addSublayer(a)
            root.addSublayer(b)
            r.frame = CGRect(x: 2, y: 40, width: 30, height: 20)
            r.instanceCount = 2
            r.instanceTransform = CATransform3DMakeTranslation(9, 1, 0)
            let tile = CALayer()
            tile.frame = CGRect(x: 1, y: 4, width: 7, height: 7)
            tile.backgroundColor = Canvas.red
            r.addSublayer(tile)
            let t = CATextLayer()
            t.frame = CGRect(x: 36, y: 42, width: 26, height: 20)
            t.string = "ab"
            t.fontSize = 10
            t.foregroundColor = Canvas.blue
            root.addSublayer(g)
            root.addSublayer(r)
            root.addSublayer(t)
            layers = [a, b, m, g, r, t]
        }
        let before = graph.snapshot() ?? LayerSnapshot()
        let first = Canvas.renderer.render(before, width: 64, height: 64, background: .transparent)
        _ = LayerSession.run(&graph, handles: handles) {
            let (a, b, m, g) = (layers[0], layers[1], layers[2], layers[3] as? CAGradientLayer)
            let r = layers[4] as? CAReplicatorLayer, t = layers[5] as? CATextLayer
            switch change {
            case "text": t?.string = "abc"; t?.alignmentMode = .right
            case "replicator": r?.instanceCount = 3
            case "replicator colour": r?.instanceGreenOffset = 0.5; r?.instanceColor = CGColor(red: 0.5, green: 0, blue: 1, alpha: 0.8)
            case "gradient": g?.type = .conic; g?.endPoint = CGPoint(x: 1, y: 0.2)
            case "gradient corner": g?.cornerRadius = 6
            case "border": a.borderWidth = 5
            case "corner": a.cornerRadius = 9; a.masksToBounds = true
            case "mask": a.mask = m
            case "dash": (b as? CAShapeLayer)?.lineDashPattern = [5, 3]
            default: a.zPosition = 2
            }
        }
        let after = graph.snapshot() ?? LayerSnapshot()
        let full = Canvas.renderer.render(after, width: 64, height: 64, background: .transparent)
        let reused = Canvas.renderer.render(after, width: 64, height: 64, background: .transparent,
                                          recycling: first.pixels, previous: before)
        #expect(full != first, "the change shows")
        #expect(reused == full)
    }
}
