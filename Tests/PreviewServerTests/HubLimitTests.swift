import Animation
import Foundation
import HTTPClient
import LayercastTesting
@testable import PreviewServer
import Testing

/// Stream limits over real connections: the --max-streams cap answers 503 at once while frames
/// and the API are still served, and a viewer that stops reading is closed after --timeout.
@Suite struct HubLimitTests {
    @Test func streamsBeyondTheCapGet503WhileTheRestIsServed() throws {
        try withTestServer(configure: { $0.maxStreams = 2 }) { server in
            let query = "control=spinner&size=32"
            let base = server.baseURL
            let a = try StreamClient(port: server.port, target: "/stream.mjpg?" + query)
            let b = try StreamClient(port: server.port, target: "/stream.mjpg?" + query)
            #expect(try a.readHead().status == 200 && b.readHead().status == 200)
            _ = try a.nextPart()
            _ = try b.nextPart()

            let refused = try HTTPProbe.get(base + "/stream.mjpg?\(query)")
            #expect(refused.status == 503)
            #expect(refused.header("Content-Type")?.hasPrefix("application/json") == true)
            let json = try jsonObject(refused)
            #expect((json["error"] as? String)?.contains("too many open streams (2)") == true)
            #expect((json["allowed"] as? String)?.contains("--max-streams") == true)

            // Snapshots and the API do not count against the cap.
            #expect(try HTTPProbe.get(base + "/state").status == 200)
            let frame = try HTTPProbe.get(base + "/frame.jpg?size=32")
            #expect(frame.status == 200)
            #expect(frame.body.starts(with: [0xFF, 0xD8]))
            #expect(server.context.hub.openStreams == 2)

            // A closed stream frees its slot for the next one.
            a.close()
            #expect(eventually { server.context.hub.openStreams == 1 })
            let c = try StreamClient(port: server.port, target: "/stream.mjpg?" + query)
            #expect(try c.readHead().status == 200)
            _ = try c.nextPart()
            #expect(server.context.hub.openStreams == 2)
        }
    }

    @Test func aStalledViewerIsClosedAfterTheTimeoutAndTheOthersKeepStreaming() throws {
        try withTestServer(clock: MonotonicClock(), configure: { $0.connectionTimeout = 1 }) { server in
            // Big frames and a 4 KiB window: the stalled viewer's buffers fill within a few frames.
            let query = "control=all&size=480"
            let stalled = try StreamClient(port: server.port, target: "/stream.mjpg?" + query, receiveBuffer: 4096)
            let reader = try StreamClient(port: server.port, target: "/stream.mjpg?" + query)
            #expect(try reader.readHead().status == 200)
            #expect(eventually { server.context.hub.openStreams == 2 })

            // The reader keeps reading while it waits, so only the stalled viewer is idle.
            var parts = 0
            let closed = try eventually(timeout: .seconds(30)) {
                _ = try reader.nextPart()
                parts += 1
                return server.context.hub.openStreams == 1
            }
            #expect(closed)
            #expect(parts > 1)
            for _ in 0..<5 { _ = try reader.nextPart() }
            #expect(server.context.hub.openStreams == 1)
            withExtendedLifetime(stalled) {}
        }
    }
}
