import Controls
import HTTPServer

/// `GET /metrics` (Prometheus text) and `GET /events` (Server-Sent Events of state changes).
extension APIContext {
    func metricsPage() -> HTTPResponse {
        .text(metrics.exposition, contentType: "text/plain; version=0.0.4; charset=utf-8",
              headers: [("Cache-Control", "no-store")])
    }

    func events() -> HTTPResponse {
        .stream(eventHub.subscribe(), contentType: "text/event-stream", headers: [
            ("Cache-Control", "no-cache"),
            ("X-Accel-Buffering", "no"),
        ])
    }

    /// What an event carries, and the part of it that must change for a new event to go out:
    /// the discrete state a person notices, not the ever-moving time and presentation values.
    static func eventSource(scene: LiveScene, fps: Int) -> EventHub.Source {
        {
            let (copy, time, revision) = scene.snapshotWithRevision()
            let clock = ClockState(sceneTime: time, paused: scene.clock.isPaused, speed: scene.clock.speed, fps: fps)
            let key = [
                copy.playButton.mode.rawValue, copy.playButton.animationState.name,
                String(copy.playButton.isEnabled), String(copy.playButton.isHighlighted), copy.playButton.theme.name,
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
