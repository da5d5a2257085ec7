import Animation
import HTTPServer

/// `GET /clock` and `POST /clock`: pause, speed and step the scene's one clock.
extension APIContext {
    struct ClockState: Codable, Sendable {
        var sceneTime: Double
        var paused: Bool
        var speed: Double
        var fps: Int
    }

    func clockState() -> ClockState {
        let (_, time) = scene.snapshot()
        return ClockState(sceneTime: time, paused: scene.clock.isPaused, speed: scene.clock.speed, fps: configuration.fps)
    }

    func getClock() -> HTTPResponse {
        .json(encoding: clockState(), encoder: SceneStateEncoding.encoder)
    }

    func postClock(_ request: HTTPRequest) -> HTTPResponse {
        answer { () throws(APIError) in
            let p = try ParameterValues(command: request)
            let paused = try p.bool("paused")
            let speed = try p.double("speed", in: 0.05...8)
            let step = try p.double("step", in: -60...60)
            let frames = try p.int("frames", in: -3600...3600)
            if step != nil && frames != nil {
                throw APIError(400, "give either 'step' or 'frames', not both", parameter: "step", allowed: "step=SECONDS or frames=N")
            }
            if paused == nil && speed == nil && step == nil && frames == nil {
                throw APIError(400, "nothing to change", parameter: "paused",
                               allowed: "paused=true|false, speed=0.05…8, step=SECONDS or frames=N (stepping only while paused)")
            }
            let clock = scene.clock
            // Refuse before changing anything, so a refused request leaves speed and pause as they were.
            if step != nil || frames != nil, !(paused ?? clock.isPaused) {
                throw APIError.conflict("stepping needs a paused clock: POST /clock?paused=true first")
            }
            if let speed { clock.setSpeed(speed) }
            if let paused { paused ? clock.pause() : clock.resume() }
            if step != nil || frames != nil {
                clock.step(by: step ?? Double(frames ?? 0) / Double(configuration.fps))
            }
            return .json(encoding: clockState(), encoder: SceneStateEncoding.encoder)
        }
    }
}
