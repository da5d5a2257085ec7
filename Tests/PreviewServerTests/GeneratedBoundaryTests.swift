import APIModel
import Animation
import Controls
import Foundation
import HTTPServer
import LayercastTesting
@testable import PreviewServer
import Scenes
import Testing
import SeedControls

/// For every declared range and enumeration of every operation, generated from the declarations:
/// the minimum and the maximum pass validation (any declared answer but a 400 naming a parameter:
/// 2xx, a state conflict, a busy server, or a budget's 400 for a request larger than the whole
/// budget, such as a 4096-pixel clip), one step beyond each and a value outside an enumeration are
/// refused with a 400 that names the parameter.
@Suite struct GeneratedBoundaryTests {

    static let cases = BoundaryCases.all(APICatalogue.operations(.seeds))

    /// Each case on a fresh server in router mode, so no case sees another's state.
    @Test(arguments: cases)
    func boundary(_ c: BoundaryCase) throws {
        let server = PreviewServer(configuration: PreviewServerConfiguration.seeds, clock: ManualClock(startingAt: 0))
        defer { server.stop() }
        let request = HTTPRequest(method: c.method.rawValue, path: c.path, query: c.query.map { (name: $0.name, value: $0.value) },
                                  headers: c.method == .get ? [:] : ["Content-Length": "0"])
        let response = server.respond(to: request)
        // A stream answered in process has no connection to end it: close it as the server would.
        if case .stream(let producer) = response.body { producer.closed() }
        let operation = try #require(APICatalogue.operations(.seeds).first { $0.method == c.method && $0.path == c.path })
        let declared = [operation.success.status] + operation.allAnswers.map(\.status)
        #expect(declared.contains(response.status), "\(c): \(response.status) is not a declared answer")
        let body = (try? JSONSerialization.jsonObject(with: Data(response.bodyBytes ?? []))) as? [String: Any]
        // A scene time passes validation and may then be outside the kept history: a 400 that names
        // the parameter and the span, as the timeline's design asks (docs/design/engine.md §Timeline).
        let outsideHistory = response.status == 400 && (body?["error"] as? String)?.contains("outside the kept history") == true
            && body?["parameter"] as? String == c.parameter
        if c.accepted && !outsideHistory {
            let text = response.bodyBytes.map { String(decoding: $0, as: UTF8.self) } ?? ""
            #expect(response.status != 500, "\(c): \(text)")
            if response.status == 400 {
                // Valid, but more than a whole budget: the refusal names the budget, not a parameter.
                #expect(body?["parameter"] == nil && body?["budget"] is String, "\(c): \(text)")
                #expect((body?["cost"] as? Int ?? 0) > (body?["limit"] as? Int ?? .max), "\(c): \(text)")
            }
            // Its cost is known from the parameters alone (the cost reads only what is declared).
            if let cost = operation.cost {
                let input = try Input(decoding: request, for: operation, configuration: server.configuration)
                do {
                    #expect(try cost(input).pixels > 0, "\(c)")
                } catch {
                    #expect(error.status == 400, "\(c): \(error)")
                }
            }
            try Self.checkAnswerSize(response, of: operation, for: request, c, server)
        } else if !c.accepted {
            #expect(response.status == 400, "\(c): \(response.status)")
            #expect(body?["parameter"] as? String == c.parameter, "\(c)")
            #expect((body?["allowed"] as? String)?.isEmpty == false, "\(c)")
        }
    }

    /// The answer is within the bound its operation declares (`APIOperation.AnswerSize`); a priced
    /// one within its reservation, which the ledger holds until the answer is sent, and nothing
    /// stays held after (issue 30: one valid GET answered 2.27 GB).
    static func checkAnswerSize(_ response: HTTPResponse, of operation: APIOperation, for request: HTTPRequest,
                                _ c: any CustomStringConvertible, _ server: PreviewServer) throws {
        let ledger = server.services.ledger
        if (200..<300).contains(response.status), let bytes = response.bodyBytes?.count {
            switch operation.answerSize {
            case .atMost(let limit):
                #expect(bytes <= limit, "\(c): \(bytes) bytes, declared at most \(limit)")
            case .priced:
                let input = try Input(decoding: request, for: operation, configuration: server.configuration)
                let cost = try #require(try operation.cost?(input), "\(c): priced, but no cost is declared")
                #expect(bytes <= cost.memoryBytes, "\(c): \(bytes) bytes, priced at \(cost.memoryBytes)")
                #expect(ledger.use(.memory) >= bytes, "\(c): the answer's bytes are held until it is sent")
            case .unbounded:
                break
            }
        }
        response.heldUntilSent?.release()
        #expect(ServerLimit.all.filter(\.refuses).allSatisfy { ledger.use($0) == 0 },
                "\(c): held after the answer: \(ServerLimit.all.map { "\($0.id) \(ledger.use($0))" })")
    }

    /// The reads whose answer grows with the scene (segments, records, the history), after a storm of
    /// commands, called with their defaults: each within its declared bound.
    @Test func answersAfterAStormStayWithinTheirBounds() throws {
        try withTestServer(.router) { s in
            let commands = ["/meter/press", "/play-button/mode?mode=pause", "/meter/release", "/play-button/mode?mode=play",
                            "/player/toggle", "/spinner/stop", "/spinner/start"]
            for i in 0..<700 {
                s.at(Double(i) * 0.02)
                _ = try s.post(commands[i % commands.count])
            }
            let reads = APICatalogue.operations(.seeds).filter { operation in
                operation.method == .get && !operation.path.contains("{")
                    && !operation.parameters.contains { $0.spec.requirement == .required }
            }
            #expect(reads.count >= 10)
            for operation in reads {
                let response = s.server.respond(to: HTTPRequest(method: "GET", path: operation.path))
                if case .stream(let producer) = response.body { producer.closed() }
                try Self.checkAnswerSize(response, of: operation, for: HTTPRequest(method: "GET", path: operation.path),
                                         "GET \(operation.path) after the storm", s.server)
            }
        }
    }

    /// Every constrained parameter of every operation has its cases, and there are as many as the
    /// declarations imply: four per range, one per enumeration, boolean, list or colour.
    @Test func everyConstraintIsCovered() {
        var expected = 0
        for operation in APICatalogue.operations(.seeds) {
            for parameter in operation.parameters where parameter.spec.locations != .path {
                switch parameter.spec.type.resolved(for: .seeds) {
                case .integer, .number: expected += 4
                case .enumeration, .list, .boolean, .color, .string: expected += 1
                case .colorList, .curve, .controls: Issue.record("\(parameter.spec.name): no parameter takes a list of colours or a curve")
                }
                #expect(Self.cases.contains { $0.path == operation.path && $0.parameter == parameter.spec.name },
                        "\(operation.method.rawValue) \(operation.path) \(parameter.spec.name)")
            }
        }
        #expect(Self.cases.count == expected)
    }
}
