import Controls
import HTTPServer

/// `POST /spinner/start` and `POST /spinner/stop`.
extension APIContext {
    func spinner(start: Bool) -> HTTPResponse {
        let (state, time) = scene.apply { s, t in
            if start { s.spinner.start(at: t) } else { s.spinner.stop(at: t) }
            return s.spinner.state(at: t)
        }
        return commandReply(state, time: time)
    }

    /// Every command answers with the control's new state and the scene time it applied at, so a
    /// client can wait for the first frame that shows it.
    func commandReply<S: Encodable>(_ state: S, time: Double, status: Int = 200) -> HTTPResponse {
        .json(status: status, encoding: CommandReply(sceneTime: time, state: state), encoder: SceneStateEncoding.encoder)
    }
}

struct CommandReply<S: Encodable>: Encodable {
    let sceneTime: Double
    let state: S
}
