import HTTPServer
@testable import PreviewServer
import Testing

/// `{name}` segments anywhere in a declared path: the router's pattern, the values, their checks;
/// and the `requires` rule between two parameters.
@Suite struct PathParameterTests {
    static let id = Param.text("id", maxLength: 4, in: .path, "An id.").required()
    static let t = Param.number("t", 0...10, in: .query, "A time.")
    static let scenario = Param.text("scenario", maxLength: 4, in: .query, "A scenario.")
    static let play = APIOperation(.post, "/things/{id}/play", id: "play", tag: "things", summary: "Play a thing",
                                   parameters: [id, t, scenario], rules: [.requires("t", "scenario")])

    @Test func aMiddleParameterIsOneSegment() throws {
        #expect(Self.play.routePattern == "/things/*/play")
        #expect(Self.play.pathValues("/things/ab12/play").map { $0.map(\.value) } == ["ab12"])
        #expect(Self.play.pathValues("/things/ab12/stop") == nil)
        #expect(Self.play.pathValues("/things/a/b/play") == nil)
        let files = APIOperation(.get, "/{file}", id: "file", tag: "page", summary: "Files")
        #expect(files.routePattern == "/*")
        #expect(files.pathValues("/css/base.css").map { $0.map(\.value) } == ["css/base.css"])

        let input = try Input(decoding: HTTPRequest(method: "POST", path: "/things/ab12/play"), for: Self.play,
                              configuration: PreviewServerConfiguration())
        #expect(try input[Self.id] == "ab12")
        #expect(throws: APIError.self) {
            try Input(decoding: HTTPRequest(method: "POST", path: "/things/toolong/play"), for: Self.play,
                      configuration: PreviewServerConfiguration())
        }
    }

    @Test func requiresNamesTheParameterThatNeedsTheOther() throws {
        let alone = HTTPRequest(method: "POST", path: "/things/ab12/play", query: [("t", "1")])
        do {
            _ = try Input(decoding: alone, for: Self.play, configuration: PreviewServerConfiguration())
            Issue.record("t without scenario passed")
        } catch {
            #expect(error.status == 400 && error.parameter == "t" && error.allowed == "give 't' only with 'scenario'")
        }
        let both = HTTPRequest(method: "POST", path: "/things/ab12/play", query: [("t", "1"), ("scenario", "x")])
        #expect(try Input(decoding: both, for: Self.play, configuration: PreviewServerConfiguration()).has(Self.t))
    }
}
