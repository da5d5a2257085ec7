import Foundation
import Testing
import Animation
@testable import Rendering
@testable import LayercastQuartz

/// Shadows, alpha masks, perspective and transform layers, built with the face, drawn by the
/// renderer and checked against closed forms (docs/design/quartz.md §Drawing a layer, §Shadows, §3D).
@Suite struct LayerEffectsTests {
    /// The standard normal distribution function.
    static func phi(_ z: Double) -> Double { 0.5 * (1 + erf(z / 2.0.squareRoot())) }

    // MARK: Shadows

    @Test func aShadowIsTheLayersAlphaMovedByTheOffsetAndTinted() {
        let (image, _) = Canvas.draw {
            let root = Canvas.root()
            let box = CALayer()
            box.frame = CGRect(x: 8, y: 8, width: 12, height: 12)
            box.backgroundColor = Canvas.blue
            box.shadowColor = Canvas.red
            box.shadowOpacity = 0.5
            box.shadowRadius = 0
            box.shadowOffset = CGSize(width: 10, height: 6)
            root.addSublayer(box)
        }
        // The shadow is the 12-point square moved to 18…30 by 14…26, red at half opacity, beneath
        // the blue layer.
        for (x, y) in [(25, 22), (29, 25), (18, 21)] {
            let p = Canvas.rgba(image, x, y)
            #expect(p[0] == 255 && p[1] == 0 && p[2] == 0 && abs(p[3] - 128) <= 1, "\(x), \(y): \(p)")
        }
        #expect(Canvas.rgba(image, 12, 12) == [0, 0, 255, 255] && Canvas.rgba(image, 19, 15) == [0, 0, 255, 255])
        for (x, y) in [(30, 20), (25, 13), (25, 26), (17, 22)] { #expect(Canvas.alpha(image, x, y) == 0, "\(x), \(y)") }
    }

    @Test func theDefaultOffsetMovesTheShadowUp() {
        let (image, _) = Canvas.draw {
            let root = Canvas.root()
            let box = CALayer()
            box.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
            box.backgroundColor = Canvas.blue
            box.shadowOpacity = 1
            box.shadowRadius = 0
            root.addSublayer(box)
        }
        // (0, −3): opaque black rows 7…9 above the layer, nothing below it.
        for y in 7...9 { #expect(Canvas.rgba(image, 20, y) == [0, 0, 0, 255], "row \(y)") }
        #expect(Canvas.alpha(image, 20, 6) == 0 && Canvas.alpha(image, 20, 30) == 0 && Canvas.alpha(image, 9, 20) == 0)
    }

    /// The blur across a long straight edge of the shadow path: the alpha at a column is the
    /// normal distribution function of its distance from the edge over σ, σ being the radius in the
    /// layer's points times the layer's scale. The blur is a Gaussian integrated over each pixel,
    /// so an edge on a pixel boundary comes out exact but for rounding, up to σ = 8 pixels; wider
    /// ones are blurred at a lower resolution and scaled up, within one and a half levels
    /// (docs/design/quartz.md §Shadows).
    @Test(arguments: [(0.5, 1.0), (1, 1), (3, 1), (2, 2), (1.5, 3), (4.5, 1), (5.5, 1), (3, 2), (8, 1), (6.5, 2), (10, 3)])
    func theShadowsEdgeFollowsTheGaussian(radius: Double, scale: Double) {
        let width = 256
        let (image, _) = Canvas.draw(width: width, height: 8) {
            let root = Canvas.root(CGFloat(width), 8)
            let caster = CALayer()
            caster.bounds = CGRect(x: 0, y: 0, width: Double(width) / scale, height: 8 / scale)
            caster.position = CGPoint(x: Double(width) / 2, y: 4)
            caster.transform = CATransform3DMakeScale(scale, scale, 1)
            // Everything right of the middle casts, far beyond the canvas above and below.
            caster.shadowPath = CGPath(rect: CGRect(x: Double(width) / 2 / scale, y: -1000, width: 5000, height: 3000), transform: nil)
            caster.shadowOpacity = 1
            caster.shadowRadius = radius
            caster.shadowOffset = .zero
            root.addSublayer(caster)
        }
        let sigma = radius * scale
        var worst = 0.0
        for x in 0..<width {
            let expected = 255 * Self.phi((Double(x) + 0.5 - Double(width) / 2) / sigma)
            worst = max(worst, abs(Double(Canvas.alpha(image, x, 4)) - expected))
        }
        #expect(worst <= (sigma <= 8 ? 0.75 : 1.5), "σ = \(sigma) px: worst \(worst) of 255")
        #expect(Canvas.alpha(image, width / 2 - Int(4 * sigma) - 1, 4) == 0 && Canvas.alpha(image, width / 2 + Int(4 * sigma), 4) == 255)
    }

    @Test func masksToBoundsClipsTheLayersOwnShadowAway() {
        let (image, _) = Canvas.draw {
            let root = Canvas.root()
            let box = CALayer()
            box.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
            box.backgroundColor = Canvas.blue
            box.shadowOpacity = 1
            box.shadowRadius = 2
            box.shadowOffset = CGSize(width: 4, height: 4)
            box.masksToBounds = true
            root.addSublayer(box)
        }
        for y in 0..<40 {
            for x in 0..<40 where !(10..<30).contains(x) || !(10..<30).contains(y) {
                #expect(Canvas.alpha(image, x, y) == 0, "\(x), \(y)")
            }
        }
        #expect(Canvas.rgba(image, 29, 29) == [0, 0, 255, 255])
    }

    // MARK: Alpha masks

    @Test func anAlphaMaskOfHalfAlphaHalvesThePixels() {
        let (image, graph) = Canvas.draw {
            let root = Canvas.root()
            let square = CALayer()
            square.frame = root.bounds
            square.backgroundColor = Canvas.red
            let mask = CALayer()
            mask.frame = CGRect(x: 0, y: 0, width: 20, height: 40)
            mask.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 0.5)
            let opaque = CALayer()
            opaque.frame = CGRect(x: 20, y: 0, width: 10, height: 40)
            opaque.backgroundColor = Canvas.blue
            mask.masksToBounds = false
            mask.addSublayer(opaque)
            square.mask = mask
            root.addSublayer(square)
        }
        // x < 20: half alpha; 20…29: the opaque sublayer lets all through; 30 on: nothing.
        for y in [0, 20, 39] {
            for x in [0, 10, 19] {
                let p = Canvas.rgba(image, x, y)
                #expect(p[0] == 255 && abs(p[3] - 128) <= 1, "\(x), \(y): \(p)")
            }
            #expect(Canvas.rgba(image, 20, y) == [255, 0, 0, 255] && Canvas.rgba(image, 29, y) == [255, 0, 0, 255])
            #expect(Canvas.alpha(image, 30, y) == 0 && Canvas.alpha(image, 39, y) == 0)
        }
        let tree = graph.snapshot()
        #expect(tree?.sublayers.first?.alphaMask?.count == 1, "drawn as an alpha mask")
    }

    @Test func anOpaqueShapeMaskStaysAClip() {
        var graph = LayerGraph()
        _ = LayerSession.run(&graph, handles: LayerHandles()) {
            let root = Canvas.root()
            let square = CALayer()
            square.frame = root.bounds
            square.backgroundColor = Canvas.red
            let circle = CAShapeLayer()
            circle.path = CGPath(ellipseIn: CGRect(x: 10, y: 10, width: 20, height: 20), transform: nil)
            square.mask = circle
            root.addSublayer(square)
        }
        let square = graph.snapshot()?.sublayers.first
        #expect(square?.mask != nil && square?.alphaMask == nil)
    }

    // MARK: Perspective

    /// The point of a layer's plane that the device point (px, py) shows, for a layer turned by φ
    /// about z, then by θ about y, and seen with m34 = −1/d, about `anchor`. A plane point whose
    /// turned x is p lies at depth −p·sin θ, so w = 1 + p·sin θ/d, and lands at
    /// anchor + (p·cos θ, q)/w. Solving for p and q and turning back gives the point, and whether it
    /// is in front of the viewer (w > 0); nil where no point of the plane lands.
    static func perspectiveInverse(_ px: Double, _ py: Double, theta: Double, phi: Double = 0, d: Double,
                                   anchor: Point) -> (point: Point, front: Bool)? {
        let (c, s) = (cos(theta), sin(theta))
        let (u, v) = (px - anchor.x, py - anchor.y)
        let denominator = c - u * s / d
        guard denominator != 0 else { return nil }
        let p = u / denominator
        let w = 1 + p * s / d
        let q = v * w
        let (cp, sp) = (cos(phi), sin(phi))
        return (Point(p * cp + q * sp, -p * sp + q * cp), w > 0)
    }

    static func perspectiveLayer(width: Double, anchor: Point, theta: Double, phi: Double = 0, d: Double) -> CALayer {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: width, height: 40)
        layer.position = CGPoint(x: anchor.x, y: anchor.y)
        layer.backgroundColor = Canvas.red
        var p = CATransform3DIdentity
        p.m34 = -1 / d
        // Rotate applies the new turn first: z, then y, then the perspective.
        layer.transform = CATransform3DRotate(CATransform3DRotate(p, theta, 0, 1, 0), phi, 0, 0, 1)
        return layer
    }

    /// Counts a pixel surely inside when its centre and the eight points 1.5 pixels round it all
    /// show points of the layer in front of the viewer, surely outside when none does; expects
    /// opaque red and nothing there.
    static func checkPerspective(_ image: RenderedImage, size: Int, halfWidth: Double,
                                 _ inverse: (Double, Double) -> (point: Point, front: Bool)?) -> (inside: Int, outside: Int, ghosts: Int) {
        var (inside, outside, ghosts) = (0, 0, 0)
        let offsets = [(0.0, 0.0), (-1.5, -1.5), (1.5, -1.5), (-1.5, 1.5), (1.5, 1.5), (0, -1.5), (0, 1.5), (-1.5, 0), (1.5, 0)]
        for y in 0..<size {
            for x in 0..<size {
                var (hits, behind) = (0, 0)
                for (ox, oy) in offsets {
                    guard let (p, front) = inverse(Double(x) + 0.5 + ox, Double(y) + 0.5 + oy),
                          abs(p.x) <= halfWidth, abs(p.y) <= 20 else { continue }
                    if front { hits += 1 } else { behind += 1 }
                }
                if hits == offsets.count {
                    inside += 1
                    #expect(Canvas.rgba(image, x, y) == [255, 0, 0, 255], "\(x), \(y)")
                } else if hits == 0 {
                    outside += 1
                    // A point of the layer behind the viewer would land here, mirrored, if the
                    // half-space were not clipped.
                    if behind == offsets.count { ghosts += 1 }
                    #expect(Canvas.alpha(image, x, y) == 0, "\(x), \(y)")
                }
            }
        }
        return (inside, outside, ghosts)
    }

    @Test func aPerspectiveTurnPutsTheEdgesWhereTheHomogeneousFormulaDoes() {
        let (theta, d) = (Double.pi / 6, 100.0)
        let anchor = Point(40, 40)
        let (image, _) = Canvas.draw(width: 80, height: 80) {
            let root = Canvas.root(80)
            root.addSublayer(Self.perspectiveLayer(width: 40, anchor: anchor, theta: theta, d: d))
        }
        let (inside, outside, _) = Self.checkPerspective(image, size: 80, halfWidth: 20) {
            Self.perspectiveInverse($0, $1, theta: theta, d: d, anchor: anchor)
        }
        #expect(inside > 900 && outside > 4000)
        // The left edge comes nearer (w = 0.9): x = 40 − 20·cos θ/0.9 ≈ 20.75; the right one
        // recedes (w = 1.1): 40 + 20·cos θ/1.1 ≈ 55.75. An orthographic turn would put both at
        // 40 ∓ 17.32.
        #expect(Canvas.alpha(image, 22, 40) == 255 && Canvas.alpha(image, 57, 40) == 0)
        // The covered area is the projected quadrilateral's, within a pixel along its edges.
        let corners = [(-20.0, -20.0), (20, -20), (20, 20), (-20, 20)].map { (x, y) -> Point in
            let w = 1 + x * sin(theta) / d
            return Point(40 + x * cos(theta) / w, 40 + y / w)
        }
        var twice = 0.0
        for (a, b) in zip(corners, corners.dropFirst() + [corners[0]]) { twice += a.x * b.y - b.x * a.y }
        let coverage = (0..<80).flatMap { y in (0..<80).map { x in Double(Canvas.alpha(image, x, y)) / 255 } }.reduce(0, +)
        #expect(abs(coverage - abs(twice) / 2) < 20, "\(coverage) against \(abs(twice) / 2)")
    }

    @Test func whatLiesBehindTheViewerIsNotDrawn() {
        // 80 wide about (30, 40), turned by 60° with d = 20: points left of x = −d/sin θ ≈ −23.1
        // are behind the viewer. What is in front spans −∞ < X − 30 ≤ 40·cos θ/(1 + 40·sin θ/20)
        // ≈ 7.3; the part behind would land, mirrored, right of 30 + 27.3.
        let (theta, d) = (Double.pi / 3, 20.0)
        let (image, _) = Canvas.draw(width: 80, height: 80) {
            let root = Canvas.root(80)
            root.addSublayer(Self.perspectiveLayer(width: 80, anchor: Point(30, 40), theta: theta, d: d))
        }
        for y in 0..<80 {
            for x in 40..<80 { #expect(Canvas.alpha(image, x, y) == 0, "\(x), \(y)") }
        }
        #expect(Canvas.rgba(image, 20, 40) == [255, 0, 0, 255] && Canvas.rgba(image, 2, 40) == [255, 0, 0, 255])
        #expect(Canvas.rgba(image, 34, 40) == [255, 0, 0, 255] && Canvas.alpha(image, 39, 40) == 0)

        // Turned by 20° about z first, the line where w = 0 crosses the layer aslant, so the box of
        // the part in front takes in points behind the viewer too; none of them is drawn.
        let phi = Double.pi / 9
        let (turned, _) = Canvas.draw(width: 80, height: 80) {
            let root = Canvas.root(80)
            root.addSublayer(Self.perspectiveLayer(width: 80, anchor: Point(30, 40), theta: theta, phi: phi, d: d))
        }
        let (inside, _, ghosts) = Self.checkPerspective(turned, size: 80, halfWidth: 40) {
            Self.perspectiveInverse($0, $1, theta: theta, phi: phi, d: d, anchor: Point(30, 40))
        }
        #expect(inside > 500 && ghosts > 300, "\(inside) inside, \(ghosts) where points behind would land")
    }

    /// The sampler itself: (x, y, 1) · M = (x + 40, y + 40, 1 + x/20) puts a plane point behind the
    /// viewer for x < −20, and those from x = −50 to −40 would land, mirrored, on the device's
    /// columns 0…6.7. Only the points in front, landing right of x = 90/3.5 ≈ 25.7, are drawn.
    @Test func theSamplerLeavesOutWhatLiesBehindTheViewer() throws {
        let g = Projection(m11: 1, m12: 0, m13: 1.0 / 20, m21: 0, m22: 1, m23: 0, m31: 40, m32: 40, m33: 1)
        let inverse = try #require(g.inverted)
        // The plane from −50 to 50 both ways, opaque, one pixel a unit.
        let flat = [UInt32](repeating: 0xFFFF_0000, count: 100 * 100)
        let out = LayerDrawing.warp(flat, columns: 100, rows: 100, origin: Point(-50, -50), scale: 1, inverse: inverse,
                                    x0: 0, y0: 0, width: 80, height: 80)
        for y in 0..<80 {
            for x in 0..<8 { #expect(out[y * 80 + x] == 0, "\(x), \(y)") }
        }
        // Column 40 shows x ≈ −0.5, where w ≈ 0.98: (y + 40)/w for y from −50 to 50 covers the
        // whole column.
        #expect((0..<80).allSatisfy { out[$0 * 80 + 40] == 0xFFFF_0000 })
        // Row 20: column 27 shows x ≈ 33 (in the plane), column 24 x ≈ 69 (beyond it).
        #expect(out[20 * 80 + 24] == 0 && out[20 * 80 + 27] == 0xFFFF_0000)
    }

    @Test func aSingleSidedLayerTurnedAwayIsHidden() {
        func render(doubleSided: Bool, transform: CATransform3D) -> RenderedImage {
            Canvas.draw {
                let root = Canvas.root()
                let card = CALayer()
                card.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
                card.backgroundColor = Canvas.red
                let left = CALayer()
                left.frame = CGRect(x: 0, y: 0, width: 10, height: 20)
                left.backgroundColor = Canvas.blue
                card.addSublayer(left)
                card.isDoubleSided = doubleSided
                card.transform = transform
                root.addSublayer(card)
            }.0
        }
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 200
        for turn in [CATransform3DMakeRotation(.pi, 0, 1, 0), CATransform3DRotate(perspective, .pi, 0, 1, 0)] {
            // Turned by π about y the card shows its back, mirrored: blue on the right.
            let shown = render(doubleSided: true, transform: turn)
            #expect(Canvas.rgba(shown, 25, 20) == [0, 0, 255, 255] && Canvas.rgba(shown, 14, 20) == [255, 0, 0, 255])
            let hidden = render(doubleSided: false, transform: turn)
            #expect(hidden.pixels.allSatisfy { $0 == 0 })
        }
        // A mirror in the plane keeps the normal toward the viewer (CSS's rule): still drawn.
        let mirrored = render(doubleSided: false, transform: CATransform3DMakeScale(-1, 1, 1))
        #expect(Canvas.rgba(mirrored, 25, 20) == [0, 0, 255, 255])
    }

    // MARK: Transform layers

    /// Two squares of 20 about the centre of a 60-point root that looks at them with m34 = −1/100.
    static func depthScene(transformLayer: Bool, _ configure: (CALayer, CALayer) -> Void) -> RenderedImage {
        Canvas.draw(width: 60, height: 60) {
            let root = Canvas.root(60)
            var perspective = CATransform3DIdentity
            perspective.m34 = -1 / 100
            root.sublayerTransform = perspective
            let holder = transformLayer ? CATransformLayer() : CALayer()
            holder.frame = root.bounds
            let (a, b) = (CALayer(), CALayer())
            for (layer, color) in [(a, Canvas.red), (b, Canvas.blue)] {
                layer.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
                layer.position = CGPoint(x: 30, y: 30)
                layer.backgroundColor = color
                holder.addSublayer(layer)
            }
            configure(a, b)
            root.addSublayer(holder)
        }.0
    }

    @Test func aTransformLayersSublayersAreDrawnBackToFrontInDepth() {
        // Red first in the list but 20 nearer: on top, and grown by 1/(1 − 20/100) = 1.25 to 25
        // points, 17.5…42.5.
        let nearer = Self.depthScene(transformLayer: true) { a, _ in a.zPosition = 20 }
        #expect(Canvas.rgba(nearer, 30, 30) == [255, 0, 0, 255] && Canvas.rgba(nearer, 18, 30) == [255, 0, 0, 255])
        #expect(Canvas.alpha(nearer, 16, 30) == 0)

        // Red moved 30 away by its transform, after blue in the list: behind, shrunk to
        // 20/1.3 ≈ 15.4 points, so blue covers it.
        let farther = Self.depthScene(transformLayer: true) { a, b in
            a.transform = CATransform3DMakeTranslation(0, 0, -30)
            a.removeFromSuperlayer()
            b.superlayer?.addSublayer(a)
        }
        #expect(Canvas.rgba(farther, 30, 30) == [0, 0, 255, 255] && Canvas.rgba(farther, 21, 30) == [0, 0, 255, 255])

        // A plain layer flattens them instead: list order, and red keeps its size.
        let flat = Self.depthScene(transformLayer: false) { a, b in
            a.transform = CATransform3DMakeTranslation(0, 0, -30)
            a.removeFromSuperlayer()
            b.superlayer?.addSublayer(a)
        }
        #expect(Canvas.rgba(flat, 30, 30) == [255, 0, 0, 255] && Canvas.rgba(flat, 21, 30) == [255, 0, 0, 255])
    }

    // MARK: Damage and occlusion

    /// A frame drawn into the previous frame's pixels, only where something changed, is the same as
    /// a full render, and the damage stays bounded, for each change the effects make.
    @Test(arguments: ["shadowOffset", "shadowRadius", "shadowSublayer", "maskAlpha", "maskedSublayer",
                      "turn", "perspectiveSublayer", "depth", "doubleSided"])
    func reusingThePreviousFrameGivesTheFullRender(change: String) throws {
        let side = 128
        var graph = LayerGraph()
        let handles = LayerHandles()
        var layers: [CALayer] = []
        _ = LayerSession.run(&graph, handles: handles) {
            let root = Canvas.root(CGFloat(side))
            let shadowed = CALayer(), inner = CALayer()
            shadowed.frame = CGRect(x: 6, y: 6, width: 20, height: 20)
            shadowed.backgroundColor = Canvas.red
            shadowed.shadowOpacity = 0.8
            shadowed.shadowRadius = 2
            shadowed.shadowOffset = CGSize(width: 3, height: 4)
            inner.frame = CGRect(x: 14, y: 4, width: 8, height: 8)
            inner.backgroundColor = Canvas.blue
            shadowed.addSublayer(inner)

            let masked = CALayer(), maskLayer = CALayer(), dot = CALayer()
            masked.frame = CGRect(x: 80, y: 6, width: 30, height: 30)
            masked.backgroundColor = Canvas.blue
            maskLayer.frame = masked.bounds
            maskLayer.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 0.6)
            masked.mask = maskLayer
            dot.frame = CGRect(x: 4, y: 4, width: 6, height: 6)
            dot.backgroundColor = Canvas.red
            masked.addSublayer(dot)

            let card = CALayer(), badge = CALayer()
            card.frame = CGRect(x: 8, y: 80, width: 30, height: 30)
            card.backgroundColor = Canvas.red
            var p = CATransform3DIdentity
            p.m34 = -1 / 120
            card.transform = CATransform3DRotate(p, 0.5, 0, 1, 0)
            badge.frame = CGRect(x: 2, y: 2, width: 8, height: 8)
            badge.backgroundColor = Canvas.blue
            card.addSublayer(badge)

            let holder = CATransformLayer(), front = CALayer(), back = CALayer()
            holder.frame = CGRect(x: 80, y: 80, width: 40, height: 40)
            var q = CATransform3DIdentity
            q.m34 = -1 / 100
            holder.sublayerTransform = q
            for (layer, color, x) in [(front, Canvas.red, 4.0), (back, Canvas.blue, 14.0)] {
                layer.frame = CGRect(x: x, y: 8, width: 20, height: 20)
                layer.backgroundColor = color
                holder.addSublayer(layer)
            }
            front.zPosition = 10
            for layer in [shadowed, masked, card, holder] { root.addSublayer(layer) }
            layers = [shadowed, inner, maskLayer, dot, card, badge, front, back]
        }
        let before = try #require(graph.snapshot())
        let first = Canvas.renderer.render(before, width: side, height: side, background: .transparent)
        _ = LayerSession.run(&graph, handles: handles) {
            let (shadowed, inner, maskLayer, dot) = (layers[0], layers[1], layers[2], layers[3])
            let (card, badge, front, back) = (layers[4], layers[5], layers[6], layers[7])
            switch change {
            case "shadowOffset": shadowed.shadowOffset = CGSize(width: -4, height: 6)
            case "shadowRadius": shadowed.shadowRadius = 5
            case "shadowSublayer": inner.position = CGPoint(x: 24, y: 20)
            case "maskAlpha": maskLayer.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 0.3)
            case "maskedSublayer": dot.position = CGPoint(x: 20, y: 20)
            case "turn":
                var p = CATransform3DIdentity
                p.m34 = -1 / 120
                card.transform = CATransform3DRotate(p, 0.9, 0, 1, 0)
            case "perspectiveSublayer": badge.position = CGPoint(x: 20, y: 20)
            case "depth": back.zPosition = 20
            default:
                // Turned away within the projected card's plane.
                badge.isDoubleSided = false
                badge.transform = CATransform3DMakeRotation(.pi, 0, 1, 0)
                _ = front
            }
        }
        let after = try #require(graph.snapshot())
        let full = Canvas.renderer.render(after, width: side, height: side, background: .transparent)
        let reused = Canvas.renderer.render(after, width: side, height: side, background: .transparent,
                                          recycling: first.pixels, previous: before)
        #expect(full != first, "the change shows")
        #expect(reused == full)
        // Each change stays within its quarter of the frame, with the shadow's reach.
        let boxes = try #require(Damage.boxes(from: before, to: after, width: side, height: side))
        let area = boxes.reduce(0) { $0 + ($1.x1 - $1.x0) * ($1.y1 - $1.y0) }
        #expect(area > 0 && area <= side * side / 4, "\(boxes)")
    }

    @Test func aShadowReachesIntoTheDamageAndAMovedCardsQuadIsBounded() throws {
        func tree(offset: Double) -> LayerSnapshot {
            LayerSnapshot(sublayers: [LayerSnapshot(
                transform: .translation(20, 20),
                content: .shape(ShapeContent(path: .rect(Rect(x: 0, y: 0, width: 10, height: 10)), fillColor: .black)),
                shadow: LayerSnapshot.Shadow(color: .black, offset: Size(offset, 0), radius: 2))])
        }
        // The shadow moves from 20…30 to 40…50, blurred by up to 3σ + 4 = 10 each side.
        let boxes = try #require(Damage.boxes(from: tree(offset: 0), to: tree(offset: 20), width: 100, height: 100))
        #expect(boxes.count == 1)
        let box = try #require(boxes.first)
        #expect(box.x0 <= 10 && box.x1 >= 60 && box.x0 >= 8 && box.x1 <= 62, "\(box)")

        // A projected square moved: the boxes of its quad before and after, not the frame.
        func card(_ x: Double) -> LayerSnapshot {
            var p = Transform3D.identity
            p.m34 = -1 / 100
            let placement = Transform3D.rotation(0.6, 0, 1, 0).concatenating(p).concatenating(.translation(x, 50, 0))
            return LayerSnapshot(sublayers: [LayerSnapshot(
                content: .shape(ShapeContent(path: .rect(Rect(x: -10, y: -10, width: 20, height: 20)), fillColor: .black)),
                projection: Projection(placement.flattened))])
        }
        let moved = try #require(Damage.boxes(from: card(20), to: card(70), width: 100, height: 100))
        #expect(moved.allSatisfy { $0.y0 >= 36 && $0.y1 <= 64 }, "\(moved)")
    }

    @Test func effectsNeitherCoverNorHideWrongly() {
        let cover = LayerSnapshot(content: .shape(ShapeContent(path: .rect(Rect(x: 0, y: 0, width: 40, height: 40)), fillColor: .white)))
        let inside = LayerSnapshot(content: .shape(ShapeContent(path: .rect(Rect(x: 10, y: 10, width: 10, height: 10)), fillColor: .black)))
        func hidden(_ layers: [LayerSnapshot]) -> Set<Int> {
            Occlusion.hiddenSublayers(of: LayerSnapshot(sublayers: layers), device: .identity)
        }
        #expect(hidden([inside, cover]) == [0], "the plain cover hides")
        var masked = cover
        masked.alphaMask = [LayerSnapshot(content: .shape(ShapeContent(path: .rect(Rect(x: 0, y: 0, width: 40, height: 40)),
                                                                        fillColor: Color(white: 0, alpha: 0.5))))]
        #expect(hidden([inside, masked]).isEmpty, "an alpha mask lets what is beneath show")
        var projected = cover
        projected.projection = Projection(.identity as Animation.AffineTransform)
        #expect(hidden([inside, projected]).isEmpty, "a projected layer covers no rectangle")
        var shadowed = inside
        shadowed.shadow = LayerSnapshot.Shadow(color: .black, offset: Size(30, 30), radius: 3)
        #expect(hidden([shadowed, cover]).isEmpty, "a shadow can reach out from under the cover")
    }
}
