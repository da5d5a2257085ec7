import Foundation
import HamburgerButton
import LayercastKit
import LayercastTesting
import Testing

/// A control the server has never heard of, `Blinker`, defined in this test target alone: once
/// registered, every surface the server derives from its declarations serves it, with no edit to
/// the server.
@Suite struct PluginDiscoveryTests {

    @Test func theListIsRegisteredInOrder() {
        #expect(ExampleControls.list.types.map { $0.id.rawValue }
            == ["meter", "play-button", "player", "spinner", "hamburger-button", "activity-bars", "flip-card", "progress-ring",
                "badge", "blinker"])
        #expect(ExampleControls.list.allSubjects.contains(.hamburgerButton))
    }

    @Test func itsCommandIsARoute() throws {
        try withTestServer(.router, controls: ExampleControls.list) { server in
            let reply = try server.at(1).post("/blinker/blink")
            #expect(reply.status == 200, "\(reply.text.prefix(300))")
            let answer = try decode(CommandReply<Blinker.State>.self, from: reply)
            #expect(answer.state.blinks == 1)
            let state = try decode(StateMembers.self, from: server.at(1.2).get("/state"))
            #expect(state.blinker.blinks == 1 && state.blinker.opacity < 1)
        }
    }

    @Test func itsOperationsAreInTheOpenAPIDocument() throws {
        try withTestServer(.router, controls: ExampleControls.list) { server in
            let document = try jsonObject(server.get("/openapi.json"))
            let paths = try #require(document["paths"] as? [String: Any])
            let blink = try #require(paths["/blinker/blink"] as? [String: Any], "\(paths.keys.sorted())")
            #expect((blink["post"] as? [String: Any])?["operationId"] as? String == "blinkerBlink")
            #expect(paths["/controls/blinker/props"] != nil, "\(paths.keys.sorted())")
            for command in ["toggle", "open", "close"] {
                #expect(paths["/hamburger-button/\(command)"] != nil, "\(command)")
            }
            #expect(paths["/controls/hamburger-button/props"] != nil)
            // The gallery's, declared on their iOS-style classes.
            for path in ["/activity-bars/step", "/flip-card/flip", "/progress-ring/advance", "/badge/increment", "/controls/flip-card/props"] {
                #expect(paths[path] != nil, "\(path)")
            }
        }
    }

    /// The README's tables, generated as `api --markdown` prints them, have its rows.
    @Test func itsRowsAreInTheAPITables() {
        let tables = LayercastMain.apiTables(ExampleControls.list)
        #expect(tables.contains("| `POST /blinker/blink` (`blinkerBlink`) |"), "\(tables.prefix(400))")
        #expect(tables.contains("| `GET /controls/blinker/props` |"))
        #expect(tables.contains("| `POST /hamburger-button/toggle` (`hamburgerButtonToggle`) |"))
    }

    @Test func itHasACardOnTheLayout() throws {
        try withTestServer(.router, controls: ExampleControls.list) { server in
            let layout = try jsonObject(server.get("/layout"))
            let cards = try #require(layout["cards"] as? [[String: Any]])
            let card = try #require(cards.first { $0["id"] as? String == "blinker" }, "\(cards.map { $0["id"] ?? "" })")
            #expect(card["title"] as? String == "Blinker" && card["stateKey"] as? String == "blinker")
            let commands = card["commands"] as? [[String: Any]] ?? []
            #expect(commands.map { $0["path"] as? String } == ["/blinker/blink"])
            // It serves no card of its own, so the page builds the generic one.
            #expect(card["card"] == nil)
            #expect(try server.get("/blinker/card.js").status == 404)
            #expect(cards.contains { $0["id"] as? String == "hamburger-button" && $0["title"] as? String == "Hamburger button" })
        }
    }

    @Test func itsPropsHaveASchema() throws {
        try withTestServer(.router, controls: ExampleControls.list) { server in
            let reply = try server.get("/controls/blinker/props")
            #expect(reply.status == 200, "\(reply.text.prefix(300))")
            #expect(reply.text.contains("\"color\""), "\(reply.text.prefix(600))")
            let hamburger = try server.get("/controls/hamburger-button/props")
            #expect(hamburger.status == 200)
            for name in HamburgerButton.Configuration.props.map(\.name) {
                #expect(hamburger.text.contains("\"\(name)\""), "\(name)")
            }
        }
    }

    @Test func aScenarioStepCanNameItsCommand() throws {
        try withTestServer(.router, controls: ExampleControls.list) { server in
            let scenario = #"{"duration": 1, "steps": [{"at": 0.1, "do": "blinkerBlink"}, "#
                + #"{"at": 0.2, "do": "POST /hamburger-button/toggle"}]}"#
            let reply = try server.post("/scenarios", json: scenario)
            #expect(reply.status == 201, "\(reply.text.prefix(300))")
            let id = try #require(try jsonObject(reply)["id"] as? String)
            // Played from a fresh scene: the blink has run 0.2 s of its 0.4 at 0.3.
            let frame = try server.frame("control=blinker&scenario=\(id)&ahead=0.3").image
            let still = try server.frame("control=blinker&size=64").image
            #expect(frame.pixels != still.pixels)
        }
    }

    /// `GET /timeline` takes no `control` (only `/timeline.svg` does): the JSON lists every control's
    /// lanes, filtered here; the picture is asked for the blinker's alone.
    @Test func itsAnimationIsOnTheTimeline() throws {
        try withTestServer(.router, controls: ExampleControls.list) { server in
            #expect(try server.at(1).post("/blinker/blink").status == 200)
            let reply = try server.at(1.1).get("/timeline")
            #expect(reply.status == 200, "\(reply.text.prefix(300))")
            let animations = try jsonObject(reply)["animations"] as? [[String: Any]] ?? []
            let blink = try #require(animations.first { $0["control"] as? String == "blinker" }, "\(reply.text.prefix(600))")
            #expect(blink["key"] as? String == "blink" && blink["keyPaths"] as? [String] == ["opacity"])
            // On the control's root layer: no names below it.
            #expect(blink["layer"] as? [String] == [])
            #expect((blink["cause"] as? [String: Any])?["path"] as? String == "/blinker/blink")
            let picture = try server.get("/timeline.svg?control=blinker")
            #expect(picture.status == 200 && picture.text.contains("opacity") && picture.text.contains("/blinker/blink"),
                    "\(picture.text.prefix(600))")
        }
    }
}
