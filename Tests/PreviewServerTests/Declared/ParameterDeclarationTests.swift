import APIModel
import Scenes
import Testing
@testable import PreviewServer
import SeedControls

extension Parameter {
    /// Text as a request gives it, through the type's check and the parameter's conversion.
    func parse(_ text: String) -> Value? {
        spec.type.accepts(text).flatMap(convert)
    }
}

/// Parameter types: what they accept, how they word `allowed`, and how defaults resolve.
@Suite struct ParameterDeclarationTests {

    @Test func allowedTextsKeepTheAPIsWording() {
        #expect(ParameterType.integer(16...4096).allowed() == "an integer from 16 to 4096")
        #expect(ParameterType.number(0.05...8).allowed() == "a number from 0.05 to 8")
        #expect(ParameterType.number(1...600).allowed(unit: "seconds") == "a number from 1 to 600 (seconds)")
        #expect(ParameterType.boolean.allowed() == "true or false")
        #expect(ParameterType.enumeration(["play", "pause"]).allowed() == "play, pause")
        #expect(ParameterType.color(names: ["white", "dark"]).allowed() == "#rrggbb or one of white, dark")
        #expect(ParameterType.list(["points", "bounds"]).allowed() == "one or more of points, bounds, separated by commas")
    }

    @Test func integersAreWrittenPlainly() {
        let t = ParameterType.integer(-10...10)
        #expect(t.accepts("10") == "10")
        #expect(t.accepts("-10") == "-10")
        #expect(t.accepts("11") == nil)
        #expect(t.accepts("+5") == nil)
        #expect(t.accepts("-0") == nil)
        #expect(t.accepts("5.0") == nil)
        #expect(t.accepts("") == nil)
    }

    @Test func numbersMustBeFiniteAndInRange() {
        let t = ParameterType.number(0.05...8)
        #expect(t.accepts("0.05") != nil)
        #expect(t.accepts("8") != nil)
        #expect(t.accepts("0.04") == nil)
        #expect(t.accepts("nan") == nil)
        #expect(t.accepts("inf") == nil)
    }

    @Test func booleansTakeTheFormWordsAndNormalise() {
        for word in ["true", "1", "on", "yes", "TRUE"] { #expect(ParameterType.boolean.accepts(word) == "true") }
        for word in ["false", "0", "off", "no"] { #expect(ParameterType.boolean.accepts(word) == "false") }
        #expect(ParameterType.boolean.accepts("maybe") == nil)
    }

    @Test func coloursAreHexOrNamesInAnyCase() {
        let t = ParameterType.color(names: ["white", "dark"])
        #expect(t.accepts("#336699") == "#336699")
        #expect(t.accepts("ABCDEF") == "#abcdef")
        #expect(t.accepts("Dark") == "dark")
        #expect(t.accepts("#12345g") == nil)
        #expect(t.accepts("#1234567") == nil)
    }

    @Test func listsAreCommaSeparatedWords() {
        let debug = SampleAPI.debug
        #expect(debug.parse("points,bounds") == .some([.points, .bounds]))
        #expect(debug.parse("none") == .some([SampleAPI.Overlay.none]))
        #expect(debug.parse("points,") == nil)
        #expect(debug.parse("dots") == nil)
    }

    @Test func settingDefaultsFollowTheConfigurationWithinTheRange() {
        var configuration = PreviewServerConfiguration.seeds
        #expect(SampleAPI.fps.fallback(configuration.settings) == 30)
        configuration.settings.fps = 60
        // The sample's fps ends at 50, as a GIF clip's does.
        #expect(SampleAPI.fps.fallback(configuration.settings) == 50)
        #expect(SampleAPI.fps.spec.requirement == .setting(flag: "--fps", builtin: "30"))
        #expect(SampleAPI.size.spec.requirement == .setting(flag: "--size", builtin: "480"))
    }

    @Test func requiredAndDefaultedParameters() {
        #expect(SampleAPI.fruit.spec.requirement == .required)
        #expect(SampleAPI.fruit.fallback(SceneSettings.seeds) == nil)
        #expect(SampleAPI.ripe.spec.requirement == .fixed("true"))
        #expect(SampleAPI.seconds.spec.requirement == .fixed("3"))
        #expect(SampleAPI.speed.fallback(SceneSettings.seeds) == .some(nil))
    }
}
