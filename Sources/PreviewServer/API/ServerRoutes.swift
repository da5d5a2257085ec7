import Controls
import HTTPServer
import JSON
import Scenes

/// `GET /healthz`, `GET /openapi.json` and `GET /metrics` (Prometheus text): the server's own.
struct ServerRoutes: FixedRoutes {
    let stage: Stage
    let metrics: ServerMetrics
    let openAPIBytes: [UInt8]
    let renderCache: RenderCache<CachedAnswer>

    init(_ services: EdgeServices) {
        (stage, metrics, openAPIBytes, renderCache) = (services.stage, services.metrics, services.openAPIBytes, services.renderCache)
    }

    static let endpoints = [health, openAPI, getMetrics]

    static let health = Endpoint<Self>(
        APIOperation(.get, "/healthz", id: "health", tag: "server", summary: "`ok`, while the server runs",
                     description: "On a replica (--replicate), JSON instead: `status` is `ok`, or `degraded` while the "
                         + "shared command log cannot be reached or once reading stopped at an entry this version cannot "
                         + "read (`stoppedAt` says which and why; frames, streams and state still answer; commands get "
                         + "503), with the log's `replication` status. With --data, JSON `degraded` while the store file cannot "
                         + "be used (damaged, another program's, from a newer version): saved work is kept in memory only, and "
                         + "`savedWork` says why. 200 either way, so probes keep the server serving."),
        produces: Success(description: "`ok` and a newline; on a replica, the JSON status.",
                          content: .media(["text/plain", "application/json"], binary: false))
    ) { group, _ in
        if let folder = group.stage.dataFolder, let problem = folder.problem {
            return .json(.object([
                ("status", .string("degraded")),
                ("savedWork", .object([("folder", .string(folder.path)), ("problem", .string(problem))])),
            ]))
        }
        guard let replica = group.stage.replica else { return .text("ok\n") }
        let status = replica.status
        let stopped: [(String, JSONValue)] = status.stoppedAt.map { [("stoppedAt", .object([
            ("entry", .string($0.id)), ("reason", .string($0.reason)),
        ]))] } ?? []
        return .json(.object([
            ("status", .string(status.reachable && status.stoppedAt == nil ? "ok" : "degraded")),
            ("replication", .object([
                ("log", .string(replica.settings.target.description)), ("reachable", .bool(status.reachable)),
                ("lastApplied", .string(status.lastApplied)), ("applied", .int(status.applied)),
                ("lagSeconds", .double(status.lagSeconds)),
            ] + stopped)),
        ]))
    }

    static let getMetrics = Endpoint<Self>(
        APIOperation(.get, "/metrics", id: "metrics", tag: "server",
                     summary: "Prometheus text: frames rendered per feed, encode time, viewers and bytes sent per transport, video fragments and key frames, skipped frames, requests, budgets, open connections, refused and cut connections",
                     description: "Requests per route and status, frames skipped, encode failures per format, open "
                         + "streams; per feed's control, size class and transport (mjpeg or mp4): frames rendered, their "
                         + "bytes and render and encode time (layercast_frame_render_encode_seconds), and viewers "
                         + "(layercast_stream_viewers); bytes sent per transport (layercast_stream_bytes_sent_total); "
                         + "for video, fragments by key_frame (layercast_video_fragments_total) and the video time "
                         + "between the last two key frames (layercast_video_key_frame_interval_seconds). Labels take "
                         + "values from fixed sets only. Each budget's limit, use and refusals; stored scenarios and artwork "
                         + "against their limits; the render cache's entries, bytes, hits and misses; open connections, and the HTTP layer's refusals: requests for another "
                         + "Host, heads cut at the deadline, connections over the per-IP limit, connections closed with a "
                         + "request incomplete, uploads over the limit.", answerSize: .atMost(256 << 10)),
        produces: Success(description: "Prometheus text exposition format 0.0.4.",
                          content: .media(["text/plain"], binary: false), headers: [.noStore])
    ) { group, _ in
        group.metrics.stores(scenarios: group.stage.scenarios, artworks: group.stage.artworks)
        group.metrics.renderCache(group.renderCache.usage)
        return .text(group.metrics.exposition, contentType: "text/plain; version=0.0.4; charset=utf-8",
              headers: [("Cache-Control", "no-store")])
    }

    static let openAPI = Endpoint<Self>(
        APIOperation(.get, "/openapi.json", id: "openapi", tag: "server",
                     summary: "The OpenAPI 3.1 description of every route, its parameters, ranges, answers and replies",
                     description: "Generated from the same declarations the server decodes requests with; the same "
                         + "bytes for the life of the server.", answerSize: .atMost(1 << 20)),
        produces: Success(description: "This document.", content: .json(SchemaSource { _ in
            .object([("type", "object"), ("required", ["openapi", "info", "paths"])])
        }), headers: [.constant("Cache-Control", "no-cache")])
    ) { group, _ in
        .json(raw: group.openAPIBytes, headers: [("Cache-Control", "no-cache")])
    }
}
