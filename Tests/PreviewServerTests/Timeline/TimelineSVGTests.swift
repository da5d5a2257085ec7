import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import HTTPClient
import LayercastTesting
import Testing
import SeedControls

/// `GET /timeline.svg`: a well-formed standalone picture of the lanes, bars and command markers.
@Suite struct TimelineSVGTests {

    /// Counts elements by name while checking the document parses.
    final class Counter: NSObject, XMLParserDelegate {
        var counts: [String: Int] = [:]
        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            counts[name, default: 0] += 1
        }
    }

    @Test func theChainDrawsAsBarsOnLanesWithTheCommandMarked() throws {
        try withTestServer(.router) { s in
            s.at(1)
            _ = try s.post("/play-button/mode?mode=pause")
            let response = try s.get("/timeline.svg?control=play-button&from=0&to=3")
            #expect(response.status == 200 && response.header("Content-Type")?.hasPrefix("image/svg+xml") == true)
            let parser = XMLParser(data: Data(response.body))
            let counter = Counter()
            parser.delegate = counter
            #expect(parser.parse(), "\(parser.parserError.map(String.init(describing:)) ?? "")")
            let text = String(decoding: response.body, as: UTF8.self)
            // Left and right: path (2 steps), rotation, fill; the background's fill: 7 lanes, 9 bars.
            let lanes = text.components(separatedBy: "fill=\"#222\">play-button › ").count - 1
            #expect(lanes == 7, "\(text)")
            #expect(text.contains("POST /play-button/mode mode=pause at 1 s (revision 1)"))
            #expect(!text.contains("spinner"))
            // Lane stripes and bars are rects besides the background: 4 stripes (every other of 7 lanes) and 9 bars.
            #expect(counter.counts["rect"] == 1 + 4 + 9, "\(counter.counts)")
        }
    }
}
