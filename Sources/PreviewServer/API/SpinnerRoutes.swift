import Controls
import HTTPServer

/// `POST /spinner/start` and `POST /spinner/stop`.
extension APIContext {
    static func spinnerEndpoint(start: Bool) -> Endpoint<APIContext> {
        Endpoint(
            command: APIOperation(
                .post, start ? "/spinner/start" : "/spinner/stop", id: start ? "spinnerStart" : "spinnerStop",
                tag: "spinner", summary: start ? "Start the spinner" : "Stop the spinner (stopped: a full ring, as in the post)",
                description: start ? "Starts the Material spinner (idempotent)." : "Stops the Material spinner (idempotent).",
                command: true),
            control: .spinner, state: Spinner.State.self
        ) { _, _ in
            PreparedCommand { s, t in
                if start { s.spinner.start(at: t) } else { s.spinner.stop(at: t) }
                return s.spinner.state(at: t)
            }
        }
    }
}
