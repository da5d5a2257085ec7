/// The spinner's commands: start and stop.
extension Spinner {
    public static let commands: [CommandDeclaration] = [true, false].map { start in
        CommandDeclaration(
            start ? "POST /spinner/start" : "POST /spinner/stop", id: start ? "spinnerStart" : "spinnerStop",
            control: .spinner,
            summary: start ? "Start the spinner" : "Stop the spinner (stopped: a full ring, as in the post)",
            description: start ? "Starts the Material spinner (idempotent)." : "Stops the Material spinner (idempotent).",
            state: State.self
        ) { _, _ in
            CommandDeclaration.Change { s, t in
                if start { s.spinner.start(at: t) } else { s.spinner.stop(at: t) }
                return s.spinner.state(at: t)
            }
        }
    }
}
