import Controls
import Foundation
import HTTPServer
import LayercastTesting
@testable import PreviewServer
import Testing
import SeedControls

/// Absurd numbers and broken text in parameters: each is a 400 naming the parameter, and the
/// server answers /healthz after every one.
@Suite(.ioTimeLimit) struct HostileParameterTests {

    /// (method, target, the parameter the error must name)
    static let queries: [(String, String, String)] = [
        ("GET", "/frame.png?size=1e309", "size"), ("GET", "/frame.png?size=-0", "size"), ("GET", "/frame.png?size=%2B16", "size"),
        ("GET", "/frame.png?size=16.0", "size"), ("GET", "/frame.png?size=0x10", "size"), ("GET", "/frame.png?size=%2016", "size"),
        ("GET", "/frame.png?size=99999999999999999999999", "size"), ("GET", "/frame.png?size=-9223372036854775808", "size"),
        ("GET", "/frame.png?width=NaN", "width"), ("GET", "/frame.png?height=%00", "height"), ("GET", "/frame.png?scale=NaN", "scale"),
        ("GET", "/frame.png?scale=inf", "scale"), ("GET", "/frame.png?scale=-Infinity", "scale"), ("GET", "/frame.png?scale=1e-309", "scale"),
        ("GET", "/frame.png?size=4096&scale=3", "size"), ("GET", "/frame.jpg?quality=NaN", "quality"), ("GET", "/frame.jpg?quality=1e2", "quality"),
        ("GET", "/frame.jpg?ahead=nan", "ahead"), ("GET", "/frame.jpg?ahead=-1e-300", "ahead"), ("GET", "/frame.jpg?control=%ff", "control"),
        ("GET", "/frame.jpg?control=ALL", "control"), ("GET", "/frame.jpg?background=%23ffff", "background"),
        ("GET", "/frame.jpg?background=%EF%BC%91%EF%BC%92%EF%BC%93%EF%BC%94%EF%BC%95%EF%BC%96", "background"),
        ("GET", "/frame.jpg?debug=,", "debug"), ("GET", "/frame.jpg?label=%00on", "label"),
        ("GET", "/stream.mjpg?fps=-0", "fps"), ("GET", "/stream.mjpg?fps=1e309", "fps"), ("GET", "/stream.mjpg?fps=NaN", "fps"),
        ("GET", "/stream.mjpg?fps=61", "fps"), ("GET", "/stream.mjpg?size=1e309", "size"),
        ("GET", "/play-button/paths?shape=%00", "shape"),
        ("POST", "/clock?speed=NaN", "speed"), ("POST", "/clock?speed=1e309", "speed"), ("POST", "/clock?speed=-0", "speed"),
        ("POST", "/clock?paused=maybe", "paused"), ("POST", "/clock?frames=-0", "frames"), ("POST", "/clock?step=-Infinity", "step"),
        ("POST", "/player/seek?progress=NaN", "progress"), ("POST", "/player/seek?progress=1e309", "progress"),
        ("POST", "/player/seek?progress=-1e-309", "progress"), ("POST", "/meter/hold?seconds=Infinity", "seconds"),
        ("POST", "/meter/hold?seconds=0", "seconds"), ("PUT", "/meter/config?duration=nan", "duration"),
        ("POST", "/play-button/mode?mode=PLAY", "mode"), ("POST", "/play-button/mode?mode=play&animated=2", "animated"),
        ("POST", "/play-button/enabled?value=%00", "value"), ("PUT", "/play-button/theme?theme=..%2F..%2Fetc", "theme"),
    ]

    @Test func absurdQueryValuesAre400NamingTheParameter() throws {
        let server = try hostileServer()
        for (method, target, parameter) in Self.queries {
            let r = try server.request(method, target, headers: method == "GET" ? [] : [("Content-Length", "0")])
            expectRefusal(r, parameter: parameter, "\(method) \(target)")
            #expect(Set(((try? jsonObject(r)) ?? [:]).keys).isSubset(of: ["error", "parameter", "allowed"]))
            #expect(r.header("Content-Type") == HTTPResponse.jsonContentType)
        }
        #expect(server.isHealthy)
    }

    /// The same numbers in JSON and form bodies, and bodies that are not what they claim.
    @Test func absurdBodiesAre4xx() throws {
        let server = try hostileServer()
        let json = [("Content-Type", "application/json")]
        let form = [("Content-Type", "application/x-www-form-urlencoded")]
        let cases: [([(String, String)], String, Int)] = [
            (json, #"{"progress": 1e309}"#, 400), (json, #"{"progress": NaN}"#, 400), (json, #"{"progress": "NaN"}"#, 400),
            (json, #"{"progress": 1e-400}"#, 400), (json, #"{"progress": [50]}"#, 400), (json, #"{"progress": {"v": 50}}"#, 400),
            (json, "[50]", 400), (json, "50", 400), (json, #"{"progress": 50"#, 400), (json, "\u{FEFF}{}", 400),
            (json, String(repeating: "[", count: 60_000), 400), (json, String(repeating: #"{"a":"#, count: 12_000), 400),
            (json, #"{"progress": 5}"# + "\u{0}garbage", 400),
            (form, "progress=NaN", 400), (form, "progress=%ff%fe", 400), (form, "progress", 400), (form, String(repeating: "&", count: 60_000), 400),
            (form, String(repeating: "%", count: 60_000), 400), ([("Content-Type", "text/plain")], "progress=50", 415),
            ([("Content-Type", "multipart/form-data; boundary=x")], "--x--", 415),
        ]
        for (headers, body, status) in cases {
            let r = try server.request("POST", "/player/seek", headers: headers, body: Array(body.utf8))
            #expect(r.status == status, "\(body.prefix(40).debugDescription) → \(r.status) \(r.text.prefix(100))")
            #expect(try jsonObject(r)["error"] is String)
        }
        let tooBig = try server.request("POST", "/player/seek", headers: form, body: Array(repeating: UInt8(ascii: "a"), count: 64 * 1024 + 1))
        #expect(tooBig.status == 413)
        #expect(try jsonObject(tooBig)["limit"] as? Int == 64 * 1024)
        #expect(server.isHealthy)
    }

    /// Things that look absurd but are valid stay valid (a guard that refuses everything would pass the test above).
    @Test func edgeValuesThatAreValidStillWork() throws {
        let server = try hostileServer()
        for target in ["/frame.png?size=16", "/frame.png?size=4096&scale=1&control=spinner", "/frame.jpg?scale=3&size=16&quality=1",
                       "/frame.jpg?background=%23ABCDEF&label=off&debug=points,bounds,none", "/frame.jpg?ahead=60&control=meter&size=32"] {
            let r = try server.get(target)
            #expect(r.status == 200, "\(target) → \(r.status) \(r.text.prefix(120))")
        }
        let seek = try server.request("POST", "/player/seek", headers: [("Content-Type", "application/json")], body: Array(#"{"progress": -0}"#.utf8))
        #expect(seek.status == 200)
    }
}
