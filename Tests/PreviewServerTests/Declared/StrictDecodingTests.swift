import APIModel
import Controls
import Foundation
import HTTPServer
import Scenes
import Testing
@testable import PreviewServer
import SeedControls

/// One declaration decodes the query, a form and a JSON body, and refuses anything it does not
/// declare, with the `{error, parameter, allowed}` body the API always gives.
@Suite struct StrictDecodingTests {

    let router = SampleAPI.router()

    func send(_ method: String, _ path: String, query: [(String, String)] = [], body: String = "",
              type: String? = nil) -> HTTPResponse {
        router.respond(to: HTTPRequest(method: method, path: path, query: query.map { (name: $0.0, value: $0.1) },
                                       headers: type.map { ["Content-Type": $0] } ?? [:], body: Array(body.utf8)))
    }

    func json(_ response: HTTPResponse) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(response.bodyBytes ?? [])) as? [String: Any])
    }

    @Test func theSameParametersFromQueryFormOrJSON() throws {
        let fromQuery = send("POST", "/fruit/pick", query: [("fruit", "pear"), ("count", "4")])
        let fromForm = send("POST", "/fruit/pick", body: "fruit=pear&count=4", type: "application/x-www-form-urlencoded")
        let fromJSON = send("POST", "/fruit/pick", body: #"{"fruit": "pear", "count": 4}"#, type: "application/json")
        for response in [fromQuery, fromForm, fromJSON] {
            #expect(response.status == 200)
            let reply = try json(response)
            #expect(reply["fruit"] as? String == "pear")
            #expect(reply["count"] as? Int == 4)
            #expect(reply["ripe"] as? Bool == true, "the declared default")
            #expect(response.header("Cache-Control") == "no-store", "the declared constant header")
        }
    }

    @Test func anUnknownParameterIsNamedWithWhatTheOperationTakes() throws {
        for response in [send("POST", "/fruit/pick", query: [("fruit", "pear"), ("bogus", "1")]),
                         send("POST", "/fruit/pick", body: #"{"fruit":"pear","bogus":1}"#, type: "application/json"),
                         send("POST", "/fruit/pick", body: "fruit=pear&bogus", type: "application/x-www-form-urlencoded")] {
            #expect(response.status == 400)
            let error = try json(response)
            #expect(error["parameter"] as? String == "bogus")
            #expect(error["allowed"] as? String == "fruit, ripe, count")
            #expect(error["error"] as? String == "unknown parameter 'bogus' for POST /fruit/pick")
        }
        let none = try json(send("PUT", "/upload", query: [("x", "1")]))
        #expect(none["allowed"] as? String == "no parameters")
    }

    @Test func aParameterGivenTwiceIsRefusedWhereverItComesFrom() throws {
        let twiceInQuery = send("POST", "/fruit/pick", query: [("fruit", "pear"), ("fruit", "apple")])
        let queryAndForm = send("POST", "/fruit/pick", query: [("fruit", "pear")], body: "fruit=apple",
                                type: "application/x-www-form-urlencoded")
        let twiceInJSON = send("POST", "/fruit/pick", body: #"{"fruit":"pear","fruit":"apple"}"#, type: "application/json")
        for response in [twiceInQuery, queryAndForm, twiceInJSON] {
            #expect(response.status == 400)
            let error = try json(response)
            #expect(error["parameter"] as? String == "fruit")
            #expect(error["error"] as? String == "parameter 'fruit' is given more than once")
        }
    }

    @Test func valuesAreCheckedAgainstTheDeclaredRange() throws {
        let error = try json(send("POST", "/fruit/pick", query: [("fruit", "pear"), ("count", "13")]))
        #expect(error["error"] as? String == "invalid value for 'count': 13")
        #expect(error["allowed"] as? String == "an integer from 1 to 12 (fruits)")
        let missing = try json(send("POST", "/fruit/pick"))
        #expect(missing["error"] as? String == "missing parameter 'fruit'")
        #expect(missing["allowed"] as? String == "apple, pear, quince")
    }

    @Test func jsonValuesMustHaveTheParametersJSONType() throws {
        let quoted = send("POST", "/fruit/pick", body: #"{"fruit":"pear","count":"4"}"#, type: "application/json")
        #expect(quoted.status == 400)
        #expect(try json(quoted)["error"] as? String == "'count' must be a JSON number, not 4")
        let null = try json(send("POST", "/fruit/pick", body: #"{"fruit":null}"#, type: "application/json"))
        #expect(null["parameter"] as? String == "fruit")
        // JSON has one number type: 4.0 is the integer 4.
        let whole = send("POST", "/fruit/pick", body: #"{"fruit":"pear","count":4.0}"#, type: "application/json")
        #expect(try json(whole)["count"] as? Int == 4)
        let nested = try json(send("POST", "/fruit/pick", body: #"{"fruit":["pear"]}"#, type: "application/json"))
        #expect(nested["parameter"] as? String == "fruit")
        let broken = send("POST", "/fruit/pick", body: "{", type: "application/json")
        #expect(broken.status == 400)
        #expect(try json(broken)["parameter"] as? String == "body")
    }

    @Test func otherBodiesAre415() throws {
        let response = send("POST", "/fruit/pick", body: "<x/>", type: "application/xml")
        #expect(response.status == 415)
        #expect(try json(response)["parameter"] as? String == "Content-Type")
    }

    @Test func aParameterIsReadOnlyWhereItMayCome() throws {
        // A GET reads no body at all.
        #expect(send("GET", "/clip.webp", body: "size=20", type: "application/x-www-form-urlencoded").status == 200)
        // A command's query-only parameter is refused in its body.
        let op = APIOperation(.post, "/x", id: "x", tag: "x", summary: "x", parameters: [SampleAPI.size], command: true)
        let request = HTTPRequest(method: "POST", path: "/x", headers: ["Content-Type": "application/json"],
                                  body: Array(#"{"size": 20}"#.utf8))
        let error = #expect(throws: Refusal.self) {
            try Input(decoding: request, for: op, configuration: PreviewServerConfiguration.seeds)
        }
        #expect(error?.message == "parameter 'size' cannot be given in a JSON body")
        #expect(error?.allowed == "'size' in the query")
    }

    @Test func aBareWordCanBeTheWholeFormBody() throws {
        let op = APIOperation(.put, "/fruit", id: "fruit", tag: "x", summary: "x", parameters: [SampleAPI.fruit],
                              command: true, bareWord: "fruit")
        func decode(_ body: String) throws -> SampleAPI.Fruit {
            let request = HTTPRequest(method: "PUT", path: "/fruit", body: Array(body.utf8))
            return try Input(decoding: request, for: op, configuration: PreviewServerConfiguration.seeds)[SampleAPI.fruit]
        }
        #expect(try decode("pear") == .pear)
        #expect(try decode("fruit=quince") == .quince)
        let error = #expect(throws: Refusal.self) { try decode("plum") }
        #expect(error?.parameter == "fruit")
    }

    @Test func rulesAcrossParametersAreChecked() throws {
        let nothing = try json(send("POST", "/clock"))
        #expect(nothing["error"] as? String == "nothing to change: give at least one of 'speed', 'step', 'frames'")
        let both = try json(send("POST", "/clock", query: [("step", "1"), ("frames", "2")]))
        #expect(both["error"] as? String == "give either 'step' or 'frames', not both")
        #expect(both["parameter"] as? String == "step")
        #expect(send("POST", "/clock", query: [("speed", "2")]).status == 200)
    }

    @Test func commandsPassTheGuardBeforeDecoding() {
        let guarded = SampleAPI.router(middleware: [RequestGuard(allowedOrigins: [], token: "secret")])
        let request = HTTPRequest(method: "POST", path: "/fruit/pick", query: [(name: "bogus", value: "1")])
        #expect(guarded.respond(to: request).status == 401)
        #expect(guarded.respond(to: HTTPRequest(method: "GET", path: "/clip.webp")).status == 200, "not a command")
    }

    @Test func handlersThrowTheirAnswer() throws {
        let busy = send("GET", "/clip.webp", query: [("seconds", "12")])
        #expect(busy.status == 503)
        #expect(try json(busy)["error"] as? String == "busy")
    }

    @Test func staticFilesIgnoreCacheBustingQueries() {
        #expect(send("GET", "/index.html", query: [("v", "3")]).status == 200)
    }

    @Test func readingAnUndeclaredParameterIsAServerFault() throws {
        let input = try Input(decoding: HTTPRequest(method: "POST", path: "/clock", query: [(name: "speed", value: "2")]),
                              for: SampleAPI.clock.operation, configuration: PreviewServerConfiguration.seeds)
        #expect(try input[SampleAPI.speed] == 2)
        #expect(try input[SampleAPI.step] == nil)
        #expect(input.has(SampleAPI.speed) && !input.has(SampleAPI.step))
        #expect(throws: Refusal.self) { try input[SampleAPI.fruit] }
    }

    @Test func theCostIsKnownBeforeTheHandlerRuns() throws {
        let op = SampleAPI.clip.operation
        let input = try Input(decoding: HTTPRequest(method: "GET", path: "/clip.webp",
                                                    query: [(name: "size", value: "100"), (name: "seconds", value: "2")]),
                              for: op, configuration: PreviewServerConfiguration.seeds)
        let cost = try #require(try op.cost?(input))
        // 100×100 pixels, 2 s at the server's 30 fps: the encoder's 24 bytes a pixel, 0.1 a
        // pixel-frame of file, and its 4 MiB.
        #expect(cost == .clip(pixels: 10_000, frames: 60, encoder: .webp))
        #expect(cost.pixelFrames == 600_000)
        #expect(cost.memoryBytes == 10_000 * 24 + 60_000 + 4 << 20)
        #expect(cost.shares == [BudgetShare(.clips, 1), BudgetShare(.memory, cost.memoryBytes)])
        let stream = RequestCost.stream(pixels: 480 * 480, fps: 30)
        #expect(stream.pixelRate == 6_912_000)
        #expect(stream.shares == [BudgetShare(.render, 6_912_000), BudgetShare(.memory, 480 * 480 * 12)])
    }
}
