import APIModel
import Animation
import ArgumentParser
import Controls
import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import HTTPServer
import Logging
import PreviewServer
import Rendering
import Scenes

/// Starts the preview server and runs until SIGINT or SIGTERM.
struct Serve: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(abstract: "Run the preview server (the default command).", discussion: ControlOptions.help)
    }

    @Option(help: "Address to listen on. 0.0.0.0 opens the API to the network. [env: LAYERCAST_HOST]")
    var host: String = EnvironmentDefaults.string("host") ?? "127.0.0.1"

    @Option(help: "TCP port. [env: LAYERCAST_PORT]")
    var port: Int = EnvironmentDefaults.int("port", 8080)

    @Option(help: "Default frames per second of a stream, \(PreviewServerConfiguration.values(of: "--fps", controls: ServedControls.list)). [env: LAYERCAST_FPS]")
    var fps: Int = EnvironmentDefaults.int("fps", SceneSettings.builtin.fps)

    @Option(help: "Default frame size, \(PreviewServerConfiguration.values(of: "--size", controls: ServedControls.list)). [env: LAYERCAST_SIZE]")
    var size: Int = EnvironmentDefaults.int("size", SceneSettings.builtin.size)

    @Option(name: .customLong("public"),
            help: "Folder of the web page; Public here, else the Layercast checkout's. [env: LAYERCAST_PUBLIC]")
    var publicDirectory: String = EnvironmentDefaults.string("public") ?? Self.defaultPublic

    @Option(help: "Log level: trace, debug, info, notice, warning, error, critical. [env: LAYERCAST_LOG_LEVEL]")
    var logLevel: String = EnvironmentDefaults.string("log-level") ?? "info"


    @Option(help: "Seconds of scene time kept for stepping back, at= frames and the timeline, \(PreviewServerConfiguration.values(of: "--history-span", controls: ServedControls.list)). [env: LAYERCAST_HISTORY_SPAN]")
    var historySpan: Double = EnvironmentDefaults.double("history-span", SceneSettings.builtin.historySpan)

    /// The controls' own options (`ControlOptions`), which the parser cannot know in advance.
    @Argument(parsing: .allUnrecognized, help: .hidden)
    var controlOptions: [String] = []

    @Option(help: "Seconds before an idle or stalled connection is closed. [env: LAYERCAST_TIMEOUT]")
    var timeout: Int = EnvironmentDefaults.int("timeout", 10)

    @Option(help: "Seconds a connection has to send a whole request head, however slowly it drips; 0 for none. [env: LAYERCAST_HEAD_DEADLINE]")
    var headDeadline: Int = EnvironmentDefaults.int("head-deadline", PreviewServerConfiguration(controls: .empty).headDeadline)

    @Option(help: "Connections one client address may hold at once; 0 for no limit (set 0 behind a proxy). [env: LAYERCAST_MAX_CONNECTIONS_PER_IP]")
    var maxConnectionsPerIP: Int = EnvironmentDefaults.int("max-connections-per-ip",
                                                            PreviewServerConfiguration(controls: .empty).maxConnectionsPerIP)

    @Option(help: "A host name to answer to besides localhost, *.localhost and IP addresses (the DNS-rebinding guard); repeatable, .example.com for a domain and its subdomains, * for any. [env: LAYERCAST_ALLOWED_HOST, comma-separated]")
    var allowedHost: [String] = EnvironmentDefaults.list("allowed-host")

    // The budgets: each flag's name, help, default and variable come from its declaration.
    @Option(name: .customLong(ServerLimit.render.option), help: ArgumentHelp(ServerLimit.render.help))
    var renderBudget: Int = EnvironmentDefaults.int(ServerLimit.render)

    @Option(name: .customLong(ServerLimit.memory.option), help: ArgumentHelp(ServerLimit.memory.help))
    var memoryBudget: Int = EnvironmentDefaults.int(ServerLimit.memory)

    @Option(name: .customLong(ServerLimit.clips.option), help: ArgumentHelp(ServerLimit.clips.help))
    var maxClips: Int = EnvironmentDefaults.int(ServerLimit.clips)

    @Option(name: .customLong(ServerLimit.history.option), help: ArgumentHelp(ServerLimit.history.help))
    var historyBudget: Int = EnvironmentDefaults.int(ServerLimit.history)

    /// The budgets as given, each under its declaration.
    private var limits: LimitSettings {
        var limits = LimitSettings()
        limits[.render] = renderBudget
        limits[.memory] = memoryBudget
        limits[.clips] = maxClips
        limits[.history] = historyBudget
        return limits
    }

    @Option(help: "An origin (scheme://host:port) allowed to send commands from its pages; repeatable, * for any. [env: LAYERCAST_ALLOW_ORIGIN, comma-separated]")
    var allowOrigin: [String] = EnvironmentDefaults.list("allow-origin")

    @Option(help: "The server's address as browsers reach it (http[s]://host[:port][/path], behind a proxy or CDN), for the absolute URLs of oEmbed answers. [env: LAYERCAST_PUBLIC_URL]")
    var publicUrl: String?

    @Option(help: "Require 'Authorization: Bearer TOKEN' on commands. [env: LAYERCAST_TOKEN]")
    var token: String?

    @Option(name: .customLong(ReplicationSettings.option), help: ArgumentHelp(ReplicationSettings.help))
    var replicate: String?

    @Option(name: .customLong(ReplicationSettings.leadOption), help: ArgumentHelp(ReplicationSettings.leadHelp))
    var replicationLead: Int = EnvironmentDefaults.int(ReplicationSettings.leadOption,
                                                       Int(ReplicationSettings.defaultLead * 1000))

    @Option(name: .customLong(ReplicationSettings.snapshotOption), help: ArgumentHelp(ReplicationSettings.snapshotHelp))
    var snapshotEvery: Int = EnvironmentDefaults.int(ReplicationSettings.snapshotOption,
                                                     ReplicationSettings.defaultSnapshotEvery)

    @Option(help: ArgumentHelp("The folder saved work lives in (stored scenarios, recordings, uploaded artwork), so it survives a restart; `none` keeps it in memory only. Default: $XDG_DATA_HOME/layercast, else ~/.local/share/layercast. One server per folder. [env: LAYERCAST_DATA]", valueName: "dir"))
    var data: String?

    /// `--data`: the folder, or nil for `none` (and when no default folder can be named).
    private var dataDirectory: String? {
        DataFolder.chosen(data ?? EnvironmentDefaults.string("data"), environment: ProcessInfo.processInfo.environment)
    }

    /// `--public-url` checked: http or https, a host, no query or fragment; its trailing slash dropped.
    private func publicURL() throws -> String? {
        guard var url = publicUrl ?? EnvironmentDefaults.string("public-url") else { return nil }
        while url.hasSuffix("/") { url.removeLast() }
        let scheme = url.prefix { $0 != ":" }.lowercased()
        let host = url.drop { $0 != ":" }.dropFirst(3).prefix { $0 != "/" }
        guard ["http", "https"].contains(scheme), url.dropFirst(scheme.count).hasPrefix("://"), !host.isEmpty,
              !url.contains("?"), !url.contains("#"), !url.contains(where: \.isWhitespace) else {
            throw ValidationError("--public-url must be http[s]://host[:port][/path], got '\(url)'")
        }
        return url
    }

    /// `--replicate`, its lead and its snapshots, or nil for a server of its own.
    private func replication() throws -> ReplicationSettings? {
        guard let replicate = replicate ?? EnvironmentDefaults.string(ReplicationSettings.option) else { return nil }
        guard ReplicationSettings.leadRange.contains(replicationLead) else {
            throw ValidationError("--\(ReplicationSettings.leadOption) must be \(ReplicationSettings.leadRange.lowerBound)–\(ReplicationSettings.leadRange.upperBound)")
        }
        guard ReplicationSettings.snapshotRange.contains(snapshotEvery) else {
            throw ValidationError("--\(ReplicationSettings.snapshotOption) must be \(ReplicationSettings.snapshotRange.lowerBound)–\(ReplicationSettings.snapshotRange.upperBound)")
        }
        switch ReplicationTarget.parse(replicate) {
        case .success(let target):
            return ReplicationSettings(target: target, lead: Double(replicationLead) / 1000, snapshotEvery: snapshotEvery)
        case .failure(let error): throw ValidationError(error.description)
        }
    }

    /// `Public` in the working folder (`make run`, the container), else the page of the checkout this
    /// binary was built from, so a user's package run from its own folder (`swift run`) serves it.
    static var defaultPublic: String {
        if FileManager.default.fileExists(atPath: "Public/index.html") { return "Public" }
        // This file is Sources/LayercastKit/CLI/Serve.swift in the checkout.
        let checkout = "\(#filePath)".split(separator: "/").dropLast(4).joined(separator: "/")
        return "/" + checkout + "/Public"
    }

    func validate() throws {
        guard (1...65535).contains(port) || port == 0 else { throw ValidationError("--port must be 0–65535") }
        // The flags that set a request parameter's default accept what the parameter does.
        var configuration = PreviewServerConfiguration(controls: ServedControls.list)
        configuration.settings.fps = fps
        configuration.settings.size = size
        configuration.settings.scene = try ControlOptions.configuration(controlOptions)
        configuration.settings.historySpan = historySpan
        if let problem = configuration.problems.first { throw ValidationError(problem) }
        guard (1...3600).contains(timeout) else { throw ValidationError("--timeout must be 1–3600 seconds") }
        if let problem = limits.problems.first { throw ValidationError(problem) }
        guard (0...3600).contains(headDeadline) else { throw ValidationError("--head-deadline must be 0–3600 seconds") }
        guard (0...100_000).contains(maxConnectionsPerIP) else {
            throw ValidationError("--max-connections-per-ip must be 0–100000")
        }
        _ = try replication()
        guard Logger.Level(rawValue: logLevel) != nil else {
            throw ValidationError("--log-level must be one of trace, debug, info, notice, warning, error, critical")
        }
    }

    func run() throws {
        let level = Logger.Level(rawValue: logLevel) ?? .info
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        let logger = Logger(label: "layercast")
        // The memory budget counts buffers in flight; freed, they must leave the process too.
        MemoryTrim.configureAllocator()

        var config = PreviewServerConfiguration(controls: ServedControls.list)
        config.host = host
        config.port = UInt16(port)
        config.settings.fps = fps
        config.settings.size = size
        config.publicDirectory = publicDirectory
        config.connectionTimeout = timeout
        config.settings.historySpan = historySpan
        config.settings.limits = limits
        config.headDeadline = headDeadline
        config.maxConnectionsPerIP = maxConnectionsPerIP
        config.allowedHosts = allowedHost
        config.allowedOrigins = allowOrigin
        config.publicURL = try publicURL()
        config.token = token ?? EnvironmentDefaults.string("token")
        config.replication = try replication()
        config.settings.scene = try ControlOptions.configuration(controlOptions)
        config.dataDirectory = dataDirectory

        let server = PreviewServer(configuration: config, logger: logger)
        do {
            try server.start()
        } catch let error as ReplicationUnavailable {
            throw ValidationError(error.description)
        } catch let error as SavedWorkProblem {
            throw ValidationError(error.description)
        } catch {
            throw ValidationError("cannot listen on \(host):\(port): \(error)")
        }
        logger.info("Layercast \(Layercast.version) serving http://\(host == "0.0.0.0" ? "127.0.0.1" : host):\(server.port)/")
        let signals = ShutdownSignals.install(logger: logger) {
            let viewers = server.stop()
            logger.info("stopped; \(viewers) stream viewer(s) disconnected")
        }
        withExtendedLifetime(signals) { dispatchMain() }
    }
}
