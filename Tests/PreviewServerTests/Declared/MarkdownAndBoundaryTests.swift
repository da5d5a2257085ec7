import Foundation
import HTTPServer
import Testing
@testable import PreviewServer
import SeedControls

/// The README tables and the boundary cases, both read from the declarations.
@Suite struct MarkdownAndBoundaryTests {

    @Test func tablesPerTag() throws {
        let sections = MarkdownTables.sections(SampleAPI.operations)
        #expect(sections.map(\.tag) == ["fruit", "clock", "frames", "page"])
        let fruit = try #require(sections.first).markdown
        #expect(fruit == """
            | Method and path | Does |
            |---|---|
            | `POST /fruit/pick` | Pick fruit; 409: The basket is full. |
            | `PUT /upload` | Upload a picture (body: `image/png`, at most 8 MiB) |

            | Parameter | Values | Default | Meaning |
            |---|---|---|---|
            | `fruit` | `apple`, `pear`, `quince` | required | The fruit to pick. (`POST /fruit/pick`) |
            | `ripe` | `true`, `false` | `true` | Only ripe ones. (`POST /fruit/pick`) |
            | `count` | 1–12 fruits | `1` | How many. (`POST /fruit/pick`) |
            """)
        let frames = sections[2].markdown
        #expect(frames.contains("| `size` | 16–4096 points | `--size` (480) | Width and height. |"))
        #expect(frames.contains("| `debug` | `points`, `bounds`, `none`, comma-separated | none | Debug overlays. |"))
        #expect(sections[1].markdown.contains("| `POST /clock` | Change the clock; give at least one of 'speed', 'step', 'frames'; give either 'step' or 'frames', not both |"))
        #expect(MarkdownTables.document(SampleAPI.operations, configuration: .seeds).hasPrefix("<!-- api:fruit -->\n| Method and path |"))

        // A note several operations share is said once under the table, naming them (or the one left out).
        let real = MarkdownTables.sections(APICatalogue.operations(.seeds))
        let streams = try #require(real.first { $0.tag == "frames" }).markdown
        #expect(streams.contains("| `GET /stream.mjpg` | A live MJPEG stream of the scene |"))
        #expect(streams.contains("\n- `GET /frame.png`, `GET /frame.jpg`, `GET /clip.webp`, `GET /clip.gif`, `GET /clip.mp4`, "
                                 + "`GET /clip.webm`: give either 'at' or 'ahead', not both; "), "the two streams left out")
        #expect(streams.contains("\n- All of these: priced before any work (400 past a whole budget, 503 while others hold it).\n"))
        #expect(streams.components(separatedBy: "priced before any work").count == 2, "said once")
    }

    @Test func casesForEveryConstraint() {
        let cases = BoundaryCases.all(SampleAPI.operations)
        func values(_ path: String, _ name: String) -> [String] {
            cases.filter { $0.path == path && $0.parameter == name }.map { "\($0.value)\($0.accepted ? "" : "✗")" }
        }
        #expect(values("/fruit/pick", "count") == ["1", "12", "0✗", "13✗"])
        #expect(values("/fruit/pick", "fruit") == ["not-a-value✗"])
        #expect(values("/fruit/pick", "ripe") == ["maybe✗"])
        #expect(values("/clock", "speed") == ["0.05", "8", "0.04✗", "8.01✗"])
        #expect(values("/clip.webp", "background") == ["#12345g✗"])
        #expect(values("/{file}", "file").isEmpty, "path parameters are the router's")
        // 1 + 1 + 4 on pick, 4 × 3 on clock, 4 + 4 + 4 + 1 + 1 on the clip.
        #expect(cases.count == 6 + 12 + 14)
        // The other parameters come along: required ones, and examples so a test stays cheap.
        let count = cases.first { $0.parameter == "count" && $0.value == "12" }
        #expect(count?.queryString == "fruit=apple&count=12")
        let step = cases.first { $0.parameter == "step" }
        #expect(step.map { $0.query.map(\.name) } == ["step"], "frames may not come with step")
        let size = cases.first { $0.parameter == "size" && $0.value == "4096" }
        #expect(size?.queryString == "fps=10&seconds=0.5&size=4096")
        #expect(cases.first { $0.value == "#12345g" }?.queryString.hasSuffix("background=%2312345g") == true)
    }

    /// The machinery keeps its own promise: every generated case gets the answer it expects.
    @Test func everyCaseAgainstTheSampleRouter() throws {
        let router = SampleAPI.router()
        for c in BoundaryCases.all(SampleAPI.operations) {
            let request = HTTPRequest(method: c.method.rawValue, path: c.path,
                                      query: c.query.map { (name: $0.name, value: $0.value) })
            let response = router.respond(to: request)
            if c.accepted {
                #expect(response.status != 400, "\(c)")
            } else {
                #expect(response.status == 400, "\(c)")
                let body = try JSONSerialization.jsonObject(with: Data(response.bodyBytes ?? [])) as? [String: Any]
                #expect(body?["parameter"] as? String == c.parameter, "\(c)")
            }
        }
    }
}
