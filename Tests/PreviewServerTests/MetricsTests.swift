import Animation
import Foundation
import HTTPClient
import LayercastTesting
@testable import PreviewServer
import Testing
import SeedControls

/// `GET /metrics`: the Prometheus text page carries every series the issue asks for, with the
/// labels that tell feeds, viewer classes, routes and statuses apart, and counts that match
/// what the test did.
@Suite(.ioTimeLimit) struct MetricsTests {

    @Test func afterAStreamAndAFewRequestsEverySeriesIsThere() throws {
        let clock = ManualClock()
        try withTestServer(clock: clock) { server in
            let base = server.baseURL
            let stream = try StreamClient(port: server.port, target: "/stream.mjpg?control=spinner&size=32&fps=30")
            #expect(try stream.readHead().status == 200)
            let first = try stream.nextPart()
            clock.advance(by: 0.1)
            let second = try stream.nextPart()
            #expect(first.headers["x-scene-time"] == "0.000000")
            #expect(second.headers["x-scene-time"] == "0.100000")
            stream.close()
            #expect(eventually { server.services.hub.openStreams == 0 })

            #expect(try HTTPProbe.get(base + "/state").status == 200)
            #expect(try HTTPProbe.get(base + "/no-such-page").status == 404)
            #expect(try HTTPProbe.request("POST", url: base + "/spinner/stop").status == 200)
            #expect(try HTTPProbe.request("POST", url: base + "/meter/hold", body: Array("seconds=-1".utf8)).status == 400)

            // Requests are counted when MHD reports them finished, just after the client has its answer.
            var page = ""
            let complete = try eventually {
                let response = try HTTPProbe.get(base + "/metrics")
                #expect(response.status == 200)
                #expect(response.header("Content-Type")?.hasPrefix("text/plain; version=0.0.4") == true)
                page = response.text
                return metric(page, #"layercast_http_requests_total{route="/meter/hold",method="POST",status="400"}"#) == 1
            }
            #expect(complete)

            let feed = #"control="spinner",size="small",transport="mjpeg""#
            #expect(metric(page, "layercast_frames_rendered_total{\(feed)}") == 2)
            #expect(metric(page, "layercast_frame_render_encode_seconds_count{\(feed)}") == 2)
            #expect(metric(page, "layercast_frame_render_encode_seconds_bucket{\(feed),le=\"+Inf\"}") == 2)
            #expect(page.contains("layercast_frame_render_encode_seconds_bucket{\(feed),le=\"0.001\"}"))
            let encoded = metric(page, "layercast_frame_encoded_bytes_total{\(feed)}")
            #expect(encoded == Double(first.body.count + second.body.count))
            // Bytes sent include each part's headers and boundary, so they exceed the JPEG bytes.
            let sent = try #require(metric(page, #"layercast_stream_bytes_sent_total{transport="mjpeg"}"#))
            #expect(sent > Double(first.body.count + second.body.count))
            #expect(metric(page, #"layercast_stream_bytes_sent_total{transport="mp4"}"#) == 0)
            #expect(metric(page, "layercast_stream_viewers{\(feed)}") == 0)
            #expect(metric(page, "layercast_open_streams") == 0)

            for (route, method, status) in [("/stream.mjpg", "GET", 200), ("/state", "GET", 200), ("/*", "GET", 404),
                                            ("/spinner/stop", "POST", 200), ("/meter/hold", "POST", 400)] {
                let series = "layercast_http_requests_total{route=\"\(route)\",method=\"\(method)\",status=\"\(status)\"}"
                #expect(metric(page, series) == 1, "\(series)")
            }
            for name in ["layercast_frames_rendered_total", "layercast_frame_encoded_bytes_total",
                         "layercast_stream_bytes_sent_total", "layercast_http_requests_total"] {
                #expect(page.contains("# TYPE \(name) counter"))
            }
            #expect(page.contains("# TYPE layercast_open_streams gauge"))
            #expect(page.contains("# TYPE layercast_frame_render_encode_seconds histogram"))
        }
    }

    @Test func openStreamsAndViewersFollowTheStreams() throws {
        try withTestServer { server in
            let base = server.baseURL
            let a = try StreamClient(port: server.port, target: "/stream.mjpg?control=spinner&size=32")
            let b = try StreamClient(port: server.port, target: "/stream.mjpg?control=spinner&size=32")
            let c = try StreamClient(port: server.port, target: "/stream.mjpg?control=meter&size=32")
            for s in [a, b, c] { _ = try s.nextPart() }
            let page = try HTTPProbe.get(base + "/metrics").text
            #expect(metric(page, "layercast_open_streams") == 3)
            #expect(metric(page, #"layercast_stream_viewers{control="spinner",size="small",transport="mjpeg"}"#) == 2)
            #expect(metric(page, #"layercast_stream_viewers{control="meter",size="small",transport="mjpeg"}"#) == 1)
            b.close()
            let after = try eventually { metric(try HTTPProbe.get(base + "/metrics").text, "layercast_open_streams") == 2 }
            #expect(after)
            let later = try HTTPProbe.get(base + "/metrics").text
            #expect(metric(later, #"layercast_stream_viewers{control="spinner",size="small",transport="mjpeg"}"#) == 1)
            withExtendedLifetime([a, c]) {}
        }
    }

    /// Whatever size, scale, quality, fps or background clients ask for, a feed's labels are its
    /// subject, one of three size classes by pixel count and its transport.
    @Test func feedLabelsComeFromAFixedSet() throws {
        func labels(_ query: [String: String], _ transport: StreamTransport = .mjpeg) throws -> String {
            let l = FeedLabels(FeedKey(spec: try hubSpec(query), fps: 30, transport: transport))
            #expect(l.transport == (transport == .mp4 ? "mp4" : "mjpeg"))
            return "\(l.control)/\(l.size)"
        }
        #expect(try labels([:]) == "all/medium")
        #expect(try labels(["control": "play-button", "size": "256"]) == "play-button/small")
        #expect(try labels(["size": "257"]) == "all/medium")
        #expect(try labels(["size": "128", "scale": "2"]) == "all/small")
        #expect(try labels(["size": "129", "scale": "2"]) == "all/medium")
        #expect(try labels(["size": "1024"]) == "all/medium")
        #expect(try labels(["width": "1025", "height": "1024"]) == "all/large")
        #expect(try labels(["size": "4096"]) == "all/large")
        #expect(try labels(["control": "meter", "size": "64", "quality": "7", "background": "#123456"]) == "meter/small")
        #expect(try labels(["control": "meter", "size": "64"], .mp4) == "meter/small")

        // Four feeds of the spinner that differ in everything but the size class: one series.
        try withTestServer { server in
            let queries = ["size=32&quality=10", "size=33&fps=7", "size=40&background=dark", "width=64&height=20&scale=1.5"]
            let streams = try queries.map { try StreamClient(port: server.port, target: "/stream.mjpg?control=spinner&" + $0) }
            for s in streams { _ = try s.nextPart() }
            #expect(server.services.hub.watchedFeeds == 4)
            let page = try HTTPProbe.get(server.baseURL + "/metrics").text
            let series = page.split(separator: "\n").filter { $0.hasPrefix("layercast_frames_rendered_total{") }
            #expect(series.count == 1 && series.first?.contains(#"{control="spinner",size="small",transport="mjpeg"}"#) == true,
                    "\(series)")
            #expect(metric(page, #"layercast_stream_viewers{control="spinner",size="small",transport="mjpeg"}"#) == 4)
            for s in streams { s.close() }
        }
    }

    /// One `/stream.mjpg` and one `/stream.mp4` viewer of the spinner, which always spins on the
    /// real clock: each transport has its viewer, its bytes sent and its render and encode time; the
    /// video counts its fragments, key frames among them, and shows its key interval (2 s); once
    /// both close, each transport's viewers are 0.
    @Test func viewersBytesAndVideoFragmentsPerTransport() throws {
        try withTestServer(clock: MonotonicClock(startingAt: 0)) { server in
            let url = server.baseURL + "/metrics"
            let query = "control=spinner&size=96&fps=10"
            let mjpeg = try StreamClient(port: server.port, target: "/stream.mjpg?" + query)
            let mp4 = try VideoStreamTests.Viewer(port: server.port, "/stream.mp4?" + query)
            #expect(try mjpeg.readHead().status == 200)
            #expect(mp4.head.hasPrefix("HTTP/1.0 200"), "\(mp4.head)")
            func feed(_ transport: String) -> String { "control=\"spinner\",size=\"small\",transport=\"\(transport)\"" }
            func sent(_ page: String, _ transport: String) -> Double {
                metric(page, "layercast_stream_bytes_sent_total{transport=\"\(transport)\"}") ?? -1
            }
            func fragments(_ page: String, key: Bool) -> Double {
                metric(page, "layercast_video_fragments_total{\(feed("mp4")),key_frame=\"\(key)\"}") ?? 0
            }
            // Three more frames on each transport, however long a loaded machine takes for them.
            func read() throws {
                mjpeg.read(parts: mjpeg.parts.count + 3, timeout: .seconds(30))
                try mp4.read(fragments: VideoStreamTests.fragments(mp4.body).sizes.count + 3, timeout: .seconds(30))
            }

            try read()
            let first = try HTTPProbe.get(url).text
            try read()
            let second = try HTTPProbe.get(url).text
            for transport in ["mjpeg", "mp4"] {
                #expect(metric(first, "layercast_stream_viewers{\(feed(transport))}") == 1, "\(transport)")
                #expect(sent(first, transport) > 0, "\(transport)")
                #expect(sent(second, transport) > sent(first, transport), "\(transport)")
                let encodes = metric(second, "layercast_frame_render_encode_seconds_count{\(feed(transport))}") ?? 0
                #expect(encodes >= 2, "\(transport)")
            }
            // Counted as MHD takes the bytes, before the client reads them; the head is not counted.
            #expect(sent(second, "mp4") >= Double(mp4.body.count))
            #expect(fragments(second, key: true) >= 1)
            #expect(!second.contains("layercast_video_fragments_total{\(feed("mjpeg"))"))

            // At 10 fps a key frame comes every 20 frames: the gauge appears with the second one.
            let interval = "layercast_video_key_frame_interval_seconds{\(feed("mp4"))}"
            var page = ""
            let secondKey = try eventually(timeout: .seconds(8)) {
                try read()
                page = try HTTPProbe.get(url).text
                return metric(page, interval) != nil
            }
            #expect(secondKey)
            #expect(metric(page, interval) == 2)
            #expect(fragments(page, key: true) >= 2)
            #expect(fragments(page, key: false) >= 19)

            mjpeg.close()
            mp4.socket.close()
            let closed = try eventually {
                page = try HTTPProbe.get(url).text
                return metric(page, "layercast_open_streams") == 0
            }
            #expect(closed)
            for transport in ["mjpeg", "mp4"] {
                #expect(metric(page, "layercast_stream_viewers{\(feed(transport))}") == 0, "\(transport)")
            }
            // Every video frame rendered is one fragment, once a tick that was under way has ended.
            let counted = try eventually {
                page = try HTTPProbe.get(url).text
                return fragments(page, key: true) + fragments(page, key: false)
                    == metric(page, "layercast_frames_rendered_total{\(feed("mp4"))}")
            }
            #expect(counted)
        }
    }

    /// Every format's failure counter is on the page from the start, at 0, and counts. No request
    /// can make an encoder fail, so the stream's failure report is made directly.
    @Test func encodeFailuresReachTheMetrics() throws {
        try withTestServer { server in
            let url = server.baseURL + "/metrics"
            let before = try HTTPProbe.get(url).text
            #expect(before.contains("# TYPE layercast_encode_failures_total counter"))
            for format in ["jpeg", "png", "webp", "gif"] {
                #expect(metric(before, "layercast_encode_failures_total{format=\"\(format)\"}") == 0, "\(format)")
            }
            server.services.hub.counters.encodeFailed(.jpeg)
            server.services.hub.counters.encodeFailed(.jpeg)
            let after = try HTTPProbe.get(url).text
            #expect(metric(after, #"layercast_encode_failures_total{format="jpeg"}"#) == 2)
            #expect(metric(after, #"layercast_encode_failures_total{format="png"}"#) == 0)
        }
    }
}
