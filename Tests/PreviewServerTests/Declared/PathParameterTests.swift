import APIModel
import HTTPServer
@testable import PreviewServer
import Scenes
import Testing
import SeedControls

/// `{name}` segments anywhere in a declared path: the router's pattern, the values, their checks.
@Suite struct PathParameterTests {

    static let id = Param.text("id", maxLength: 4, in: .path, "An id.").required()
    static let play = APIOperation(.post, "/things/{id}/play", id: "play", tag: "things", summary: "Play a thing",
                                   parameters: [id])

    @Test func aMiddleParameterIsOneSegment() throws {
        #expect(Self.play.routePattern == "/things/*/play")
        #expect(Self.play.pathValues("/things/ab12/play").map { $0.map(\.value) } == ["ab12"])
        #expect(Self.play.pathValues("/things/ab12/stop") == nil)
        #expect(Self.play.pathValues("/things/a/b/play") == nil)
        let files = APIOperation(.get, "/{file}", id: "file", tag: "page", summary: "Files")
        #expect(files.routePattern == "/*")
        #expect(files.pathValues("/css/base.css").map { $0.map(\.value) } == ["css/base.css"])

        let input = try Input(decoding: HTTPRequest(method: "POST", path: "/things/ab12/play"), for: Self.play,
                              configuration: PreviewServerConfiguration.seeds)
        #expect(try input[Self.id] == "ab12")
        do {
            _ = try Input(decoding: HTTPRequest(method: "POST", path: "/things/toolong/play"), for: Self.play,
                          configuration: PreviewServerConfiguration.seeds)
            Issue.record("a path value over its maximum length passed")
        } catch {
            #expect(error.status == 404 && error.parameter == "id", "a path no id can name names nothing")
        }
    }
}
