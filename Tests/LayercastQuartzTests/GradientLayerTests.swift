import Foundation
import Testing
import Animation
import Rendering
@testable import LayercastQuartz

/// CAGradientLayer: each kind's parameter at a pixel's centre, the colour between stops not
/// premultiplied, locations, corners and the defaults (docs/design/quartz.md §Gradients). The
/// expected bytes are the formulas', worked out here.
@Suite struct GradientLayerTests {
    static let black = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
    static let white = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
    static let clear = CGColor(red: 0, green: 0, blue: 0, alpha: 0)

    /// A 40 × 40 gradient layer filling the canvas, set up by `configure`.
    static func draw(_ configure: @escaping (CAGradientLayer) -> Void) -> RenderedImage {
        Canvas.draw {
            let root = Canvas.root()
            let g = CAGradientLayer()
            g.frame = root.bounds
            configure(g)
            root.addSublayer(g)
        }.0
    }

    static func byte(_ t: Double) -> Int { Int((min(max(t, 0), 1) * 255).rounded()) }

    /// From black at the top to white at the bottom by default: row y shows t = (y + ½) / 40.
    @Test func theDefaultAxisRunsDownTheMiddle() {
        let image = Self.draw { $0.colors = [Self.black, Self.white] }
        for y in 0..<40 {
            #expect(Canvas.rgba(image, 7, y) == [Int](repeating: Self.byte((Double(y) + 0.5) / 40), count: 3) + [255], "row \(y)")
        }
    }

    /// Clear (transparent black) to white fades through grey: at t the colour is (t, t, t) with
    /// alpha t, where premultiplied stops would give white at every alpha.
    @Test func clearToWhiteFadesThroughGrey() {
        let image = Self.draw {
            $0.colors = [Self.clear, Self.white]
            $0.startPoint = CGPoint(x: 0, y: 0.5)
            $0.endPoint = CGPoint(x: 1, y: 0.5)
        }
        for x in [4, 19, 33] {
            let t = (Double(x) + 0.5) / 40
            let p = Canvas.rgba(image, x, 20)
            // Stored premultiplied: the grey times the alpha is t², give or take the byte's rounding.
            #expect(p[3] == Self.byte(t) && abs(Double(p[0] * p[3]) / 255 - t * t * 255) <= 1, "column \(x): \(p)")
        }
    }

    /// Radial: elliptical distance from the start, half-axes |end − start|; past 1 the last colour.
    @Test func radialIsTheDistanceInHalfAxes() {
        let image = Self.draw {
            $0.colors = [Self.black, Self.white]
            $0.type = .radial
            $0.startPoint = CGPoint(x: 0.5, y: 0.5)
            $0.endPoint = CGPoint(x: 1, y: 0.75)
        }
        for (x, y) in [(20, 20), (29, 19), (20, 27), (35, 33), (0, 0)] {
            let (dx, dy) = ((Double(x) + 0.5 - 20) / 20, (Double(y) + 0.5 - 20) / 10)
            #expect(Canvas.rgba(image, x, y)[0] == Self.byte((dx * dx + dy * dy).squareRoot()), "(\(x), \(y))")
        }
    }

    /// Conic: the turn from start→end, clockwise on screen, as a fraction of a whole turn.
    @Test func conicTurnsClockwiseFromTheAxis() {
        let image = Self.draw {
            $0.colors = [Self.black, Self.white]
            $0.type = .conic
            $0.startPoint = CGPoint(x: 0.5, y: 0.5)
            $0.endPoint = CGPoint(x: 1, y: 0.5)
        }
        for (x, y) in [(30, 20), (20, 30), (9, 20), (20, 9), (30, 18)] {
            let angle = atan2(Double(y) + 0.5 - 20, Double(x) + 0.5 - 20) / (2 * .pi)
            let t = angle - angle.rounded(.down)
            #expect(abs(Canvas.rgba(image, x, y)[0] - Self.byte(t)) <= 0, "(\(x), \(y)) at t = \(t)")
        }
    }

    /// Locations place the stops; a list of another length than the colours is spaced evenly.
    @Test func locationsPlaceTheStops() {
        let red = Canvas.red, green = CGColor(red: 0, green: 1, blue: 0, alpha: 1), blue = Canvas.blue
        let placed = Self.draw {
            $0.colors = [red, green, blue]
            $0.locations = [0, 0.25, 1]
        }
        // Row 4: t = 4.5/40 = 0.1125, 0.45 of the way from red to green.
        #expect(Canvas.rgba(placed, 20, 4) == [Self.byte(0.55), Self.byte(0.45), 0, 255])
        // Row 30: t = 0.7625, (0.7625 − 0.25)/0.75 of the way from green to blue.
        let f = (30.5 / 40 - 0.25) / 0.75
        #expect(Canvas.rgba(placed, 20, 30) == [0, Self.byte(1 - f), Self.byte(f), 255])
        let uneven = Self.draw {
            $0.colors = [red, green, blue]
            $0.locations = [0, 1]
        }
        // Stops at 0, ½ and 1: row 19's t = 0.4875 is 0.975 of the way from red to green.
        #expect(Canvas.rgba(uneven, 20, 19) == [Self.byte(0.025), Self.byte(0.975), 0, 255])
    }

    /// The gradient fills the rounded outline, as the background does, without masksToBounds; with
    /// no colours only the background shows.
    @Test func cornersRoundTheGradientAndNoColoursDrawNothing() {
        let rounded = Self.draw {
            $0.colors = [Self.black, Self.white]
            $0.cornerRadius = 12
        }
        #expect(Canvas.alpha(rounded, 0, 0) == 0 && Canvas.alpha(rounded, 39, 39) == 0)
        #expect(Canvas.alpha(rounded, 20, 0) == 255 && Canvas.alpha(rounded, 0, 20) == 255)
        let empty = Self.draw { $0.backgroundColor = Canvas.red }
        #expect(Canvas.rgba(empty, 20, 20) == [255, 0, 0, 255])
    }

    @Test func defaultsAndKeysAreCoreAnimations() {
        var graph = LayerGraph()
        let (_, warnings) = LayerSession.run(&graph, handles: LayerHandles()) {
            let g = CAGradientLayer()
            #expect(g.colors == nil && g.locations == nil && g.type == .axial)
            #expect(g.startPoint == CGPoint(x: 0.5, y: 0) && g.endPoint == CGPoint(x: 0.5, y: 1))
            g.setValue(CGPoint(x: 0.25, y: 0.75), forKey: "startPoint")
            #expect(g.value(forKey: "startPoint") as? CGPoint == CGPoint(x: 0.25, y: 0.75))
            g.colors = [Self.black, "not a colour", Self.white]
            #expect(g.colors?.count == 2)
            g.type = CAGradientLayerType(rawValue: "diamond")
            #expect(g.type == .axial)
        }
        #expect(warnings == ["colors: 1 of 3 elements are not CGColor; left out",
                             "type: \"diamond\" is not one of axial, radial, conic; ignored"])
    }
}
