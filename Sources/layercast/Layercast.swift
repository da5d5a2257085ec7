import ArgumentParser
import PreviewServer

/// `layercast`: serves the preview studio (the default) or probes a running one.
struct Layercast: ParsableCommand {
    static let version = PreviewServer.version

    static let configuration = CommandConfiguration(
        commandName: "layercast",
        abstract: "Streams four celebrated iOS animated controls, rendered with Cairo, to browsers and curl.",
        discussion: """
            Every option can also come from an environment variable named LAYERCAST_ plus the option's \
            name in capitals with dashes as underscores (LAYERCAST_PORT, LAYERCAST_RENDER_BUDGET, …); \
            a flag on the command line wins.
            """,
        version: version,
        subcommands: [Serve.self, Probe.self, APICommand.self],
        defaultSubcommand: Serve.self)
}
