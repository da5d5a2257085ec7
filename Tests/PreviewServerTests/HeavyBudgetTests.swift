import APIModel
import Foundation
import HTTPClient
import LayercastTesting
@testable import PreviewServer
import Scenes
import Testing
import SeedControls

/// Budget checks at full size: a thousand stream connections, the largest frame. Too heavy for
/// the sanitizer runs, which skip this suite (scripts/test-sanitizers.sh). Bounded: every wait
/// has a limit, nothing is timed.
@Suite(.serialized, .ioTimeLimit) struct HeavyBudgetTests {

    /// A thousand viewers of one stream fit the default budgets: the feed's render once, and each
    /// viewer's connection buffers.
    @Test func aThousandViewersOfOneStreamFit() throws {
        raiseOpenFileLimit(to: 8192)
        // They all come from 127.0.0.1, as behind a proxy.
        let server = try hostileServer { $0.maxConnectionsPerIP = 0 }
        let target = "/stream.mjpg?control=all&size=480&fps=30"
        var viewers: [StreamClient] = []
        defer { viewers.forEach { $0.close() } }
        for _ in 0..<1000 {
            let viewer = try StreamClient(port: server.port, target: target)
            viewers.append(viewer)
        }
        for viewer in viewers { #expect(try viewer.readHead().status == 200) }
        let hub = server.services.hub, ledger = server.services.ledger
        #expect(eventually(timeout: .seconds(30)) { hub.openStreams == 1000 })
        #expect(hub.watchedFeeds == 1)
        #expect(ledger.use(.render) == 480 * 480 * 30)
        #expect(ledger.use(.memory) == CostModel.feedBytes(pixels: 480 * 480) + 1000 * CostModel.viewerBytes)
        _ = try viewers[999].nextPart(timeout: .seconds(30))
        viewers.forEach { $0.close() }
        #expect(eventually(timeout: .seconds(30)) { hub.openStreams == 0 && ledger.use(.memory) == 0 })
        #expect(ledger.use(.render) == 0)
    }

    /// The largest frame the parameters allow, a 4096×4096 PNG, fits the default memory budget of
    /// an idle server exactly (so the budget refuses no frame the parameters allow, when idle).
    @Test func theLargestFrameFitsAnIdleServer() throws {
        let server = try hostileServer()
        #expect(4096 * 4096 * CostModel.pngFrameBytesPerPixel == LimitSettings().base(.memory))
        let frame = try server.get("/frame.png?size=4096&control=spinner")
        #expect(frame.status == 200)
        #expect(frame.body.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(eventually { server.services.ledger.use(.memory) == 0 })
    }
}
