import Controls
import Foundation
import HTTPClient
import HTTPServer
import LayercastTesting
@testable import PreviewServer
import Testing
import SeedControls

/// A thousand slow clients: too heavy for the sanitizer runs, which skip this suite
/// (scripts/test-sanitizers.sh). Bounded: every wait has a limit, nothing is timed.
@Suite(.serialized, .ioTimeLimit) struct HeavyAttackTests {

    /// 1,000 connections dripping a header byte now and then once held 1,015 descriptors against
    /// the 1,024-connection limit forever. Now the browser gets its page, state and stream while
    /// they are connected, and the head deadline cuts every one of them.
    @Test func aThousandDrippersDoNotKeepABrowserOut() throws {
        raiseOpenFileLimit(to: 8192)
        // A longer deadline than the default's 10 s, so a loaded machine has time for the browser
        // part before the drippers are cut.
        let server = try hostileServer { $0.headDeadline = 15 }
        defer { server.stop() }
        let before = try AttackReproductionTests.discreteState(server)

        // One address cannot hold more than its share: 200 from 127.0.0.250, 128 kept.
        let limit = server.server.configuration.maxConnectionsPerIP
        #expect(limit == HTTPServerConfiguration.defaultMaxConnectionsPerIP)
        let flood = Drippers(port: server.port, count: 200, perAddress: 200, firstAddress: 250)
        #expect(eventually(timeout: .seconds(30)) { flood.closedByServer == 200 - limit })
        #expect(eventually { server.server.httpCounters.perIPRefusals == 200 - limit })
        flood.abort()
        #expect(eventually(timeout: .seconds(30)) { server.server.httpCounters.openConnections == 0 })

        // A thousand from 127.0.0.2 up, ten per address.
        let drippers = Drippers(port: server.port, count: 1000, perAddress: 10)
        defer { drippers.close() }
        #expect(drippers.refused == 0)
        #expect(eventually(timeout: .seconds(30)) { server.server.httpCounters.openConnections >= 1000 })
        drippers.drip()

        // The browser, on 127.0.0.1: the page, the state, the stream.
        let page = try HTTPProbe.get(server.baseURL + "/index.html", timeout: .seconds(30))
        #expect(page.status == 200)
        #expect(page.text.contains("<title>studio</title>"))
        #expect(try AttackReproductionTests.discreteState(server) == before)
        let stream = try StreamClient(port: server.port, target: "/stream.mjpg?control=all&size=480&fps=30")
        defer { stream.close() }
        for _ in 0..<3 { _ = try stream.nextPart(timeout: .seconds(30)) }
        #expect(stream.status == 200)
        stream.close()
        #expect(drippers.closedByServer == 0, "the drippers were cut before the browser was served")

        // Dripping on keeps each idle timer fresh; the deadline cuts them all anyway.
        var cut = false
        for _ in 0..<60 where !cut {
            drippers.drip()
            cut = eventually(timeout: .seconds(1)) { drippers.closedByServer == 1000 }
        }
        #expect(cut, "\(drippers.closedByServer) of 1000 cut")
        #expect(eventually { server.server.httpCounters.headDeadlineCloses == 1000 })
        let metrics = try HTTPProbe.get(server.baseURL + "/metrics", timeout: .seconds(30)).text
        #expect(metrics.contains("layercast_http_head_deadline_closes_total 1000"))
        #expect(metrics.contains("layercast_http_per_ip_refusals_total \(200 - limit)"))
        #expect(try AttackReproductionTests.discreteState(server) == before)
    }
}
