import HTTPClient
import LayercastTesting
@testable import PreviewServer
import Testing

/// A stored scenario's frames and clips are fixed by their URL and the server's version, so they
/// carry a strong ETag known before any work, and a matching `If-None-Match` gets 304 without a
/// render (issue 34); the live scene's keep `no-store`.
@Suite(.ioTimeLimit) struct RevalidationTests {
    @Test func aScenariosFrameHasATagThatChangesWhenAndOnlyWhenItsBytesDo() throws {
        try withTestServer { s in
            let id = try Scenarios.store(Scenarios.busy, on: s)
            let other = try Scenarios.store(Scenarios.busyOnePropChanged, on: s)
            let target = "/frame.png?scenario=\(id)&ahead=0.5&size=48"
            let first = try s.get(target)
            #expect(first.status == 200)
            let tag = try #require(first.header("ETag"))
            #expect(tag.range(of: #"^"[0-9a-f]{32}"$"#, options: .regularExpression) != nil, "strong: \(tag)")
            #expect(first.header("Cache-Control") == "public, max-age=\(Revalidation.maxAge)")

            let again = try s.get(target)
            #expect(again.header("ETag") == tag && again.body == first.body, "the same URL: the same bytes, the same tag")
            let pinned = try s.get(target + "&v=\(PreviewServer.version)")
            #expect(pinned.header("ETag") == tag && pinned.body == first.body, "v changes no byte")
            #expect(pinned.header("Cache-Control") == "public, max-age=31536000, immutable")
            #expect(try s.get(target + "&v=0.0.1").header("Cache-Control") == "public, max-age=\(Revalidation.maxAge)",
                    "another version's URL is answered, but not as immutable")

            // Other bytes, another tag: a later time, another scenario, another size, a prop.
            for changed in ["/frame.png?scenario=\(id)&ahead=0.9&size=48", "/frame.png?scenario=\(other)&ahead=0.5&size=48",
                            "/frame.png?scenario=\(id)&ahead=0.5&size=49", target + "&props.spinner.lineWidth=3"] {
                let r = try s.get(changed)
                #expect(r.status == 200 && r.header("ETag") != nil && r.header("ETag") != tag, "\(changed)")
                #expect(r.body != first.body, "\(changed) shows something else")
            }

            let notModified = try s.request("GET", target, headers: [("If-None-Match", "\"0000\", W/\(tag)")])
            #expect(notModified.status == 304 && notModified.body.isEmpty)
            #expect(notModified.header("ETag") == tag && notModified.header("X-Scene-Time") == nil, "no render")
            #expect(try s.request("GET", target, headers: [("If-None-Match", "\"0000\"")]).status == 200)

            let live = try s.get("/frame.png?size=48")
            #expect(live.header("ETag") == nil && live.header("Cache-Control") == "no-store")
        }
    }

    @Test func aScenariosClipIsRevalidatedWithoutEncodingIt() throws {
        try withTestServer { s in
            let id = try Scenarios.store(Scenarios.busy, on: s)
            let target = "/clip.gif?scenario=\(id)&seconds=0.2&fps=10&size=32"
            let clip = try s.get(target)
            let tag = try #require(clip.header("ETag"))
            #expect(clip.header("Server-Timing") != nil)
            let cached = try s.request("GET", target, headers: [("If-None-Match", tag), ("Origin", "http://docs.example")])
            #expect(cached.status == 304 && cached.header("Server-Timing") == nil, "answered before the encoder")
            #expect(cached.header("Access-Control-Allow-Origin") == "*")
            #expect(cached.header("Access-Control-Expose-Headers")?.contains("ETag") == true)
            let now = try s.get("/clip.gif?seconds=0.2&fps=10&size=32")
            #expect(now.header("ETag") == nil && now.header("Cache-Control") == "no-store")
        }
    }

    /// A repeat from a client that kept nothing is sent as kept: the same bytes and headers, without
    /// an encoder's timings, and the kept bytes are held in the memory budget.
    @Test func aRepeatedScenarioClipIsSentFromTheRenderCache() throws {
        try withTestServer { s in
            let id = try Scenarios.store(Scenarios.busy, on: s)
            let target = "/clip.gif?scenario=\(id)&seconds=0.2&fps=10&size=32"
            let cache = s.server.services.renderCache
            let clip = try s.get(target)
            #expect(clip.status == 200 && clip.header("Server-Timing") != nil, "encoded")
            #expect(cache.usage.entries == 1 && cache.usage.bytes > clip.body.count && cache.usage.misses == 1)
            #expect(s.server.services.ledger.use(.memory) >= cache.usage.bytes, "the kept bytes are the budget's")

            let again = try s.get(target)
            #expect(again.status == 200 && again.body == clip.body && again.header("Server-Timing") == nil, "not encoded again")
            for name in ["Content-Type", "ETag", "Cache-Control", "X-Scene-Time"] {
                #expect(again.header(name) == clip.header(name), "\(name)")
            }
            #expect(cache.usage.hits == 1)
            let metrics = try s.get("/metrics").text
            #expect(metrics.contains("layercast_render_cache_hits 1") && metrics.contains("layercast_render_cache_entries 1"))

            // The live scene's answers are never kept.
            _ = try s.get("/clip.gif?seconds=0.2&fps=10&size=32")
            _ = try s.get("/frame.png?size=32")
            #expect(cache.usage.entries == 1)
        }
    }
}
