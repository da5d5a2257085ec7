import Foundation
import Testing
import Controls
import LayercastTesting

/// A layer control served as a user's package serves it: its frame, its command's route and
/// answer, its refusal of an undrawable value, its `/state` member, its dark theme, its layers and warnings on the timeline
/// (docs/design/quartz.md §Layer controls). One server for the suite's one test.
@Suite struct LayerControlServerTests {
    @Test func aLayerControlIsServedAndCommanded() throws {
        try withTestServer(.router, controls: ControlList.menuIcon) { s in
            func middleBar() throws -> (r: Int, g: Int, b: Int, a: Int) {
                // The 44-point design at size 44: the middle bar's stroke covers y 20…24 around x 12.
                RGBAImage(try s.frame("control=menu-icon&size=44&scale=1&background=transparent").image).pixel(12, 22)
            }
            // systemBlue, light: #007AFF.
            let shown = try middleBar()
            #expect(shown.r == 0 && shown.g == 122 && shown.b == 255 && shown.a == 255, "\(shown)")

            // The dark theme: the control re-set its colours in traitCollectionDidChange, on the dark
            // system background; systemBlue dark is #0A84FF. The live control stays light.
            let themes = try s.frame("control=menu-icon&variants=themes&size=44&scale=1&background=transparent")
            #expect(themes.response.header("X-Variants") == "light, dark")
            let cells = RGBAImage(themes.image)
            let (light, dark, backdrop) = (cells.pixel(12, 22), cells.pixel(44 + 12, 22), cells.pixel(44 + 2, 2))
            #expect(light.r == 0 && light.g == 122 && light.b == 255, "\(light)")
            #expect(dark.r == 10 && dark.g == 132 && dark.b == 255 && dark.a == 255, "\(dark)")
            #expect(backdrop.r == 0 && backdrop.g == 0 && backdrop.b == 0 && backdrop.a == 255, "\(backdrop)")
            #expect(try middleBar() == shown)

            let toggled = try s.post("/menu-icon/toggle")
            #expect(toggled.status == 200, "\(toggled.text.prefix(300))")
            #expect(toggled.text.contains("\"middle\"") && toggled.text.contains("\"opacity\":0"), "\(toggled.text.prefix(300))")
            #expect(try middleBar().a == 0)

            let broken = try s.post("/menu-icon/break")
            #expect(broken.status == 400 && broken.text.contains("layer 'top': position is not a finite number"), "\(broken.text.prefix(300))")
            // Refused whole: the cross is still there.
            #expect(try middleBar().a == 0)
            let state = try s.get("/state")
            #expect(state.status == 200 && state.text.contains("\"menuIcon\""), "\(state.text.prefix(300))")

            // The timeline reads the graph: its layers by name, their values as the model holds them.
            let top = try jsonObject(try s.get("/timeline/values?control=menu-icon&layer=top&key=transform.rotation.z&fps=1"))
            let samples = try #require(top["samples"] as? [[String: Any]])
            #expect(!samples.isEmpty && samples.allSatisfy { abs((($0["value"] as? [String: Any])?["number"] as? Double ?? 0) - .pi / 4) < 1e-9 }, "\(samples)")
            let missing = try s.get("/timeline/values?control=menu-icon&layer=nothing&key=opacity")
            #expect(missing.status == 400 && missing.text.contains("'top', 'middle', 'bottom'"), "\(missing.text.prefix(300))")
            #expect(try s.get("/timeline").status == 200)

            // What Core Animation ignores is ignored, and said in the answer and on the timeline.
            let tangled = try s.post("/menu-icon/tangle")
            let said = "addSublayer: 'root' contains 'top', so it cannot be its sublayer; ignored"
            let warned = try jsonObject(tangled)["warnings"] as? [String]
            #expect(tangled.status == 200 && warned == [said], "\(tangled.text.prefix(400))")
            #expect((126...129).contains(try middleBar().a), "the rest of the command applied")
            let commands = try #require(try jsonObject(try s.get("/timeline"))["commands"] as? [[String: Any]])
            #expect(commands.last?["id"] as? String == "menuIconTangle" && commands.last?["warnings"] as? [String] == [said])
            #expect(commands.dropLast().allSatisfy { $0["warnings"] == nil })
            #expect(try s.get("/timeline.svg").text.contains("ignored: addSublayer: 'root'"))
            #expect(try jsonObject(try s.post("/menu-icon/toggle"))["warnings"] == nil, "warnings belong to the command that caused them")
        }
    }
}
