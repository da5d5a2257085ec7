import ArgumentParser
#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import PreviewServer
import Scenes

/// `layercast`: serves the preview studio (the default) or probes a running one. A user's executable
/// gets the same commands through `LayercastMain.run(controls:)`.
struct Layercast: ParsableCommand {
    static let version = PreviewServer.version

    static let configuration = CommandConfiguration(
        commandName: CommandLine.arguments.first.map { String($0.split(separator: "/").last ?? "layercast") } ?? "layercast",
        abstract: "Streams animated controls with Core Animation's semantics, rendered with Cairo, to browsers and curl.",
        discussion: """
            Every option can also come from an environment variable named LAYERCAST_ plus the option's \
            name in capitals with dashes as underscores (LAYERCAST_PORT, LAYERCAST_RENDER_BUDGET, …); \
            a flag on the command line wins.
            """,
        version: version,
        subcommands: [Serve.self, Probe.self, Render.self, TestCommand.self, APICommand.self, DataCommand.self],
        defaultSubcommand: Serve.self)

    /// `main()`, but `layercast render` and `test` exit 2 for every refused argument or scenario (the argument
    /// parser's own usage status is 64), so a CI job tells "invalid" from "differs" (1) and
    /// "missing frames" (3).
    static func run() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            let usage = exitCode(for: error) == .validationFailure || error is RenderFailure
            if usage, error is RenderFailure || ["render", "test"].contains(CommandLine.arguments.dropFirst().first) {
                let line = fullMessage(for: error) + "\n"
                _ = line.withCString { write(2, $0, strlen($0)) }
                exitProcess(2)
            }
            exit(withError: error)
        }
    }
}

/// The C library's `exit`, which a command's own static `exit(withError:)` hides by name.
private func exitProcess(_ status: Int32) -> Never {
    exit(status)
}
