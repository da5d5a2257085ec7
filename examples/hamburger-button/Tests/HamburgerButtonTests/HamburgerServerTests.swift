import HamburgerButton
import LayercastKit
import LayercastTesting
import Testing

/// The button served in process, driven over HTTP on a manual clock: its commands, its `/state`
/// member and its frames.
@Suite struct HamburgerServerTests {

    @Test func toggleAnimatesStateAndFrames() throws {
        try withTestServer(.router, controls: ExampleControls.list) { server in
            let closed = try server.frame("control=hamburger-button&size=108&at=0").image
            #expect(try decode(StateMembers.self, from: server.get("/state")).hamburgerButton.open == false)

            let reply = try server.at(1).post("/hamburger-button/toggle")
            #expect(reply.status == 200, "\(reply.text.prefix(300))")
            let answer = try decode(CommandReply<HamburgerButton.State>.self, from: reply)
            #expect(answer.sceneTime == 1 && answer.state.open)

            // Mid-opening, /state's member is the closed form's at 0.3 s after the toggle.
            let opening = try decode(StateMembers.self, from: server.at(1.3).get("/state"))
            #expect(opening.sceneTime == 1.3 && opening.hamburgerButton.open)
            expectValues(opening.hamburgerButton.presentation, HamburgerClosedForms.afterOpen(at: 1, time: 1.3),
                         .engineCurve, "/state at 1.3")
            expectValues(opening.hamburgerButton.model, HamburgerClosedForms.open, .exact, "/state's model at 1.3")

            // The frames move: closed before the toggle, something else mid-flight, the X at rest.
            let mid = try server.frame("control=hamburger-button&size=108&at=1.3").image
            let open = try server.frame("control=hamburger-button&size=108&at=2.5").image
            let later = try server.frame("control=hamburger-button&size=108&at=3").image
            #expect(mid.pixels != closed.pixels && open.pixels != mid.pixels && open.pixels != closed.pixels)
            #expect(later.pixels == open.pixels, "at rest once the animations end")
            // The demo's green fills the cell: a corner pixel, opaque.
            let corner = RGBAImage(open).pixel(1, 1)
            #expect(corner.r == 38 && corner.g == 151 && corner.b == 68 && corner.a == 255, "\(corner)")

            // Toggling back at 3 closes it from the X.
            #expect(try server.at(3).post("/hamburger-button/toggle").status == 200)
            let closing = try decode(StateMembers.self, from: server.at(3.3).get("/state")).hamburgerButton
            #expect(!closing.open)
            expectValues(closing.presentation, HamburgerClosedForms.afterClose(at: 3, time: 3.3), .engineCurve, "closing")
            let rest = try server.frame("control=hamburger-button&size=108&at=5").image
            #expect(rest.pixels == closed.pixels, "closed again at rest")
        }
    }

    @Test func openAndCloseByNameAreIdempotent() throws {
        try withTestServer(.router, controls: ExampleControls.list) { server in
            #expect(try server.at(1).post("/hamburger-button/close").status == 200)
            #expect(try decode(StateMembers.self, from: server.get("/state")).hamburgerButton.open == false)
            #expect(try server.post("/hamburger-button/open").status == 200)
            #expect(try server.at(1.2).post("/hamburger-button/open").status == 200)
            // The second open changed nothing: the first one's animation runs on.
            let state = try decode(StateMembers.self, from: server.at(1.4).get("/state")).hamburgerButton
            #expect(state.open)
            expectValues(state.presentation, HamburgerClosedForms.afterOpen(at: 1, time: 1.4), .engineCurve, "open twice")
        }
    }

    /// Props set over HTTP reach the frames at once.
    @Test func propsChangeTheFrame() throws {
        try withTestServer(.router, controls: ExampleControls.list) { server in
            let patch = ##"{"background": "#000000"}"##
            let reply = try server.request("PATCH", "/controls/hamburger-button/props", body: Array(patch.utf8),
                                           contentType: "application/merge-patch+json")
            #expect(reply.status == 200, "\(reply.text.prefix(300))")
            let corner = RGBAImage(try server.frame("control=hamburger-button&size=108").image).pixel(1, 1)
            #expect(corner.r == 0 && corner.g == 0 && corner.b == 0, "\(corner)")
        }
    }
}
