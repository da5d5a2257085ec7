import Controls
import Foundation
import LayercastTesting
@testable import PreviewServer
import Testing
import SeedControls

/// Every refused request gets a 4xx with a JSON body `{"error", "parameter", "allowed"}` that names
/// the parameter at fault and what it accepts.
@Suite(.ioTimeLimit) struct ErrorTests {

    struct Case: CustomTestStringConvertible, Sendable {
        var method = "GET"
        var target: String
        var body: String?
        var contentType: String?
        var status = 400
        var parameter: String?
        /// Text the `allowed` field must contain.
        var allowing = ""
        var testDescription: String { "\(method) \(target)\(body.map { " «\($0)»" } ?? "")" }
    }

    static func bad(_ route: String, _ name: String, _ value: String, allowing: String = "") -> Case {
        Case(target: "\(route)?\(name)=\(value)", parameter: name, allowing: allowing)
    }

    /// A GET of `target` refused for `parameter`, its `allowed` containing `allowing`.
    static func get(_ target: String, _ parameter: String, _ allowing: String) -> Case {
        Case(target: target, parameter: parameter, allowing: allowing)
    }

    static let frameParameters: [Case] = {
        var cases: [Case] = []
        for v in ["abc", "15", "4097", "1e309", "-0", "", "+100", "12.5", "0x20", "-16"] {
            cases.append(bad("/frame.png", "size", v, allowing: "an integer from 16 to 4096 (points)"))
        }
        for v in ["10", "5000", "NaN"] { cases.append(bad("/frame.jpg", "width", v)) }
        for v in ["0", "-5", "4097"] { cases.append(bad("/frame.png", "height", v)) }
        for v in ["0.5", "3.5", "NaN", "inf", "-inf", "abc", "1e309", "-0"] { cases.append(bad("/frame.png", "scale", v, allowing: "a number from 1 to 3")) }
        for v in ["0", "101", "NaN", "50.5", "-0", "1e309"] { cases.append(bad("/frame.jpg", "quality", v, allowing: "an integer from 1 to 100")) }
        for v in ["purple", "%23abc", "%2312345g", "", "%23ffffff00"] { cases.append(bad("/frame.png", "background", v, allowing: "#rrggbb")) }
        for v in ["knob", "Spinner", "", "all,meter"] {
            cases.append(bad("/frame.png", "control", v, allowing: "all, meter, play-button, player, spinner"))
        }
        for v in ["maybe", "", "OFFF"] { cases.append(bad("/frame.png", "label", v)) }
        for v in ["lines", "points,,bounds", "POINTS"] { cases.append(bad("/frame.png", "debug", v)) }
        for v in ["0", "61", "-0", "1.5", "NaN", "abc", "1e309"] { cases.append(bad("/stream.mjpg", "fps", v, allowing: "an integer from 1 to 60")) }
        // The same checks guard streams: nothing is attached for a bad request.
        cases.append(bad("/stream.mjpg", "size", "1e309"))
        cases.append(bad("/stream.mjpg", "quality", "NaN"))
        cases.append(bad("/frame.png", "ahead", "61"))
        // Fine one by one, too large together: the pixel budget names size.
        cases.append(Case(target: "/frame.png?size=4096&scale=2", parameter: "size"))
        cases.append(Case(target: "/frame.png?width=4096&height=4096&scale=1.01", parameter: "size"))
        return cases
    }()

    /// Clips and videos: over the pixel budget, out of range, or options the format or control does not have.
    static let clipsAndVariants = [
        get("/clip.webp?size=480&seconds=20&fps=31", "seconds", "138240000"),
        get("/clip.webp?size=240&scale=2&seconds=20&fps=31", "seconds", "pixel"),
        get("/clip.webp?seconds=0", "seconds", "0.1 to 20"),
        get("/clip.webp?seconds=20.5", "seconds", "0.1 to 20"),
        get("/clip.webp?fps=61", "fps", "1 to 60"),
        get("/clip.gif?fps=51", "fps", "1 to 50"),
        get("/clip.mp4?fps=61", "fps", "1 to 60"),
        get("/clip.webm?fps=0", "fps", "1 to 60"),
        get("/clip.mp4?size=480&seconds=20&fps=31", "seconds", "138240000"),
        get("/clip.webm?lossless=true", "lossless", "seconds, fps"),
        get("/clip.gif?lossless=true", "lossless", "seconds, fps"),
        get("/clip.webp?lossless=perhaps", "lossless", "true or false"),
        get("/clip.webp?control=dial", "control", "play-button"),
        get("/clip.webp?variants=sizes&control=meter", "variants", "modes, themes, scales"),
        get("/clip.gif?variants=themes&control=meter", "variants", "themes: play-button"),
        get("/frame.png?control=meter&variants=themes", "variants", "themes: play-button (default, sample)"),
        get("/frame.png?variants=modes", "variants",
            "modes: meter (empty, recording, complete), play-button (play, pause, stop, buffering)"),
        get("/frame.png?control=spinner&variants=scales&scale=2", "scale", "leave out 'scale'"),
        get("/frame.png?control=spinner&variants=colours", "variants", "modes, themes, scales"),
        get("/frame.png?control=spinner&variants=scales&size=1400", "size", "4096×4096"),
    ]

    /// (One step beyond each declared range, and a word outside each enumeration: GeneratedBoundaryTests.)
    static let commandParameters: [Case] = [
        Case(method: "POST", target: "/clock?speed=9", parameter: "speed"),
        Case(method: "POST", target: "/clock?speed=0", parameter: "speed"),
        Case(method: "POST", target: "/clock?speed=0.01", parameter: "speed"),
        Case(method: "POST", target: "/clock?step=abc", parameter: "step"),
        Case(method: "POST", target: "/clock?step=61", parameter: "step"),
        Case(method: "POST", target: "/clock?frames=1.5", parameter: "frames"),
        Case(method: "POST", target: "/clock", parameter: "paused"),
        Case(method: "POST", target: "/clock?step=1&frames=2", parameter: "step"),
        Case(method: "POST", target: "/meter/hold?seconds=0.01", parameter: "seconds"),
        Case(method: "POST", target: "/meter/hold?seconds=601", parameter: "seconds"),
        Case(method: "POST", target: "/meter/hold?seconds=NaN", parameter: "seconds"),
        Case(method: "POST", target: "/meter/hold", parameter: "seconds"),
        Case(method: "PUT", target: "/meter/config?duration=0.5", parameter: "duration"),
        Case(method: "PUT", target: "/meter/config?duration=601", parameter: "duration"),
        Case(method: "PUT", target: "/meter/config", parameter: "duration"),
        Case(method: "POST", target: "/player/seek?progress=half", parameter: "progress"),
        Case(method: "POST", target: "/player/seek", parameter: "progress"),
        Case(method: "POST", target: "/play-button/mode?mode=rewind", parameter: "mode", allowing: "buffering, pause, play, stop"),
        Case(method: "POST", target: "/play-button/mode?mode=Pause", parameter: "mode", allowing: "buffering, pause, play, stop"),
        Case(method: "POST", target: "/play-button/mode?mode=", parameter: "mode", allowing: "buffering, pause, play, stop"),
        Case(method: "POST", target: "/play-button/highlighted?value=2", parameter: "value", allowing: "true or false"),
        Case(method: "POST", target: "/play-button/mode", parameter: "mode"),
        Case(method: "POST", target: "/play-button/enabled", parameter: "value"),
        Case(method: "PUT", target: "/play-button/theme?theme=neon", parameter: "theme"),
        Case(method: "PUT", target: "/play-button/theme", parameter: "theme"),
        Case(target: "/play-button/paths?shape=circle", parameter: "shape"),
        Case(target: "/play-button/paths", parameter: "shape"),
        // Bodies: malformed JSON, a non-scalar value, a content type commands do not read.
        Case(method: "POST", target: "/play-button/mode", body: "[1, 2]", contentType: "application/json", parameter: "body"),
        Case(method: "POST", target: "/play-button/mode", body: "{\"mode\": ", contentType: "application/json", parameter: "body"),
        Case(method: "POST", target: "/play-button/mode", body: "{\"mode\": [\"pause\"]}", contentType: "application/json", parameter: "mode"),
        Case(method: "POST", target: "/play-button/mode", body: "{\"mode\": \"rewind\"}", contentType: "application/json", parameter: "mode"),
        Case(method: "PUT", target: "/meter/config", body: "duration=0", contentType: "application/x-www-form-urlencoded", parameter: "duration"),
        Case(method: "POST", target: "/play-button/mode", body: "mode=pause", contentType: "text/plain", status: 415, parameter: "Content-Type"),
    ]

    @Test(arguments: frameParameters + commandParameters + clipsAndVariants)
    func refusedWithANamedParameter(_ c: Case) throws {
        try withTestServer(.router) { s in
            let response = try s.request(c.method, c.target, body: Array((c.body ?? "").utf8), contentType: c.contentType)
            expectRefusal(response, status: c.status, parameter: c.parameter, allowing: c.allowing, "\(c.method) \(c.target)")
            #expect(response.header("Content-Type")?.hasPrefix("application/json") == true)
            // A refused request changes nothing and opens nothing.
            #expect(try jsonObject(s.get("/state"))["revision"] as? Int == 0)
            #expect(s.server.services.hub.openStreams == 0)
        }
    }

    /// The value refused is named in the message.
    @Test func theMessageNamesTheValue() throws {
        try withTestServer(.router) { s in
            let error = try decode(ErrorReply.self, from: s.get("/frame.png?size=1e309"))
            #expect(error.error.contains("1e309"))
        }
    }

    @Test func aHugeBadValueIsEchoedBounded() throws {
        try withTestServer(.router) { s in
            let response = try s.get("/frame.png?size=" + String(repeating: "9", count: 2000))
            #expect(response.status == 400)
            #expect(response.body.count < 600)
        }
    }

    @Test func unknownRouteIs404WithAJSONBody() throws {
        try withTestServer(.router) { s in
            for target in ["/nope", "/meter", "/frame.gif", "/state/extra"] {
                let response = try s.get(target)
                #expect(response.status == 404, "\(target)")
                let body = try? jsonObject(response)
                #expect(body?["error"] as? String == "not found")
                #expect(body?["path"] as? String == target)
            }
        }
    }

    @Test func wrongMethodIs405WithAllow() throws {
        try withTestServer(.router) { s in
            let cases: [(String, String, Set<String>)] = [
                ("GET", "/meter/press", ["POST", "OPTIONS"]),
                ("PUT", "/player/play", ["POST", "OPTIONS"]),
                ("POST", "/meter/config", ["PUT", "OPTIONS"]),
                ("DELETE", "/state", ["GET", "HEAD", "OPTIONS"]),
                ("POST", "/frame.png", ["GET", "HEAD", "OPTIONS"]),
                ("PUT", "/stream.mjpg", ["GET", "HEAD", "OPTIONS"]),
                ("GET", "/player/artwork", ["PUT", "OPTIONS"]),
            ]
            for (method, target, allowed) in cases {
                let response = try s.request(method, target)
                #expect(response.status == 405, "\(method) \(target)")
                let header = response.header("Allow") ?? ""
                let listed = Set(header.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
                #expect(listed == allowed, "\(method) \(target): Allow \(header)")
                let body = try? jsonObject(response)
                #expect(body?["error"] as? String == "method not allowed")
                #expect(Set((body?["allowed"] as? [String]) ?? []) == allowed)
            }
        }
    }

    @Test func postBodiesOver64KiBAre413() throws {
        try withTestServer { s in
            // Refused from the declared length before the body is read, as curl sees it with
            // `Expect: 100-continue`.
            let response = try #require(try exchange(port: s.port, "POST /meter/press HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                + "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: \(64 * 1024 + 1)\r\n"
                + "Expect: 100-continue\r\n\r\n"))
            #expect(response.status == 413)
            #expect(response.header("Content-Type")?.hasPrefix("application/json") == true)
            let body = try? jsonObject(response)
            #expect((body?["error"] as? String)?.contains("too large") == true)
            #expect(body?["limit"] as? Int == 64 * 1024)
            // Nothing happened: the meter is still empty.
            #expect(try s.state().meter.segmentCount == 0)
            // Exactly 64 KiB is still read (empty form fields are no parameters).
            let fits = Array("progress=50".utf8) + [UInt8](repeating: UInt8(ascii: "&"), count: 64 * 1024 - 11)
            #expect(try s.request("POST", "/player/seek", body: fits, contentType: "application/x-www-form-urlencoded").status == 200)
        }
    }
}
