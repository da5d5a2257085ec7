import APIModel
import Animation
import Controls

/// The clock as `/clock` and `/state` report it.
package struct ClockState: Codable, Sendable {
    package var sceneTime: Double
    package var paused: Bool
    package var speed: Double
    package var fps: Int

    package init(sceneTime: Double, paused: Bool, speed: Double, fps: Int) {
        self.sceneTime = sceneTime
        self.paused = paused
        self.speed = speed
        self.fps = fps
    }
}

/// `GET` and `POST /clock` answer with the clock and the scene's revision, like every command
/// (a clock change is one); `/state` nests the clock without it, next to its own.
package struct ClockReply: Codable, Sendable {
    package let clock: ClockState
    package let revision: UInt64

    package init(clock: ClockState, revision: UInt64) {
        self.clock = clock
        self.revision = revision
    }

    private enum CodingKeys: String, CodingKey { case revision }

    package init(from decoder: any Decoder) throws {
        clock = try ClockState(from: decoder)
        revision = try decoder.container(keyedBy: CodingKeys.self).decode(UInt64.self, forKey: .revision)
    }

    package func encode(to encoder: any Encoder) throws {
        try clock.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(revision, forKey: .revision)
    }
}

/// `POST /clock`: pause, resume, speed and step the scene's one clock.
package enum ClockParameters {
    package static let paused = Param.boolean("paused", "Pause or resume the one clock.")
    package static let speed = Param.number("speed", 0.05...8, "Rate of scene time to real time.")
    package static let step = Param.number("step", -60...60, unit: "seconds", "Seconds to step (paused only; negative steps go back).")
    package static let frames = Param.integer("frames", -3600...3600, "Frames to step at --fps (paused only).")

    package static let route = CommandRoute(.post, "/clock")
    package static let all = ParameterSet(
        name: route.description, parameters: [paused, speed, step, frames],
        rules: [.atLeastOne(["paused", "speed", "step", "frames"]), .notTogether("step", "frames")])

    /// The one reader of a clock command: its changes in the order they apply (speed, pause or
    /// resume, step), `frames` as seconds at `fps`.
    package static func changes(_ input: Input, fps: Int) throws(Refusal) -> [ClockChange] {
        var changes: [ClockChange] = []
        if let speed = try input[speed] { changes.append(.speed(speed)) }
        if let paused = try input[paused] { changes.append(paused ? .pause : .resume) }
        if let step = try input[step] {
            changes.append(.step(step))
        } else if let frames = try input[frames] {
            changes.append(.step(Double(frames) / Double(fps)))
        }
        return changes
    }
}

extension SceneCommand {
    /// A clock change as a command: stepping needs a paused clock.
    package static let clock = SceneCommand("setClock", route: ClockParameters.route, control: nil,
                                            parameters: ClockParameters.all) {
        value, _ throws(Refusal) in
        .clock(try clockChanges(try Input(command: value, for: ClockParameters.all, settings: .builtin)))
    } run: { stage, value, host throws(Refusal) in
        try encoded(try stage.changeClock(try Input(command: value, for: ClockParameters.all, settings: stage.settings), at: host))
    }

    /// `POST /clock` as a scenario's step: pause, resume and speed, which matter when it plays on
    /// the live scene. Steps are placed in scene time, so stepping the clock has no meaning in one
    /// (docs/design/scenarios.md §Scene time).
    package static func clockChanges(_ input: Input) throws(Refusal) -> [ClockChange] {
        typealias P = ClockParameters
        for stepping in [P.step.spec.name, P.frames.spec.name] where input.givenTexts[stepping] != nil {
            throw Refusal(.invalid, "a scenario's steps are placed in scene time, so '\(stepping)' has no meaning in one",
                          parameter: stepping, allowed: "'paused' and 'speed'")
        }
        return try P.changes(input, fps: SceneSettings.builtin.fps)
    }
}

extension Stage {
    package func clockState(time: Double) -> ClockState {
        ClockState(sceneTime: time, paused: scene.clock.isPaused, speed: scene.clock.speed, fps: settings.fps)
    }

    /// Changes the clock at host time `host` (now when nil). Whether it is paused is checked under
    /// the scene's lock, with the change: a step racing a resume is applied before it or refused
    /// after it, never answered 200 having done nothing.
    package func changeClock(_ input: Input, at host: Double?) throws(Refusal) -> ClockReply {
        let changes = try ClockParameters.changes(input, fps: settings.fps)
        let adjusted = try scene.adjustClock(at: host) { clock, host throws(Refusal) in
            // Refuse before changing anything, so a refused request leaves speed and pause as they were.
            var paused = clock.timebase(at: host).isPaused
            for change in changes {
                switch change {
                case .pause: paused = true
                case .resume: paused = false
                case .step where !paused:
                    throw Refusal(.conflict, "stepping needs a paused clock: paused=true first", parameter: "paused",
                                  allowed: "paused=true, in this command or an earlier one")
                case .speed, .step: break
                }
            }
            for change in changes { clock.change(change, at: host) }
        }
        return ClockReply(clock: ClockState(sceneTime: adjusted.time, paused: adjusted.timebase.isPaused,
                                            speed: adjusted.timebase.speed, fps: settings.fps),
                          revision: adjusted.revision)
    }
}
