import APIModel
import Animation
import Controls
import Foundation
import HTTPClient
import HTTPServer
import LayercastTesting
import Logging
@testable import PreviewServer
import Scenes
import Testing
import SeedControls

/// The API as the declarations make it: strict, and following a declaration wherever it changes.
@Suite(.ioTimeLimit) struct DeclaredAPITests {

    /// One change, one place: a narrower range for `/meter/hold`'s `seconds`, declared and nothing
    /// else, and the router, the error text, /openapi.json and the README table all follow.
    @Test func oneDeclaredRangeChangesEverything() throws {
        func narrowed(_ operation: inout APIOperation) {
            guard operation.id == "meterHold",
                  let j = operation.parameters.firstIndex(where: { $0.spec.name == "seconds" }) else { return }
            var seconds = Param.number("seconds", 0.05...5, unit: "seconds", "How long to hold.").required()
            seconds.spec = operation.parameters[j].spec
            seconds.spec.type = .number(0.05...5)
            operation.parameters[j] = seconds
        }
        let operations = APICatalogue.operations(.seeds).map { operation in
            var operation = operation
            narrowed(&operation)
            return operation
        }
        #expect(operations.first { $0.id == "meterHold" }?.parameter(named: "seconds")?.spec.type == .number(0.05...5))

        let server = PreviewServer(configuration: PreviewServerConfiguration.seeds, clock: ManualClock(startingAt: 0),
                                   logger: Logger(label: "test"), revising: narrowed)
        defer { server.stop() }
        func hold(_ value: String) throws -> HTTPProbeResponse {
            try InProcess.respond(server.respond(to:), "POST", "/meter/hold?seconds=\(value)")
        }
        // The router: 5 is the new maximum, 6 (valid before) is refused with the new text.
        #expect(try hold("5").status == 200)
        let refused = try hold("6")
        #expect(refused.status == 400)
        let error = try decode(ErrorReply.self, from: refused)
        #expect(error.parameter == "seconds")
        #expect(error.allowed == "a number from 0.05 to 5 (seconds)")
        // /openapi.json as this server serves it.
        let document = try jsonObject(try InProcess.respond(server.respond(to:), "GET", "/openapi.json"))
        let operation = ((document["paths"] as? [String: Any])?["/meter/hold"] as? [String: Any])?["post"] as? [String: Any]
        let content = (operation?["requestBody"] as? [String: Any])?["content"] as? [String: Any]
        let schema = (content?["application/json"] as? [String: Any])?["schema"] as? [String: Any]
        #expect(((schema?["properties"] as? [String: Any])?["seconds"] as? [String: Any])?["maximum"] as? Int == 5)
        // The README's table, once the generator runs.
        let table = MarkdownTables.document(operations, configuration: .seeds)
        #expect(table.contains("| `seconds` | 0.05–5 seconds | required | How long to hold. (`POST /meter/hold`) |"))
        // The catalogue itself is untouched.
        let declared = APICatalogue.operations(.seeds).first { $0.id == "meterHold" }?.parameter(named: "seconds")
        #expect(declared?.spec.type == .number(RecordingMeter.holdRange))
    }

    /// A typo, an extra field or a parameter given twice no longer passes for success.
    @Test func strictDecodingOfTheRealAPI() throws {
        try withTestServer(.router) { s in
            let cases: [(HTTPProbeResponse, String, String)] = [
                (try s.post("/play-button/mode?mdoe=pause"), "mdoe", "mode, animated"),
                (try s.post("/play-button/mode", json: #"{"mode":"pause","extra":1}"#), "extra", "mode, animated"),
                (try s.get("/frame.png?bogus=1"), "bogus", "control, size, width, height"),
                (try s.post("/play-button/mode?mode=pause&mode=play"), "mode", "'mode' once"),
                (try s.post("/play-button/mode?mode=pause", form: "mode=play"), "mode", "'mode' once"),
                (try s.post("/meter/press", form: "x=1"), "x", "no parameters"),
            ]
            for (response, parameter, allowed) in cases {
                #expect(response.status == 400)
                let error = try decode(ErrorReply.self, from: response)
                #expect(error.parameter == parameter)
                #expect(error.allowed?.hasPrefix(allowed) == true, "\(error.allowed ?? "")")
            }
            // Nothing was applied.
            #expect(try s.state().playButton.mode == .play)
            #expect(try s.state().meter.segmentCount == 0)
            // The page's cache-busting query on static files is not a parameter.
            #expect(try s.get("/index.html?v=2").status != 400)
        }
    }

    /// The flags that set a parameter's default accept what the parameter does.
    @Test func commandLineSettingsFollowTheirParameters() {
        var configuration = PreviewServerConfiguration.seeds
        #expect(configuration.problems == [])
        configuration.settings.fps = 61
        configuration.settings.size = 15
        #expect(configuration.problems == ["--fps must be 1–60", "--size must be 16–4096 points"])
        // A control's option sets its prop's default, which refuses what the prop does.
        #expect(throws: PropRefusal.self) {
            try configuration.settings.scene.setDefault(.number(600.5), of: "duration", on: .meter)
        }
        #expect(PreviewServerConfiguration.values(of: "--meter-duration", controls: .seeds) == "1–600 seconds")
        #expect(PreviewServerConfiguration.values(of: "--size", controls: .seeds) == "16–4096 points")
    }

    /// The page reads its limits from /layout; they are the declared ones.
    @Test func thePagesLimitsAreTheDeclaredOnes() throws {
        try withTestServer(.router) { s in
            let layout = try jsonObject(s.get("/layout"))
            #expect(layout["maxFrameSide"] as? Int == FrameParameters.size.spec.integerRange?.upperBound)
            #expect(layout["minQuality"] as? Int == 1)
            #expect(layout["maxQuality"] as? Int == 100)
            #expect(layout["maxArtworkBytes"] as? Int == 8 << 20)
            #expect(layout["maxArtworkSide"] as? Int == 4096)
        }
        // And the artwork route's own limit is the same number.
        let upload = try #require(ControlRoutes.endpoints(for: .seeds).first { $0.operation.id == "playerArtwork" })
        #expect(upload.operation.maxBodyBytes == 8 << 20)
    }

    /// What a request will cost, from its declared parameters, before any work starts.
    @Test func costsAreKnownFromTheParametersAlone() throws {
        func cost(_ id: String, _ query: [(String, String)]) throws -> RequestCost? {
            let operation = try #require(APICatalogue.operations(.seeds).first { $0.id == id })
            let input = try Input(decoding: HTTPRequest(method: "GET", path: operation.path,
                                                        query: query.map { (name: $0.0, value: $0.1) }),
                                  for: operation, configuration: PreviewServerConfiguration.seeds)
            return try operation.cost?(input)
        }
        #expect(try cost("framePNG", [("size", "100"), ("scale", "2")]) == .frame(pixels: 200 * 200, png: true))
        #expect(try cost("framePNG", [("size", "100"), ("scale", "2")])?.memoryBytes == 200 * 200 * 12)
        #expect(try cost("clipGIF", [("size", "64"), ("seconds", "2"), ("fps", "10")])
                == .clip(pixels: 64 * 64, frames: 20, encoder: .gif))
        // Lossless WebP keeps more buffers than lossy.
        let lossy = try #require(try cost("clipWebP", [("size", "64")]))
        let lossless = try #require(try cost("clipWebP", [("size", "64"), ("lossless", "true")]))
        #expect(lossless.memoryBytes > lossy.memoryBytes && lossless.pixelFrames == lossy.pixelFrames)
        // A stream: its feed, and the first viewer's buffers.
        var stream = RequestCost.stream(pixels: 320 * 240, fps: 30)
        stream.memoryBytes += CostModel.viewerBytes
        #expect(try cost("stream", [("width", "320"), ("height", "240")]) == stream)
        // Variants: four 100-point play-button cells, each with its 16-point caption band.
        #expect(try cost("frameJPEG", [("control", "play-button"), ("variants", "modes"), ("size", "100")])
                == .frame(pixels: 400 * 116, png: false))
    }
}
