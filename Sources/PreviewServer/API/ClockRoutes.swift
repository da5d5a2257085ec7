import Animation
import HTTPServer

// `GET /clock` and `POST /clock`: pause, speed and step the scene's one clock.

/// The clock as `/clock` and `/state` report it.
struct ClockState: Codable, Sendable {
    var sceneTime: Double
    var paused: Bool
    var speed: Double
    var fps: Int
}

/// `GET` and `POST /clock` answer with the clock and the scene's revision, like every command
/// (a clock change is one); `/state` nests the clock without it, next to its own.
struct ClockReply: Codable, Sendable {
    let clock: ClockState
    let revision: UInt64

    init(clock: ClockState, revision: UInt64) {
        self.clock = clock
        self.revision = revision
    }

    private enum CodingKeys: String, CodingKey { case revision }

    init(from decoder: any Decoder) throws {
        clock = try ClockState(from: decoder)
        revision = try decoder.container(keyedBy: CodingKeys.self).decode(UInt64.self, forKey: .revision)
    }

    func encode(to encoder: any Encoder) throws {
        try clock.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(revision, forKey: .revision)
    }
}

extension APIContext {
    enum ClockParameters {
        static let paused = Param.boolean("paused", "Pause or resume the one clock.")
        static let speed = Param.number("speed", 0.05...8, "Rate of scene time to real time.")
        static let step = Param.number("step", -60...60, unit: "seconds", "Seconds to step (paused only; negative steps go back).")
        static let frames = Param.integer("frames", -3600...3600, "Frames to step at --fps (paused only).")
    }

    static let getClock = Endpoint<APIContext>(
        APIOperation(.get, "/clock", id: "getClock", tag: "clock",
                     summary: "The scene time, whether the clock is paused, its speed and the default fps"),
        reply: ClockReply.self, "The clock."
    ) { context, _ in
        let (_, time, revision) = context.scene.snapshotWithRevision()
        return ClockReply(clock: context.clockState(time: time), revision: revision)
    }

    static let setClock = Endpoint<APIContext>(
        APIOperation(
            .post, "/clock", id: "setClock", tag: "clock", summary: "Pause, resume, change speed, or step the clock",
            description: "Stepping needs a paused clock (409 otherwise); `frames` steps by frames / --fps.",
            parameters: [ClockParameters.paused, ClockParameters.speed, ClockParameters.step, ClockParameters.frames],
            command: true, answers: [.conflict("Stepping needs a paused clock: POST /clock?paused=true first.")],
            rules: [.atLeastOne(["paused", "speed", "step", "frames"]), .notTogether("step", "frames")]),
        reply: ClockReply.self, "The clock after the change."
    ) { context, input in try context.setClock(input) }

    func clockState(time: Double) -> ClockState {
        ClockState(sceneTime: time, paused: scene.clock.isPaused, speed: scene.clock.speed, fps: configuration.fps)
    }

    func setClock(_ input: Input) throws(APIError) -> ClockReply {
        typealias P = ClockParameters
        let paused = try input[P.paused]
        let speed = try input[P.speed]
        let step = try input[P.step]
        let frames = try input[P.frames]
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
        return ClockReply(clock: clockState(time: time), revision: revision)
    }
}
