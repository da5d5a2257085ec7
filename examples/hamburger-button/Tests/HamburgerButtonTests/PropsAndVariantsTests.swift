import HamburgerButton
import LayercastKit
import LayercastTesting
import Testing

/// The button's props as the server sees them, and its variants.
@Suite struct PropsAndVariantsTests {

    typealias Configuration = HamburgerButton.Configuration

    @Test func propsDeclareEveryKnobWithItsDefault() {
        let declarations = Configuration.declarations(defaults: Configuration())
        let timings = ["openStrokeStart", "openStrokeEnd", "openTransform", "closeStrokeStart", "closeStrokeEnd", "closeTransform"]
        let timingNames: [String] = timings.flatMap { [$0 + "Duration", $0 + "Delay", $0 + "Curve"] }
        let expected: [String] = ["strokeColor", "background", "lineWidth"] + timingNames
        #expect(declarations.map(\.name) == expected)
        for declaration in declarations {
            #expect(declaration.kind.accepts(declaration.defaultValue), "\(declaration.name)")
        }
        #expect(Configuration().values["background"] == .color(Color(r: 38, g: 151, b: 68)))
        #expect(Configuration().values["openTransformCurve"] == .curve(.bezier(x1: 0.5, y1: -0.8, x2: 0.5, y2: 1.85)))
    }

    @Test func settingPropsWritesTheConfiguration() {
        let curve = TimingCurve.bezier(x1: 0.3, y1: -1, x2: 0.6, y2: 2)
        let set = Configuration().setting(PropValues([
            "lineWidth": .number(6), "closeTransformDelay": .number(0.2), "openStrokeEndCurve": .curve(curve),
        ]))
        #expect(set.lineWidth == 6 && set.closeTransformDelay == 0.2 && set.openStrokeEndCurve == curve)
        // Values outside a prop's range are not written (the server refuses them first).
        let refused = Configuration().setting(PropValues(["openTransformDuration": .number(0), "lineWidth": .number(40)]))
        #expect(refused == Configuration())
        // A y beyond TimingCurve.yRange (−1…2) is no curve a prop accepts.
        #expect(!PropKind.curve.accepts(.curve(.bezier(x1: 0.5, y1: -1.5, x2: 0.5, y2: 1))))
    }

    @Test func variantsAreTheTwoStatesAtRest() throws {
        #expect(HamburgerButton.variantCaptions(.modes) == ["closed", "open"])
        var button = HamburgerButton(at: 0, configuration: Configuration())
        button.toggle(at: 1)
        HamburgerButton.variants.modes[1].apply(&button, 1.2)
        #expect(button.isOpen && button.layers.allRecords().allSatisfy { $0.record.outcome(at: 1.2) != .running })
        expectValues(button.state(at: 1.2).presentation, HamburgerClosedForms.open, .exact)
        HamburgerButton.variants.modes[0].apply(&button, 1.3)
        #expect(!button.isOpen && button.noticeableState == "closed")
        expectValues(button.state(at: 1.3).presentation, HamburgerClosedForms.closed, .exact)
        try withTestServer(.router, controls: ExampleControls.list) { server in
            let frame = try server.frame("control=hamburger-button&variants=modes")
            #expect(frame.image.width > frame.image.height)
        }
    }
}
