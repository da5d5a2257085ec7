import Animation
import Controls
import Foundation
import HTTPClient
import LayercastTesting
import Testing
import SeedControls

/// `GET /timeline/values`: a layer property's presentation values over a window, for plotting.
@Suite struct TimelineValuesTests {

    struct Reply: Decodable {
        struct Value: Decodable {
            struct Element: Decodable {
                let kind: String
                let points: [Double]
            }

            let number: Double?
            let path: [Element]?
        }

        struct Sample: Decodable {
            let time: Double
            let value: Value
        }

        let samples: [Sample]
    }

    static let left = "control=play-button&layer=scale/foreground/left"

    @Test func theQuarterTurnIsSampledAlongItsLinearCurve() throws {
        try withTestServer(.router) { s in
            s.at(1)
            _ = try s.post("/play-button/mode?mode=pause")
            let key = LayerProperty.rotation.rawValue
            let reply = try decode(Reply.self, from: s.get("/timeline/values?\(Self.left)&key=\(key)&from=1.1&to=1.5&fps=20"))
            let values = reply.samples.compactMap(\.value.number)
            #expect(reply.samples.count == 9 && values.count == 9)
            // barRotateVertical turns a quarter from 1.2 to 1.4 on a linear curve, then rests.
            let quarter = Double.pi / 2
            #expect(values[0] == 0 && abs(values[2]) < 1e-9, "\(values)")
            #expect(abs(abs(values[3]) - quarter / 4) < 1e-9 && abs(abs(values[4]) - quarter / 2) < 1e-9, "\(values)")
            #expect(abs(abs(values[6]) - quarter) < 1e-9 && abs(abs(values[8]) - quarter) < 1e-9, "\(values)")
            // Paths come as their elements: the play button's 11 of them at every sample.
            let paths = try decode(Reply.self, from: s.get("/timeline/values?\(Self.left)&key=path&from=1&to=1.2&fps=10"))
            #expect(paths.samples.count == 3 && paths.samples.allSatisfy { $0.value.path?.count == 11 })
            #expect(paths.samples.first?.value.path?.first?.kind == "M")
        }
    }

    @Test func unknownLayersAndTooManySamplesAreRefused() throws {
        try withTestServer(.router) { s in
            expectRefusal(try s.get("/timeline/values?control=play-button&layer=nope&key=path"), parameter: "layer",
                          allowing: "'scale/foreground/left'", "unknown layer")
            expectRefusal(try s.get("/timeline/values?\(Self.left)&key=path&from=0&to=20&fps=240"), parameter: "fps",
                          allowing: "at most 4000 samples", "too many")
            expectRefusal(try s.get("/timeline/values?control=all&key=path"), parameter: "control", "all")
        }
    }
}
