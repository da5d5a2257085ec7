import Animation
import Controls

/// The spinner's commands: start and stop.
extension Spinner {
    public static let commands: [CommandDeclaration] = [true, false].map { start in
        CommandDeclaration(
            start ? "spinnerStart" : "spinnerStop", on: Spinner.self,
            summary: start ? "Start the spinner" : "Stop the spinner (stopped: a full ring, as in the post)",
            description: start ? "Starts the Material spinner (idempotent)." : "Stops the Material spinner (idempotent)."
        ) { _, _ in
            ControlChange { s, t in if start { s.start(at: t) } else { s.stop(at: t) } }
        }
    }
}
