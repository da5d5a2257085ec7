import APIModel
import FrameCheck
import HTTPServer
import LayercastTesting
@testable import PreviewServer
import Scenes

extension TestServer {
    var services: EdgeServices { server.services }
    var counters: StreamCounters.Totals { server.services.hub.counters.snapshot }
}

/// The spec a stream request with these parameters asks for, decoded as the router decodes it.
func hubSpec(_ query: [String: String]) throws -> FrameSpec {
    let request = HTTPRequest(method: "GET", path: "/stream.mjpg", query: query.map { (name: $0.key, value: $0.value) })
    return try FrameSpec(Input(decoding: request, for: FrameRoutes.stream.operation, configuration: PreviewServerConfiguration.seeds))
}

struct HubStreamError: Error, CustomStringConvertible {
    let description: String
}

/// Reads a hub viewer the way the HTTP server does, without a connection.
final class HubViewerReader {
    let viewer: FeedViewer
    let waker = StreamWaker()
    private var parser = MJPEGParser(boundary: "frame")

    init(viewer: FeedViewer) {
        self.viewer = viewer
    }

    /// The parts the viewer has to send now, up to the point where it would wait; it must wait
    /// between two parts.
    func drain() throws -> [MJPEGPart] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        for _ in 0..<1000 {
            let result = chunk.withUnsafeMutableBytes { viewer.read(into: $0, waker: waker) }
            switch result {
            case .bytes(let n) where n > 0: bytes += chunk[0..<n]
            case .bytes, .wait:
                var parts: [MJPEGPart] = []
                for event in parser.feed(bytes) {
                    if case .part(let part) = event { parts.append(part) }
                    if case .framingError(let why) = event { throw HubStreamError(description: why) }
                }
                guard parser.isBetweenParts else { throw HubStreamError(description: "the viewer waits inside a part") }
                return parts
            case .end: throw HubStreamError(description: "the viewer ended")
            }
        }
        throw HubStreamError(description: "the viewer never waits")
    }
}

/// The value of one series in a Prometheus text page (`name{labels}` exactly as written).
func metric(_ page: String, _ series: String) -> Double? {
    for line in page.split(separator: "\n") where line.hasPrefix(series + " ") {
        return Double(line.dropFirst(series.count + 1))
    }
    return nil
}
