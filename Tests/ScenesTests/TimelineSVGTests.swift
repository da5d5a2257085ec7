import Controls
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Scenes
import SeedControls
import Testing

/// The timeline as `GET /timeline.svg` draws it (`TimelineSVG`): a well-formed standalone picture
/// of the lanes, bars and command markers, made from a stage with no server.
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
        let stage = StageCommandTests.stage()
        _ = try stage.run(Command("playButtonMode", [.init(name: "mode", value: "pause")]))
        var reply = TimelineReply(stage.scene.timeline(from: 0, to: 3), historySpan: stage.scene.historySpan,
                                  controls: stage.settings.controls)
        reply.keep(.playButton)
        let document = TimelineSVG(reply: reply).document
        let parser = XMLParser(data: Data(document.utf8))
        let counter = Counter()
        parser.delegate = counter
        #expect(parser.parse(), "\(parser.parserError.map(String.init(describing:)) ?? "")")
        // Left and right: path (2 steps), rotation, fill; the background's fill: 7 lanes, 9 bars.
        let lanes = document.components(separatedBy: "fill=\"#222\">play-button › ").count - 1
        #expect(lanes == 7, "\(document)")
        #expect(document.contains("POST /play-button/mode mode=pause at 1 s (revision 1)"))
        #expect(!document.contains("spinner"))
        // Lane stripes and bars are rects besides the background: 4 stripes (every other of 7 lanes) and 9 bars.
        #expect(counter.counts["rect"] == 1 + 4 + 9, "\(counter.counts)")
    }
}
