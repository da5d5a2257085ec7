import Animation
import Foundation
import HTTPClient
import LayercastTesting
@testable import PreviewServer
import Rendering
import SeedControls
import Testing

/// `/stream.mp4` on the wire, read by ffprobe: H.264 in fragmented MP4, no B-frames, a key frame
/// every two seconds, and a viewer that joins later starting at a key frame with its own timeline
/// from 0. Streams run on the real clock (the spinner always moves).
@Suite struct VideoStreamTests {
    init() { SeedControls.bootstrap() }

    /// A viewer: its connection, the head, and the body bytes read so far.
    final class Viewer {
        let socket: BlockingSocket
        let head: String
        var body: [UInt8] = []

        init(port: Int, _ target: String) throws {
            socket = try BlockingSocket.connect(port: port)
            try socket.send("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            head = String(decoding: try socket.read(until: Array("\r\n\r\n".utf8)), as: UTF8.self)
        }

        /// Reads what arrives for `seconds`.
        func read(for seconds: Double) throws {
            let end = Date().addingTimeInterval(seconds)
            while Date() < end, let bytes = try socket.receive(timeout: .seconds(2)) { body += bytes }
        }
    }

    @Test func ffprobeReadsTheStreamAndALaterViewerStartsAtAKeyFrame() throws {
        try withTestServer(clock: MonotonicClock(startingAt: 0)) { s in
            let target = "/stream.mp4?control=spinner&size=96&fps=10"
            let first = try Viewer(port: s.port, target)
            defer { first.socket.close() }
            try first.read(for: 2.6)
            #expect(first.head.hasPrefix("HTTP/1.0 200"), "\(first.head)")
            #expect(first.head.lowercased().contains("content-type: video/mp4"), "\(first.head)")
            let (stream, _) = try FFmpegTools.probe(first.body, suffix: "mp4")
            #expect(stream["codec_name"] as? String == "h264" && stream["width"] as? Int == 96)
            #expect(stream["has_b_frames"] as? Int == 0)
            #expect(stream["r_frame_rate"] as? String == "10/1")
            let keys = try FFmpegTools.keyFrames(first.body, suffix: "mp4")
            try #require(keys.count >= 21, "only \(keys.count) frames in 2.6 s at 10 fps")
            #expect(Array(keys.enumerated().filter(\.element).map(\.offset).prefix(2)) == [0, 20], "a key frame every 2 s")

            // A viewer that joins the running feed starts at its newest key frame, its timeline at 0.
            let later = try Viewer(port: s.port, target)
            defer { later.socket.close() }
            try later.read(for: 1)
            #expect(try FFmpegTools.keyFrames(later.body, suffix: "mp4").first == true)
            let pts = try FFmpegTools.framePTS(later.body, suffix: "mp4")
            #expect(pts.first == 0 && zip(pts, pts.dropFirst()).allSatisfy { $1 - $0 == LiveVideoEncoder.ticksPerFrame },
                    "\(pts)")
        }
    }
}
