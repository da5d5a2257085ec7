import HTTPServer

/// `GET /state` and `GET /healthz`.
extension APIContext {
    func state() -> HTTPResponse {
        let (copy, time) = scene.snapshot()
        let clock = ClockState(sceneTime: time, paused: scene.clock.isPaused, speed: scene.clock.speed, fps: configuration.fps)
        return .json(encoding: SceneState(scene: copy, time: time, clock: clock), encoder: SceneStateEncoding.encoder,
                     headers: [("Cache-Control", "no-store")])
    }
}
