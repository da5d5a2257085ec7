import Animation
import Controls
import HTTPServer
import Scenes

// `GET /clock` and `POST /clock`: pause, speed and step the scene's one clock (`SceneCommand.clock`).

struct ClockRoutes: CommandRoutes, FixedRoutes {
    let stage: Stage

    init(_ services: EdgeServices) { stage = services.stage }

    static let endpoints = [getClock, setClock]

    static let getClock = Endpoint<Self>(
        APIOperation(.get, "/clock", id: "getClock", tag: "clock",
                     summary: "The scene time, whether the clock is paused, its speed and the default fps"),
        reply: ClockReply.self, "The clock."
    ) { group, _ in
        let (_, time, revision) = group.stage.scene.snapshotWithRevision()
        return ClockReply(clock: group.stage.clockState(time: time), revision: revision)
    }

    static let setClock = Endpoint<Self>(
        command: APIOperation(
            command: .clock, tag: "clock", summary: "Pause, resume, change speed, or step the clock",
            description: "Stepping needs a paused clock (409 otherwise); `frames` steps by frames / --fps.",
            answers: [.conflict("Stepping needs a paused clock: POST /clock?paused=true first.")]),
        produces: Success(description: "The clock after the change.", content: .json(.of(ClockReply.self))))
}
