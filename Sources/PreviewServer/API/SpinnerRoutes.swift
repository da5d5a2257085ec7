import Controls
import HTTPServer

/// `POST /spinner/start` and `POST /spinner/stop`.
extension APIContext {
    func spinner(start: Bool) -> HTTPResponse {
        commandReply(scene.apply { s, t in
            if start { s.spinner.start(at: t) } else { s.spinner.stop(at: t) }
            return s.spinner.state(at: t)
        })
    }

    /// Every command answers with the control's new state, the scene time it applied at, so a
    /// client can wait for the first frame that shows it, and its revision, so a client can tell
    /// it from older states still on their way (events).
    func commandReply<S: Encodable>(_ applied: (result: S, time: Double, revision: UInt64)) -> HTTPResponse {
        .json(encoding: CommandReply(sceneTime: applied.time, revision: applied.revision, state: applied.result),
              encoder: SceneStateEncoding.encoder)
    }
}

struct CommandReply<S: Encodable>: Encodable {
    let sceneTime: Double
    let revision: UInt64
    let state: S
}
