import Testing
import Animation
import Rendering
@testable import LayercastQuartz

/// The fixture of iOS layer code (Fixture/IOSLayerCode.swift), compiled with only its import
/// changed: run in a session, its values read back as set, its layout runs, its geometry converts,
/// and it draws (docs/design/quartz.md).
@Suite struct IOSLayerCodeTests {
    @Test func iOSLayerCodeRunsAndDraws() throws {
        var model = LayerModel()
        let handles = LayerHandles()
        var centre = CGPoint.zero
        let warnings = LayerSession.run(&model, handles: handles) {
            let card = BadgeCard()
            card.stack.layoutIfNeeded()
            centre = card.badgeCentre
            #expect(card.ring.strokeEnd == 0.75 && card.ring.lineCap == .round && card.card.cornerCurve == .continuous)
            #expect(card.card.maskedCorners == [.layerMinXMinYCorner, .layerMaxXMaxYCorner])
            #expect(card.stack.sublayers?.last?.frame == CGRect(x: 0, y: 12, width: 40, height: 10))
            #expect(card.spot.value(forKey: "isSpot") as? Bool == true && card.spot.value(forKey: "opacity") as? Float == 1)
            card.spot.setValue(0.5, forKey: "opacity")
            #expect(card.spot.opacity == 0.5)
            #expect(card.dashes.lineDashPattern?.map(\.doubleValue) == [6, 3])
            #expect(card.caption.string as? String == "Badge" && card.caption.contentsScale == 2 && card.dots.instanceCount == 3)
        }.warnings
        #expect(warnings.isEmpty, "\(warnings)")
        // The card's top-left is (10, 20) in the root; the badge's centre is 88, 2 from it.
        #expect(abs(centre.x - 98) < 1e-9 && abs(centre.y - 22) < 1e-9, "\(centre)")
        let tree = try #require(model.graph.snapshot())
        let image = Renderer().render(tree, width: 120, height: 120, background: .color(.white))
        // The badge: systemRed over the white backdrop at 90 % opacity.
        let badge = image.pixel(x: 98, y: 22)
        #expect(badge.r == 255 && abs(Int(badge.g) - 79) <= 1 && abs(Int(badge.b) - 69) <= 1, "\(badge)")
        // The ring's stroke at its top (the start of its arc): systemGreen.
        let ring = image.pixel(x: 38, y: 32)
        #expect(ring.r == 52 && ring.g == 199 && ring.b == 89, "\(ring)")
        // The sheen at x = 82.5, 16.5 of its 32 points: 0.515625 of the way from systemBlue to white.
        let sheen = image.pixel(x: 82, y: 76)
        #expect(sheen.r == 131 && sheen.g == 191 && sheen.b == 255, "\(sheen)")
        // The caption's ink lies against its right edge (x = 10 + 48 + 48), in label black.
        let inkColumns = (58..<106).filter { x in (84..<98).contains { y in image.pixel(x: x, y: y).r < 128 } }
        #expect(inkColumns.last.map { $0 >= 101 } == true && inkColumns.first.map { $0 > 62 } == true, "\(inkColumns)")
        // The dots: three, at x = 68, 76 and 84 in the root, fading by 0.3 each over the white card.
        let greys = [68, 76, 84].map { Int(image.pixel(x: $0, y: 26).r) }
        #expect(greys[0] < greys[1] && greys[1] < greys[2], "\(greys)")
    }
}
