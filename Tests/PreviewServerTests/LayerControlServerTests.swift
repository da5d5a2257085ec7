import Foundation
import Testing
import Controls
import LayercastTesting

/// A layer control served as a user's package serves it: its frame, its command's route and
/// answer, its refusal of an undrawable value, its `/state` member (docs/design/quartz.md §Layer
/// controls). One server for the suite's one test.
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
        }
    }
}
