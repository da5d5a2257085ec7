import Controls
import HTTPServer
import JSON
import Scenes

/// `GET /healthz`, `GET /metrics` (Prometheus text), `GET /events` (Server-Sent Events of state
/// changes) and `GET /openapi.json`.
extension APIContext {
    static let health = Endpoint<APIContext>(
        APIOperation(.get, "/healthz", id: "health", tag: "server", summary: "`ok`, while the server runs",
                     description: "On a replica (--replicate), JSON instead: `status` is `ok`, or `degraded` while the "
                         + "shared command log cannot be reached or once reading stopped at an entry this version cannot "
                         + "read (`stoppedAt` says which and why; frames, streams and state still answer; commands get "
                         + "503), with the log's `replication` status. 200 either way, so probes keep the replica serving."),
        produces: Success(description: "`ok` and a newline; on a replica, the JSON status.",
                          content: .media(["text/plain", "application/json"], binary: false))
    ) { context, _ in
        guard let replica = context.replica else { return .text("ok\n") }
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

    static let metricsEndpoint = Endpoint<APIContext>(
        APIOperation(.get, "/metrics", id: "metrics", tag: "server",
                     summary: "Prometheus text: frames rendered per feed, encode time, viewers, bytes, skipped frames, requests, budgets, open connections, refused and cut connections",
                     description: "Requests per route and status, frames rendered and skipped, encode failures per "
                         + "format, bytes sent, open streams, and viewers per control and size class (labels take values "
                         + "from fixed sets only); each budget's limit, use and refusals; stored scenarios and artwork "
                         + "against their limits; open connections, and the HTTP layer's refusals: requests for another "
                         + "Host, heads cut at the deadline, connections over the per-IP limit, connections closed with a "
                         + "request incomplete, uploads over the limit."),
        produces: Success(description: "Prometheus text exposition format 0.0.4.",
                          content: .media(["text/plain"], binary: false), headers: [.noStore])
    ) { context, _ in
        context.metrics.stores(scenarios: context.scenarios, artworks: context.artworks)
        return .text(context.metrics.exposition, contentType: "text/plain; version=0.0.4; charset=utf-8",
              headers: [("Cache-Control", "no-store")])
    }

    static let eventsEndpoint = Endpoint<APIContext>(
        APIOperation(.get, "/events", id: "events", tag: "state",
                     summary: "Server-Sent Events: the state on every change a person would notice, a heartbeat every 15 s",
                     description: "An `event: state` with the whole /state JSON each time something a person would "
                         + "notice changes or a command is applied (the revision rises), and a comment line every 15 s. "
                         + "The response never ends by itself."),
        produces: Success(description: "An endless event stream.", content: .media(["text/event-stream"], binary: false),
                          headers: [.constant("Cache-Control", "no-cache")])
    ) { context, _ in
        .stream(context.eventHub.subscribe(), contentType: "text/event-stream", headers: [
            ("Cache-Control", "no-cache"),
            ("X-Accel-Buffering", "no"),
        ])
    }

    static let openAPIEndpoint = Endpoint<APIContext>(
        APIOperation(.get, "/openapi.json", id: "openapi", tag: "server",
                     summary: "The OpenAPI 3.1 description of every route, its parameters, ranges, answers and replies",
                     description: "Generated from the same declarations the server decodes requests with; the same "
                         + "bytes for the life of the server."),
        produces: Success(description: "This document.", content: .json(SchemaSource { _ in
            .object([("type", "object"), ("required", ["openapi", "info", "paths"])])
        }), headers: [.constant("Cache-Control", "no-cache")])
    ) { context, _ in
        .json(raw: context.openAPIBytes, headers: [("Cache-Control", "no-cache")])
    }

    /// What an event carries, and the part of it that must change for a new event to go out:
    /// the discrete state a person notices, not the ever-moving time and presentation values.
    static func eventSource(scene: LiveScene, fps: Int) -> EventHub.Source {
        {
            let (copy, time, revision) = scene.snapshotWithRevision()
            let clock = ClockState(sceneTime: time, paused: scene.clock.isPaused, speed: scene.clock.speed, fps: fps)
            let key = [
                copy.playButton.mode.rawValue, copy.playButton.animationState.name,
                String(copy.playButton.isEnabled), String(copy.playButton.isHighlighted), copy.playButton.themeName,
                String(copy.meter.segmentCount), String(copy.meter.isRecording), String(copy.meter.isComplete),
                String(copy.meter.duration),
                String(copy.player.isPlaying), String(copy.player.progress), String(copy.player.artwork.id),
                String(copy.spinner.isAnimating),
                String(clock.paused), String(clock.speed),
                String(revision),
            ].joined(separator: "|")
            return (key, {
                let state = SceneState(scene: copy, time: time, revision: revision, clock: clock)
                return (try? SceneStateEncoding.encoder.encode(state)).map { Array($0) } ?? Array("{}".utf8)
            })
        }
    }
}
