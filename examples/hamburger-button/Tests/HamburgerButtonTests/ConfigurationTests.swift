import Foundation
import HamburgerButton
import LayercastKit
import Testing

@Suite struct ConfigurationTests {

    @Test func defaultsAreTheFacts() {
        let c = HamburgerButton.Configuration()
        #expect(c.strokeColor == .white && c.lineWidth == 4)
        #expect(c.background == Color(red: 38.0 / 255, green: 151.0 / 255, blue: 68.0 / 255))
        #expect([c.openStrokeStartDuration, c.openStrokeEndDuration, c.openTransformDuration] == [0.5, 0.6, 0.4])
        #expect([c.closeStrokeStartDuration, c.closeStrokeEndDuration, c.closeTransformDuration] == [0.5, 0.6, 0.4])
        #expect([c.openStrokeStartDelay, c.openStrokeEndDelay, c.openTransformDelay] == [0, 0, 0.25])
        #expect([c.closeStrokeStartDelay, c.closeStrokeEndDelay, c.closeTransformDelay] == [0.1, 0, 0.05])
        #expect(c.openStrokeStartCurve == .bezier(x1: 0.25, y1: -0.4, x2: 0.5, y2: 1))
        #expect(c.openStrokeEndCurve == .bezier(x1: 0.25, y1: -0.4, x2: 0.5, y2: 1))
        #expect(c.closeStrokeStartCurve == .bezier(x1: 0.25, y1: 0, x2: 0.5, y2: 1.2))
        #expect(c.closeStrokeEndCurve == .bezier(x1: 0.25, y1: 0.3, x2: 0.5, y2: 0.9))
        #expect(c.openTransformCurve == .bezier(x1: 0.5, y1: -0.8, x2: 0.5, y2: 1.85))
        #expect(c.closeTransformCurve == c.openTransformCurve)
        // Each reaches the engine as the same cubic Bézier.
        #expect(c.openTransformCurve.function == TimingFunction(0.5, -0.8, 0.5, 1.85))
        #expect(HamburgerButton().viewBackground == c.background)
    }

    @Test func coloursAndWidthAtOnceTimingsFromTheNextChange() {
        var button = openedButton(at: 0)
        var c = button.configuration
        c.strokeColor = .black
        c.lineWidth = 6
        c.closeStrokeEndDuration = 1.2
        c.openStrokeEndDuration = 2
        button.configure(c, at: 0.2)
        // At once, mid-flight, and the opening runs on unchanged.
        for part in [HamburgerButton.Part.top, .middle, .bottom] {
            #expect(button.layer(part).strokeColor == .black && button.layer(part).lineWidth == 6)
        }
        for t in [0.2, 0.4, 0.59, 0.7] {
            expectValues(button.state(at: t).presentation, HamburgerClosedForms.afterOpen(at: 0, time: t))
        }
        // The layout keeps the original's bounds: the strokes still turn about their ends.
        #expect(button.layer(.top).anchor == HamburgerButton.Geometry.outerAnchor)
        // The next change takes the new duration: the close's strokeEnd is only done after 1.2 s.
        button.advance(to: 2)
        button.close(at: 2)
        #expect(button.state(at: 2.6).presentation.strokeEnd != 0.111)
        #expect(button.state(at: 3.21).presentation.strokeEnd == 0.111)
        #expect(button.layer(.middle).animation(forKey: "strokeEnd")?.animation.timing.duration == 1.2)
    }

    @Test func aClearBackgroundIsNone() {
        var button = HamburgerButton()
        var c = button.configuration
        c.background = .clear
        button.configure(c, at: 0)
        #expect(button.viewBackground == nil)
    }

    @Test func codableRoundTripMidFlight() throws {
        var button = openedButton(at: 0)
        button.close(at: 0.3)
        let data = try JSONEncoder().encode(button)
        let decoded = try JSONDecoder().decode(HamburgerButton.self, from: data)
        for t in [0.3, 0.4, 0.6, 1] {
            #expect(decoded.state(at: t) == button.state(at: t))
        }
        let config = try JSONDecoder().decode(HamburgerButton.Configuration.self,
                                              from: JSONEncoder().encode(button.configuration))
        #expect(config == button.configuration)
    }
}
