import Animation
import Controls
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

    static let setClockOperation = APIOperation(
            .post, "/clock", id: "setClock", tag: "clock", summary: "Pause, resume, change speed, or step the clock",
            description: "Stepping needs a paused clock (409 otherwise); `frames` steps by frames / --fps.",
            parameters: [ClockParameters.paused, ClockParameters.speed, ClockParameters.step, ClockParameters.frames],
            command: true, answers: [.conflict("Stepping needs a paused clock: POST /clock?paused=true first.")],
            rules: [.atLeastOne(["paused", "speed", "step", "frames"]), .notTogether("step", "frames")])

    static let setClock = Endpoint<APIContext>(
        command: setClockOperation,
        produces: Success(description: "The clock after the change.", content: .json(.of(ClockReply.self))),
        SceneCommand(control: nil) { value, _ throws(Refusal) in
            .clock(try clockChanges(try Input(command: value, for: setClockOperation,
                                              configuration: PreviewServerConfiguration())))
        } run: { context, value, host throws(Refusal) in
            try Endpoint<APIContext>.encoded(try context.changeClock(try Input(command: value, for: setClockOperation,
                                                                configuration: context.configuration), at: host))
        })

    func clockState(time: Double) -> ClockState {
        ClockState(sceneTime: time, paused: scene.clock.isPaused, speed: scene.clock.speed, fps: configuration.fps)
    }

    /// Changes the clock at host time `host` (now when nil). Whether it is paused is checked under
    /// the scene's lock, with the change: a step racing a resume is applied before it or refused
    /// after it, never answered 200 having done nothing.
    func changeClock(_ input: Input, at host: Double?) throws(Refusal) -> ClockReply {
        typealias P = ClockParameters
        let paused = try input[P.paused]
        let speed = try input[P.speed]
        let step = try input[P.step]
        let frames = try input[P.frames]
        let fps = Double(configuration.fps)
        let adjusted = try scene.adjustClock(at: host) { clock, host throws(Refusal) in
            // Refuse before changing anything, so a refused request leaves speed and pause as they were.
            if step != nil || frames != nil, !(paused ?? clock.timebase(at: host).isPaused) {
                throw Refusal.conflict("stepping needs a paused clock: POST /clock?paused=true first")
            }
            if let speed { clock.change(.speed(speed), at: host) }
            if let paused { clock.change(paused ? .pause : .resume, at: host) }
            if step != nil || frames != nil {
                clock.change(.step(step ?? Double(frames ?? 0) / fps), at: host)
            }
        }
        return ClockReply(clock: ClockState(sceneTime: adjusted.time, paused: adjusted.timebase.isPaused,
                                            speed: adjusted.timebase.speed, fps: configuration.fps),
                          revision: adjusted.revision)
    }

    /// `POST /clock` as a scenario's step: pause, resume and speed, which matter when it plays on
    /// the live scene. Steps are placed in scene time, so stepping the clock has no meaning in one
    /// (docs/design/scenarios.md §Scene time).
    static func clockChanges(_ input: Input) throws(Refusal) -> [ClockChange] {
        typealias P = ClockParameters
        for stepping in [P.step.spec.name, P.frames.spec.name] where input.givenTexts[stepping] != nil {
            throw Refusal(.invalid, "a scenario's steps are placed in scene time, so '\(stepping)' has no meaning in one",
                           parameter: stepping, allowed: "'paused' and 'speed'")
        }
        var changes: [ClockChange] = []
        if let speed = try input[P.speed] { changes.append(.speed(speed)) }
        if let paused = try input[P.paused] { changes.append(paused ? .pause : .resume) }
        return changes
    }
}
