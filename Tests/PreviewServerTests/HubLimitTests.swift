import Animation
import Foundation
import HTTPClient
import LayercastTesting
@testable import PreviewServer
import Testing
import SeedControls

/// Stream limits over real connections: the render budget admits streams by the feeds they add
/// (503 at once when it is taken, 400 for a stream no budget could hold) while frames and the API
/// are still served, and a viewer that stops reading is closed after --timeout.
@Suite(.ioTimeLimit) struct HubLimitTests {

    @Test func streamsPastTheRenderBudgetAreRefusedWhileTheRestIsServed() throws {
        try withTestServer(configure: { $0.settings.limits[.render] = 1 }) { server in
            // 100×100 at 60 fps: 600,000 of the budget's 1,000,000 pixels per second.
            let query = "control=spinner&size=100&fps=60"
            let base = server.baseURL
            let a = try StreamClient(port: server.port, target: "/stream.mjpg?" + query)
            let b = try StreamClient(port: server.port, target: "/stream.mjpg?" + query)
            #expect(try a.readHead().status == 200 && b.readHead().status == 200)
            _ = try a.nextPart()
            _ = try b.nextPart()

            // Another feed of the same cost does not fit now.
            let refused = try HTTPProbe.get(base + "/stream.mjpg?control=meter&size=100&fps=60")
            #expect(refused.status == 503)
            #expect(refused.header("Retry-After") == "5")
            #expect(refused.header("Content-Type")?.hasPrefix("application/json") == true)
            let json = try jsonObject(refused)
            #expect(json["budget"] as? String == "render")
            #expect(json["inUse"] as? Int == 600_000 && json["cost"] as? Int == 600_000 && json["limit"] as? Int == 1_000_000)

            // One that no idle server could hold: 400, with its cost.
            let never = try HTTPProbe.get(base + "/stream.mjpg?size=1024&fps=30")
            #expect(never.status == 400)
            #expect(try jsonObject(never)["cost"] as? Int == 1024 * 1024 * 30)
            #expect((try jsonObject(never)["allowed"] as? String)?.contains("--render-budget") == true)

            // Snapshots and the API are not streams.
            #expect(try HTTPProbe.get(base + "/state").status == 200)
            let frame = try HTTPProbe.get(base + "/frame.jpg?size=32")
            #expect(frame.status == 200)
            #expect(frame.body.starts(with: [0xFF, 0xD8]))
            #expect(server.services.hub.openStreams == 2)

            // When both viewers of the feed have gone, its cost is free for the other feed.
            a.close()
            b.close()
            #expect(eventually { server.services.hub.openStreams == 0 })
            let c = try StreamClient(port: server.port, target: "/stream.mjpg?control=meter&size=100&fps=60")
            #expect(try c.readHead().status == 200)
            _ = try c.nextPart()
            #expect(server.services.ledger.use(.render) == 600_000)
        }
    }

    @Test func aStalledViewerIsClosedAfterTheTimeoutAndTheOthersKeepStreaming() throws {
        try withTestServer(clock: MonotonicClock(), configure: { $0.connectionTimeout = 1 }) { server in
            // Big frames and a 4 KiB window: the stalled viewer's buffers fill within a few frames.
            let query = "control=all&size=480"
            let stalled = try StreamClient(port: server.port, target: "/stream.mjpg?" + query, receiveBuffer: 4096)
            let reader = try StreamClient(port: server.port, target: "/stream.mjpg?" + query)
            #expect(try reader.readHead().status == 200)
            #expect(eventually { server.services.hub.openStreams == 2 })

            // The reader keeps reading while it waits, so only the stalled viewer is idle.
            var parts = 0
            let closed = try eventually(timeout: .seconds(30)) {
                _ = try reader.nextPart()
                parts += 1
                return server.services.hub.openStreams == 1
            }
            #expect(closed)
            #expect(parts > 1)
            for _ in 0..<5 { _ = try reader.nextPart() }
            #expect(server.services.hub.openStreams == 1)
            withExtendedLifetime(stalled) {}
        }
    }
}
