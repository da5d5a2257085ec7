import ArgumentParser

/// A subcommand's report starts with the machine line and ends with the load average after: the
/// numbers in between only mean something next to them.
protocol Bench: ParsableCommand {
    func report() throws
}

extension Bench {
    func run() throws {
        print("layercast-bench \(Self.configuration.commandName ?? "") — \(machineLine())")
        try report()
        print("loadavg after: \(loadAverage())")
    }
}

/// A bench of a running server: a fresh `layercast` child, or the one `--url` names.
protocol ServerBench: Bench {
    var server: ServerOptions { get }
    func report(on sut: ServerUnderTest) throws
}

extension ServerBench {
    func report() throws {
        let sut = try server.start()
        defer { sut.stop() }
        try report(on: sut)
    }
}
