import ArgumentParser

/// How the bench gets its server: a fresh `layercast` child (the default) or `--url`.
struct ServerOptions: ParsableArguments {
    @Option(help: "Use this running server (loopback only) instead of starting one, e.g. http://127.0.0.1:8080.")
    var url: String?

    @Option(help: "With --url: the server's pid, for CPU, RSS, threads and fds from /proc.")
    var pid: Int32?

    @Option(help: "The child server's --timeout (seconds before a stalled connection is closed).")
    var timeout: Int?

    @Option(help: "The layercast binary to start (default: the one next to this bench), e.g. an older build to compare.")
    var binary: String?

    @Option(help: "The child server's --max-connections-per-ip. Default: 0 (off) for the load benchmarks, whose viewers all come from 127.0.0.1; the server's own default for `attack`.")
    var maxConnectionsPerIP: Int?

    /// `perIPDefault`: the child's per-IP limit when --max-connections-per-ip is not given (nil:
    /// the server's own default).
    func start(perIPDefault: Int? = 0, extra: [String] = []) throws -> ServerUnderTest {
        if let url { return try ServerUnderTest(url: url, pid: pid) }
        var args: [String] = []
        if let timeout { args += ["--timeout", String(timeout)] }
        if let perIP = maxConnectionsPerIP ?? perIPDefault { args += ["--max-connections-per-ip", String(perIP)] }
        return try ServerUnderTest(arguments: args + extra, binary: binary)
    }
}
