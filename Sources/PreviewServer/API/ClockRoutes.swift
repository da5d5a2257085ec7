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

    /// `GET` and `POST /clock` answer with the clock and the scene's revision, like every command
    /// (a clock change is one); `/state` nests the clock without it, next to its own.
    struct ClockReply: Encodable {
        let clock: ClockState
        let revision: UInt64

        private enum CodingKeys: String, CodingKey { case revision }

        func encode(to encoder: any Encoder) throws {
            try clock.encode(to: encoder)
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(revision, forKey: .revision)
        }
    }

    func clockState(time: Double) -> ClockState {
        ClockState(sceneTime: time, paused: scene.clock.isPaused, speed: scene.clock.speed, fps: configuration.fps)
    }

    func clockReply(time: Double, revision: UInt64) -> HTTPResponse {
        .json(encoding: ClockReply(clock: clockState(time: time), revision: revision), encoder: SceneStateEncoding.encoder)
    }

    func getClock() -> HTTPResponse {
        let (_, time, revision) = scene.snapshotWithRevision()
        return clockReply(time: time, revision: revision)
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
            // Refuse before changing anything, so a refused request leaves speed and pause as they were.
            if step != nil || frames != nil, !(paused ?? scene.clock.isPaused) {
                throw APIError.conflict("stepping needs a paused clock: POST /clock?paused=true first")
            }
            let (time, revision) = scene.adjustClock { clock in
                if let speed { clock.setSpeed(speed) }
                if let paused { paused ? clock.pause() : clock.resume() }
                if step != nil || frames != nil {
                    clock.step(by: step ?? Double(frames ?? 0) / Double(configuration.fps))
                }
            }
            return clockReply(time: time, revision: revision)
        }
    }
}
