import Controls
import LayercastTesting
import SeedControls
import Testing

/// A list of controls is a value (`ControlList`): two servers of two lists run in one process at
/// once, each with its own routes, layout, documents, parameter values and scenarios.
@Suite struct TwoListsTests {
    static let spinnerAlone: ControlList = {
        do {
            return try ControlList([Spinner.self])
        } catch {
            preconditionFailure("one seed control is a valid list: \(error)")
        }
    }()

    @Test func twoServersOfTwoListsAnswerEachForItsOwn() throws {
        try withTestServer(.router) { seeds in
            try withTestServer(.router, controls: Self.spinnerAlone) { spinner in
                // The layout names each server's own controls, in order.
                let ids = { (s: TestServer) throws -> [String] in
                    try #require(try jsonObject(s.get("/layout"))["controls"] as? [String])
                }
                #expect(try ids(seeds) == ["meter", "play-button", "player", "spinner"])
                #expect(try ids(spinner) == ["spinner"])

                // A command of a control the list lacks is no route there: answered as a path no
                // control has on the other server.
                #expect(try seeds.at(1).post("/meter/press").status == 200)
                let unknown = try seeds.post("/no-such-control/press").status
                #expect((400..<500).contains(unknown))
                #expect(try spinner.at(1).post("/meter/press").status == unknown)

                // The `control` parameter takes the list's ids, and says so when refused.
                #expect(try seeds.get("/frame.png?control=meter&size=16").status == 200)
                let refused = try spinner.get("/frame.png?control=meter&size=16")
                #expect(refused.status == 400)
                let error = try jsonObject(refused)
                #expect(error["parameter"] as? String == "control")
                #expect(error["allowed"] as? String == "all, spinner")

                // Each document is its list's.
                let paths = { (s: TestServer) throws -> Set<String> in
                    Set(try #require(try jsonObject(s.get("/openapi.json"))["paths"] as? [String: Any]).keys)
                }
                let seedPaths = try paths(seeds), spinnerPaths = try paths(spinner)
                #expect(seedPaths.contains("/meter/press") && !spinnerPaths.contains("/meter/press"))
                #expect(spinnerPaths.contains("/controls/spinner/props"))
                #expect(!spinnerPaths.contains("/controls/meter/props"))

                // A scenario is read against the server's list: a step of a control it lacks is refused.
                let scenario = #"{"duration": 1, "steps": [{"at": 0.5, "do": "POST /meter/press"}]}"#
                #expect(try seeds.post("/scenarios", json: scenario).status == 201)
                let step = try spinner.post("/scenarios", json: scenario)
                #expect(step.status == 400)
                #expect(try jsonObject(step)["parameter"] as? String == "steps[0].do")

                // The state holds each list's controls.
                let state = try jsonObject(spinner.get("/state"))
                #expect(state["spinner"] != nil && state["meter"] == nil)
                #expect(try jsonObject(seeds.get("/state"))["meter"] != nil)
            }
        }
    }
}
