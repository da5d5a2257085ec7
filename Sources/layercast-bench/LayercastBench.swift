import ArgumentParser

/// `layercast-bench`: loopback-only measurements of rendering, streaming, command latency,
/// stream churn, video encoding, attacks and replicas. Every loop is bounded in count and in time.
struct LayercastBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layercast-bench",
        abstract: "Measure Layercast's rendering and streaming on this machine (loopback only).",
        discussion: """
            Build both with `swift build -c release`, then run `swift run -c release layercast-bench \
            <subcommand>` (swift run rebuilds only the bench). The stream, latency and churn subcommands \
            start the release `layercast` binary next to this one on a free 127.0.0.1 port (or use \
            --url), and read the server's CPU, memory, threads and fds from /proc. Results and the \
            targets they answer: docs/performance.md.
            """,
        subcommands: [RenderBench.self, PNGBench.self, StreamBench.self, LatencyBench.self, ChurnBench.self, VideoBench.self,
                      AttackBench.self, ReplicasBench.self, SavedWorkBench.self, LiveVideoBench.self])
}
