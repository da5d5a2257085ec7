import Animation
@testable import Controls
import Testing
@testable import LayercastTesting
import SeedControls

/// The declarations themselves: names, defaults and round trips, for every control that declares props.
@Suite struct PropDeclarationTests {

    static let controls = ControlList.seeds.subjects

    @Test(arguments: controls)
    func everyDefaultIsAcceptedAndNamesAreUnique(_ control: FrameSubject) {
        let declarations = SceneConfiguration.seeds.propDeclarations(of: control)
        #expect(Set(declarations.map(\.name)).count == declarations.count)
        for d in declarations {
            #expect(d.kind.accepts(d.defaultValue), "\(control.rawValue).\(d.name)")
            #expect(!d.doc.isEmpty && d.name.allSatisfy { $0.isLetter || $0.isNumber }, "\(d.name)")
        }
    }

    /// Values read from a configuration set back into the defaults give that configuration.
    @Test func valuesRoundTripThroughTheConfiguration() {
        var c = PlayButton.Configuration(theme: .sample)
        c.geometry.triangleCornerRadius = 0
        c.contentMode = .aspectFill
        c.morphCurve = .bezier(x1: 0.4, y1: 0, x2: 0.2, y2: 1)
        #expect(PlayButton.Configuration().setting(c.values) == c)
        var s = Spinner.Configuration()
        s.lineWidth = 9
        s.rotationCurve = .named(.easeOut)
        #expect(Spinner.Configuration().setting(s.values) == s)
    }

    /// A value the kind refuses is left out, so a configuration never holds one.
    @Test func settingSkipsWhatTheKindRefuses() {
        let c = PlayButton.Configuration().setting(PropValues(["barThickness": .number(99), "contentMode": .choice("tile"),
                                                                "morphCurve": .curve(.bezier(x1: 1.5, y1: 0, x2: 0, y2: 1))]))
        #expect(c == PlayButton.Configuration())
    }

    @Test func kindsCheckRangesStepsAndLists() {
        let integer = PropKind.integer(range: 0...10, unit: nil)
        #expect(integer.accepts(.number(10)) && !integer.accepts(.number(2.5)))
        #expect(!integer.accepts(.number(.nan)) && !integer.accepts(.number(11)) && !integer.accepts(.choice("1")))
        let number = PropKind.number(range: 0...1, step: 0.1, unit: "s")
        #expect(number.accepts(.number(0.123)) && !number.accepts(.number(1.01)))
        #expect(PropKind.colors(maxCount: 2).accepts(.colors([.white, .black])))
        #expect(!PropKind.colors(maxCount: 2).accepts(.colors([.white, .black, .white])))
        #expect(!PropKind.color.accepts(.color(Color(red: 2, green: 0, blue: 0))))
        #expect(PropKind.choice(["a", "b"]).accepts(.choice("b")) && !PropKind.choice(["a", "b"]).accepts(.choice("c")))
    }

    /// x must stay in 0…1 (time runs forwards); y may overshoot within −1…2.
    @Test func curvesKeepXInTheUnitIntervalAndYInItsBand() {
        #expect(TimingCurve.bezier(x1: 0, y1: -1, x2: 1, y2: 2).isValid)
        #expect(!TimingCurve.bezier(x1: -0.01, y1: 0, x2: 1, y2: 1).isValid)
        #expect(!TimingCurve.bezier(x1: 0, y1: 0, x2: 1.01, y2: 1).isValid)
        #expect(!TimingCurve.bezier(x1: 0, y1: 2.01, x2: 1, y2: 1).isValid)
        #expect(!TimingCurve.bezier(x1: 0, y1: .nan, x2: 1, y2: 1).isValid)
        #expect(TimingCurve.linear.function == nil)
        #expect(TimingCurve.easeInEaseOut.controlPoints == [0.42, 0, 0.58, 1])
        #expect(TimingCurve.named(.default).function == .default)
    }

    @Test func hexColoursCarryAlphaBothWays() throws {
        let c = try #require(Color(hex: "#ff950080"))
        #expect(c.hexWithAlpha == "#ff950080" && c.hex == "#ff9500" && abs(c.alpha - 128.0 / 255) < 1e-12)
        #expect(Color.white.hexWithAlpha == "#ffffff")
        #expect(Color(hex: "#ff95008") == nil && Color(hex: "１２３４５６") == nil)
    }
}
