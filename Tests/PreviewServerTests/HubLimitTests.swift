import Animation
import Foundation
import HTTPServer
import Testing
@testable import PreviewServer

/// Stream limits over real connections: the --max-streams cap answers 503 at once while frames
/// and the API are still served, and a viewer that stops reading is closed after --timeout.
@Suite struct HubLimitTests {
    @Test func streamsBeyondTheCapGet503WhileTheRestIsServed() throws {
        try withHubServer(configure: { $0.maxStreams = 2 }) { server in
            let query = "control=spinner&size=32"
            let (a, statusA) = try HubSocket.stream(port: server.port, query: query)
            let (b, statusB) = try HubSocket.stream(port: server.port, query: query)
            #expect(statusA == 200 && statusB == 200)
            _ = try a.readPart()
            _ = try b.readPart()

            let extra = try HubSocket(port: server.port)
            try extra.send("GET /stream.mjpg?\(query) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            let refused = try extra.readHead()
            #expect(refused.status == 503)
            #expect(refused.headers["content-type"]?.hasPrefix("application/json") == true)
            let body = try extra.readBody(length: Int(refused.headers["content-length"] ?? "") ?? 0)
            let json = try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any]
            #expect((json?["error"] as? String)?.contains("too many open streams (2)") == true)
            #expect((json?["allowed"] as? String)?.contains("--max-streams") == true)

            // Snapshots and the API do not count against the cap.
            let base = "http://127.0.0.1:\(server.port)"
            #expect(try HTTPProbe.get(base + "/state").status == 200)
            let frame = try HTTPProbe.get(base + "/frame.jpg?size=32")
            #expect(frame.status == 200)
            #expect(frame.body.starts(with: [0xFF, 0xD8]))
            #expect(server.context.hub.openStreams == 2)

            // A closed stream frees its slot for the next one.
            a.close()
            #expect(hubEventually { server.context.hub.openStreams == 1 })
            let (c, statusC) = try HubSocket.stream(port: server.port, query: query)
            #expect(statusC == 200)
            _ = try c.readPart()
            #expect(server.context.hub.openStreams == 2)
        }
    }

    @Test func aStalledViewerIsClosedAfterTheTimeoutAndTheOthersKeepStreaming() throws {
        try withHubServer(clock: MonotonicClock(), configure: { $0.connectionTimeout = 1 }) { server in
            // Big frames and a 4 KiB window: the stalled viewer's buffers fill within a few frames.
            let query = "control=all&size=480"
            let stalled = try HubSocket(port: server.port, receiveBuffer: 4096)
            try stalled.send("GET /stream.mjpg?\(query) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            let (reader, status) = try HubSocket.stream(port: server.port, query: query)
            #expect(status == 200)
            #expect(hubEventually { server.context.hub.openStreams == 2 })

            // The reader keeps reading while it waits, so only the stalled viewer is idle.
            var parts = 0
            let closed = try hubEventually(30) {
                _ = try reader.readPart()
                parts += 1
                return server.context.hub.openStreams == 1
            }
            #expect(closed)
            #expect(parts > 1)
            for _ in 0..<5 { _ = try reader.readPart() }
            #expect(server.context.hub.openStreams == 1)
            withExtendedLifetime(stalled) {}
        }
    }
}
