import APIModel
import Animation
import Controls
import Foundation
import LayercastTesting
@testable import PreviewServer
import Scenes
import Testing
import SeedControls

/// The frame hub's mechanisms: a viewer that falls behind gets the newest part (never a queue),
/// and frames are rendered once per watched feed, not per viewer. Driven by a manual clock,
/// so each clock step is exactly one new frame per feed.
@Suite struct HubFrameTests {
    let clock = ManualClock()
    let scene: LiveScene
    let counters = StreamCounters()
    let hub: FrameHub

    init() {
        scene = LiveScene(clock: clock, configuration: .seeds)
        hub = FrameHub(scene: scene, frameRenderer: FrameRenderer(), counters: counters,
                       ledger: BudgetLedger(settings: LimitSettings()))
    }

    /// A 32-point spinner at 30 fps.
    static func smallSpinner() throws -> FeedKey {
        FeedKey(spec: try hubSpec(["control": "spinner", "size": "32"]), fps: 30)
    }

    /// Moves the scene on and waits until every watched feed has rendered it.
    func step(expectingRenders renders: Int) -> Bool {
        clock.advance(by: 0.1)
        return eventually { counters.snapshot.renders == renders }
    }

    /// A viewer of the small spinner, once its first frame is rendered.
    func attachViewer() throws -> (FeedViewer, HubViewerReader) {
        let viewer = try hub.attach(try Self.smallSpinner(), viewerClass: "test")
        #expect(eventually { counters.snapshot.renders == 1 })
        return (viewer, HubViewerReader(viewer: viewer))
    }

    @Test func aViewerThatFellBehindGetsOnlyTheNewestPart() throws {
        let (viewer, reader) = try attachViewer()
        defer { viewer.closed() }
        let first = try reader.drain()
        #expect(first.count == 1)
        #expect(first.first?.headers["x-scene-time"] == "0.000000")
        #expect(try reader.drain().isEmpty)

        let published = counters.snapshot.renders + counters.snapshot.keepAliveResends
        for n in 2...4 { #expect(step(expectingRenders: n)) }
        let publishedNow = counters.snapshot.renders + counters.snapshot.keepAliveResends
        let next = try reader.drain()
        // One part, the newest: the three frames rendered meanwhile did not queue up.
        #expect(next.count == 1)
        #expect(next.first?.headers["x-scene-time"] == "0.300000")
        #expect(next.first?.body.starts(with: [0xFF, 0xD8]) == true)
        let skipped = publishedNow - published - 1
        #expect(skipped >= 2)
        #expect(counters.snapshot.skippedByClass["test"] == skipped)
        #expect(counters.metrics.exposition.contains("layercast_frames_skipped_total{viewer_class=\"test\"} \(skipped)"))
    }

    @Test func aViewerThatKeepsUpMissesNothing() throws {
        let (viewer, reader) = try attachViewer()
        defer { viewer.closed() }
        var times = try reader.drain().compactMap { $0.headers["x-scene-time"] }
        for n in 2...4 {
            #expect(step(expectingRenders: n))
            times += try reader.drain().compactMap { $0.headers["x-scene-time"] }
        }
        // A keep-alive resend (if the machine is slow enough for one) repeats a time; none is missing.
        let distinct = times.enumerated().filter { $0.offset == 0 || times[$0.offset - 1] != $0.element }.map(\.element)
        #expect(distinct == ["0.000000", "0.100000", "0.200000", "0.300000"])
        #expect(counters.snapshot.skippedByClass["test"] == nil)
    }

    @Test func rendersOncePerWatchedFeedWhateverTheViewerCount() throws {
        // Two sizes in two size classes, so the metrics tell their renders apart.
        let small = try Self.smallSpinner()
        let medium = FeedKey(spec: try hubSpec(["control": "spinner", "size": "300"]), fps: 30)

        // Nobody watching: no feed and no thread that could render, so moving the scene renders nothing.
        #expect(hub.watchedFeeds == 0 && counters.snapshot.runningTickers == 0)
        clock.advance(by: 0.1)
        #expect(counters.snapshot.renders == 0)

        let viewers = try [small, small, small, medium].map { try hub.attach($0, viewerClass: "test") }
        #expect(hub.watchedFeeds == 2)
        #expect(hub.openStreams == 4)
        #expect(eventually { counters.snapshot.renders == 2 })
        for n in 1...3 { #expect(step(expectingRenders: 2 + 2 * n)) }
        // Six more ticks of the feeds with a still scene (counted as they finish): nothing new to render.
        let ticks = counters.snapshot.ticks
        #expect(eventually { counters.snapshot.ticks >= ticks + 6 })
        let totals = counters.snapshot
        #expect(totals.renders == 8)
        let page = counters.metrics.exposition
        #expect(metric(page, #"layercast_frames_rendered_total{control="spinner",size="small",transport="mjpeg"}"#) == 4)
        #expect(metric(page, #"layercast_frames_rendered_total{control="spinner",size="medium",transport="mjpeg"}"#) == 4)

        for v in viewers { v.closed() }
        #expect(hub.watchedFeeds == 0)
        #expect(hub.openStreams == 0)
        // Once the feeds' threads have ended nothing is left that could render the moved scene.
        #expect(eventually { counters.snapshot.runningTickers == 0 })
        clock.advance(by: 0.1)
        #expect(counters.snapshot.renders == 8)
    }

    /// Streams are admitted by what they add: a new feed its pixels per second and its
    /// surfaces, another viewer of a feed only its connection's bytes.
    @Test func aNewFeedPaysItsRenderCostAnotherViewerOnlyItsBytes() throws {
        var limits = LimitSettings()
        limits[.render] = 1  // a million pixels per second
        let ledger = BudgetLedger(settings: limits)
        let budgeted = FrameHub(scene: scene, frameRenderer: FrameRenderer(), counters: counters, ledger: ledger)
        // 100×100 at 60 fps: 600,000 pixels/s, 120,000 bytes of feed.
        let key = FeedKey(spec: try hubSpec(["control": "spinner", "size": "100"]), fps: 60)
        let viewers = try (0..<3).map { _ in try budgeted.attach(key, viewerClass: "test") }
        #expect(ledger.use(.render) == 600_000)
        #expect(ledger.use(.memory) == 100 * 100 * CostModel.feedBytesPerPixel + 3 * CostModel.viewerBytes)

        // Another feed of the same cost would pass the render budget: refused now, with the figures.
        let other = FeedKey(spec: try hubSpec(["control": "meter", "size": "100"]), fps: 60)
        let busy = try #require(throws: Refusal.self) { try budgeted.attach(other, viewerClass: "test") }
        #expect(busy.kind == .unavailable && busy.retryAfter == 5)
        #expect(busy.response.status == 503 && busy.response.headers.first { $0.0 == "Retry-After" }?.1 == "5")
        let fields = Dictionary(busy.details, uniquingKeysWith: { a, _ in a })
        #expect(fields["budget"] == .string("render") && fields["inUse"] == .int(600_000))
        #expect(fields["cost"] == .int(600_000) && fields["limit"] == .int(1_000_000))
        #expect(budgeted.watchedFeeds == 1 && budgeted.openStreams == 3)

        // The last viewer of a feed gives its render cost back; then the other feed fits.
        for viewer in viewers { viewer.closed() }
        #expect(ledger.use(.render) == 0 && ledger.use(.memory) == 0)
        let second = try budgeted.attach(other, viewerClass: "test")
        #expect(ledger.use(.render) == 600_000)
        second.closed()
        #expect(budgeted.openStreams == 0 && budgeted.watchedFeeds == 0)
    }

    /// A thousand viewers of one stream fit the default budgets: one feed's render, a
    /// thousand connections' buffers.
    @Test func aThousandViewersOfOneFeedFit() throws {
        let key = FeedKey(spec: try hubSpec(["control": "spinner", "size": "480"]), fps: 30)
        let viewers = try (0..<1000).map { _ in try hub.attach(key, viewerClass: "test") }
        #expect(hub.openStreams == 1000 && hub.watchedFeeds == 1)
        for viewer in viewers { viewer.closed() }
        #expect(hub.openStreams == 0 && hub.watchedFeeds == 0)
    }
}
