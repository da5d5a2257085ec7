import APIModel
import Controls
import Foundation
import HTTPClient
import LayercastTesting
@testable import PreviewServer
import Rendering
import Scenes
import Testing
import SeedControls

/// Issue 16's budget attacks, as they were measured: each request is priced before any work and
/// answered once, in JSON naming the budget (400 when it could never fit, 503 with Retry-After
/// when it would fit later), and the scene is intact afterwards. A busy budget is held through
/// the ledger, so no test depends on how long a render takes.
@Suite(.ioTimeLimit) struct BudgetAttackTests {

    /// Everything the server sends for `target` on a connection of its own (`Connection: close`).
    static func exchange(_ server: TestServer, _ target: String) throws -> (text: String, json: [String: Any]) {
        try exchange(port: server.port, target)
    }

    static func exchange(port: Int, _ target: String) throws -> (text: String, json: [String: Any]) {
        let socket = try BlockingSocket.connect(port: port, timeout: .seconds(60))
        defer { socket.close() }
        try socket.send("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n")
        let text = String(decoding: try socket.readToEnd(), as: UTF8.self)
        let body = text.components(separatedBy: "\r\n\r\n").dropFirst().joined(separator: "\r\n\r\n")
        let json = (try? JSONSerialization.jsonObject(with: Data(body.utf8))) as? [String: Any] ?? [:]
        return (text, json)
    }

    /// One status line, `status`, JSON naming `budget`.
    static func expectRefusal(_ reply: (text: String, json: [String: Any]), _ status: Int, budget: String,
                              sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(reply.text.components(separatedBy: "HTTP/1.1 ").count == 2, "\(reply.text.prefix(300))",
                sourceLocation: sourceLocation)
        #expect(reply.text.hasPrefix("HTTP/1.1 \(status) "), "\(reply.text.prefix(300))", sourceLocation: sourceLocation)
        #expect(reply.text.contains("Content-Type: application/json"), sourceLocation: sourceLocation)
        #expect(reply.json["budget"] as? String == budget, "\(reply.json)", sourceLocation: sourceLocation)
        #expect(reply.json["limit"] is Int && reply.json["cost"] is Int && reply.json["unit"] is String,
                sourceLocation: sourceLocation)
    }

    /// 64 distinct `size=4096&fps=60` streams were all accepted (3.7 GiB): each now costs more
    /// than the whole render budget, and is refused before a feed exists.
    @Test func distinctBigStreamsAreRefusedBeforeAnyRender() throws {
        let server = try hostileServer()
        let before = try AttackReproductionTests.discreteState(server)
        let limit = ServerLimit.render.defaultValue * 1_000_000
        for quality in 1...64 {
            let reply = try Self.exchange(server, "/stream.mjpg?size=4096&fps=60&quality=\(quality)")
            Self.expectRefusal(reply, 400, budget: "render")
            #expect(reply.json["cost"] as? Int == 4096 * 4096 * 60 && reply.json["limit"] as? Int == limit)
        }
        #expect(server.services.hub.watchedFeeds == 0 && server.services.hub.openStreams == 0)
        #expect(server.services.ledger.use(.render) == 0)
        #expect(try AttackReproductionTests.discreteState(server) == before)
    }

    /// Distinct feeds that do fit are admitted until their pixel rate fills the budget; the next
    /// gets 503 at once, and a new viewer of an admitted feed still gets in (it adds no render).
    @Test func feedsFillTheRenderBudgetViewersOfThemStillFit() throws {
        let server = try hostileServer { $0.settings.limits[.render] = 1 }
        let before = try AttackReproductionTests.discreteState(server)
        // 100×100 at 30 fps: 300,000 pixels/s each, three in a million.
        let streams = try (1...3).map { quality in
            try StreamClient(port: server.port, target: "/stream.mjpg?size=100&fps=30&quality=\(quality)")
        }
        defer { streams.forEach { $0.close() } }
        for stream in streams { _ = try stream.nextPart() }
        let fourth = try Self.exchange(server, "/stream.mjpg?size=100&fps=30&quality=4")
        Self.expectRefusal(fourth, 503, budget: "render")
        #expect(fourth.text.contains("Retry-After: 5"))
        #expect(fourth.json["inUse"] as? Int == 900_000 && fourth.json["cost"] as? Int == 300_000)
        let another = try StreamClient(port: server.port, target: "/stream.mjpg?size=100&fps=30&quality=2")
        defer { another.close() }
        _ = try another.nextPart()
        #expect(server.services.hub.watchedFeeds == 3 && server.services.hub.openStreams == 4)
        #expect(server.services.ledger.use(.render) == 900_000)
        #expect(try AttackReproductionTests.discreteState(server) == before)
    }

    /// Three 4096 px lossless clips at once were all accepted (+920 MiB, the third waited 6 s):
    /// each now costs more than the whole memory budget.
    @Test func bigLosslessClipsAreRefusedAtOnce() throws {
        let server = try hostileServer()
        let before = try AttackReproductionTests.discreteState(server)
        let group = DispatchGroup()
        let replies = Replies()
        let port = server.port
        for _ in 0..<3 {
            hostileThread(group) {
                replies.add(try? Self.exchange(port: port, "/clip.webp?size=4096&seconds=0.1&fps=10&lossless=true"))
            }
        }
        #expect(group.wait(timeout: .now() + 60) == .success)
        #expect(replies.all.count == 3)
        for reply in replies.all {
            Self.expectRefusal(reply, 400, budget: "memory")
            #expect((reply.json["cost"] as? Int ?? 0) >= 4096 * 4096 * CostModel.ClipEncoder.webpLossless.bytesPerPixel)
        }
        #expect(server.services.ledger.use(.memory) == 0 && server.services.ledger.use(.clips) == 0)
        #expect(try AttackReproductionTests.discreteState(server) == before)
    }

    /// While every clip place is taken, a clip is refused at once, not queued; once one is free
    /// the same clip is made.
    @Test func aClipWhileTheClipsAreTakenGets503() throws {
        let server = try hostileServer()
        let ledger = server.services.ledger
        let busy = try ledger.reserve([BudgetShare(.clips, ServerLimit.clips.defaultValue)])
        let target = "/clip.gif?size=32&seconds=0.1&fps=10"
        let refused = try Self.exchange(server, target)
        Self.expectRefusal(refused, 503, budget: "clips")
        #expect(refused.text.contains("Retry-After: 2"))
        #expect(refused.json["inUse"] as? Int == 2 && refused.json["cost"] as? Int == 1)
        // Nothing of it stayed reserved.
        #expect(ledger.use(.memory) == 0)
        busy.release()
        let made = try server.get(target)
        #expect(made.status == 200 && made.header("Content-Type") == "image/gif")
        #expect(eventually { ledger.use(.clips) == 0 && ledger.use(.memory) == 0 })
    }

    /// Frames are priced too: one larger than the whole memory budget is a 400, one that would
    /// fit once the memory in use is given back a 503 (and a small frame still fits beside it).
    @Test func framesArePricedInTheMemoryBudget() throws {
        let server = try hostileServer { $0.settings.limits[.memory] = 16 }
        let ledger = server.services.ledger
        let never = try Self.exchange(server, "/frame.png?size=2048")
        Self.expectRefusal(never, 400, budget: "memory")
        #expect(never.json["cost"] as? Int == 2048 * 2048 * CostModel.pngFrameBytesPerPixel)
        #expect((never.json["allowed"] as? String)?.contains("--memory-budget") == true)

        let held = try ledger.reserve([BudgetShare(.memory, 10 << 20)])
        let later = try Self.exchange(server, "/frame.jpg?size=1024")
        Self.expectRefusal(later, 503, budget: "memory")
        #expect(later.json["inUse"] as? Int == 10 << 20)
        #expect(try server.get("/frame.jpg?size=64").status == 200)
        held.release()
        #expect(try server.get("/frame.jpg?size=1024").status == 200)
        #expect(eventually { ledger.use(.memory) == 0 })
    }

    /// Once the work is done, a request keeps only its answer's bytes of the budgets (the clip's
    /// place goes back at once), and those until the HTTP layer releases it as the request
    /// completes (HTTPServerTests' HeldUntilSentTests show when that is).
    @Test func aFinishedRequestKeepsOnlyItsAnswersBytes() throws {
        let server = try hostileServer()
        let ledger = server.services.ledger
        let ticket = try ledger.reserve(RequestCost.clip(pixels: 480 * 480, frames: 90, encoder: .webp).shares)
        #expect(ledger.use(.clips) == 1 && ledger.use(.memory) > 480 * 480 * 24)
        ticket.keepOnly(memory: 70_000)
        #expect(ledger.use(.clips) == 0 && ledger.use(.memory) == 70_000)
        ticket.release()
        ticket.release()
        #expect(ledger.use(.memory) == 0)
    }

    /// An upload's body is memory from its first byte: with the budget taken, it is refused from
    /// its Content-Length, before any of it is read, and the artwork stays.
    @Test func uploadBodiesAreAdmittedFromTheirLength() throws {
        let server = try hostileServer { $0.settings.limits[.memory] = 16 }
        let id = try server.artworkID()
        let held = try server.services.ledger.reserve([BudgetShare(.memory, 15 << 20)])
        let head = "PUT /player/artwork HTTP/1.1\r\nHost: \(server.host)\r\nContent-Type: image/png\r\nContent-Length: \(4 << 20)\r\n\r\n"
        let reply = try #require(try server.raw(Array(head.utf8)))
        #expect(reply.status == 503)
        #expect(try jsonObject(reply)["budget"] as? String == "memory")
        #expect(reply.header("Retry-After") == "1")
        held.release()
        #expect(try server.artworkID() == id)
        #expect(server.services.ledger.use(.memory) == 0)
    }

    /// /metrics shows every budget's limit and use, and counts the refusals.
    @Test func budgetsAreOnMetrics() throws {
        let server = try hostileServer()
        _ = try Self.exchange(server, "/stream.mjpg?size=4096&fps=60")
        let text = try server.get("/metrics").text
        for limit in ServerLimit.all {
            #expect(text.contains("layercast_budget_limit{budget=\"\(limit.id)\"} \(LimitSettings().base(limit))"), "\(limit.id)")
            #expect(text.contains("layercast_budget_in_use{budget=\"\(limit.id)\"}"), "\(limit.id)")
        }
        #expect(text.contains("layercast_budget_refusals_total{budget=\"render\",status=\"400\"} 1"))
        #expect(text.contains("layercast_budget_refusals_total{budget=\"memory\",status=\"503\"} 0"))
    }
}

/// Replies gathered from client threads.
private final class Replies: @unchecked Sendable {
    private let lock = NSLock()
    private var replies: [(text: String, json: [String: Any])] = []

    func add(_ reply: (text: String, json: [String: Any])?) {
        guard let reply else { return }
        lock.withLock { replies.append(reply) }
    }

    var all: [(text: String, json: [String: Any])] { lock.withLock { replies } }
}
