import APIModel

/// Where a replica's command log lives and how far ahead commands take effect, declared once:
/// `layercast serve`'s flags, their environment variables and help are read from here
/// (docs/design/replication.md).
public struct ReplicationSettings: Sendable, Equatable {
    /// `redis://HOST:PORT/NAME`: the Redis that holds the log, and the scene's name in it.
    public var target: ReplicationTarget
    /// Seconds after a command is accepted that it takes effect, so that every replica has read it
    /// before it renders that moment.
    public var lead: Double
    /// Entries a replica applies between the snapshots it writes (docs/design/replication.md §Snapshots).
    public var snapshotEvery: Int
    /// Seconds of log a stored snapshot leaves behind it when it trims the log: at least as long as
    /// a command waits for its answer (`Replica.applyDeadline`), so that a lagging replica reads and
    /// applies every entry a command of its still waits for, instead of restoring a snapshot past it
    /// and leaving the command unanswered (issue 30, finding 6). The tests of restoring set 0.
    package var retention = ReplicationSettings.defaultRetention

    public init(target: ReplicationTarget, lead: Double = ReplicationSettings.defaultLead,
                snapshotEvery: Int = ReplicationSettings.defaultSnapshotEvery) {
        self.target = target
        self.lead = lead
        self.snapshotEvery = snapshotEvery
    }

    public static let defaultLead = 0.050
    public static let defaultSnapshotEvery = 1000
    public static let defaultRetention = Replica.applyDeadline + 5

    /// The flags, without their dashes.
    public static let option = "replicate"
    public static let leadOption = "replication-lead"
    public static let leadRange: ClosedRange<Int> = 0...5000
    public static let snapshotOption = "snapshot-every"
    public static let snapshotRange: ClosedRange<Int> = 1...1_000_000

    public static var help: String {
        "Make this server a replica of scene NAME, sharing its command log on Redis: redis://HOST:PORT/NAME. "
            + "[env: \(SceneSettings.environmentVariable(option))]"
    }

    public static var leadHelp: String {
        "Milliseconds after a replicated command is accepted that it takes effect on every replica, "
            + "\(leadRange.lowerBound)–\(leadRange.upperBound). [env: \(SceneSettings.environmentVariable(leadOption))]"
    }
}

extension ReplicationSettings {
    public static var snapshotHelp: String {
        "Log entries a replica applies between the snapshots of the scene it stores in Redis (the log is trimmed "
            + "behind the newest but for its last \(Int(defaultRetention)) s), \(snapshotRange.lowerBound)–\(snapshotRange.upperBound). "
            + "[env: \(SceneSettings.environmentVariable(snapshotOption))]"
    }
}

/// A parsed `redis://HOST:PORT/NAME`.
public struct ReplicationTarget: Sendable, Equatable, CustomStringConvertible {
    public let host: String
    public let port: Int
    /// The scene's name: every key of the scene in Redis starts with `layercast:NAME:`.
    public let name: String

    /// The target, or why the text is not one: anything but `redis://HOST[:PORT]/NAME` (NAME: letters, digits, `-_.`).
    public static func parse(_ text: String) -> Result<ReplicationTarget, ReplicationTargetError> {
        guard text.hasPrefix("redis://") else { return .failure(.init("must start with redis://")) }
        let rest = text.dropFirst("redis://".count)
        guard let slash = rest.firstIndex(of: "/") else { return .failure(.init("needs a scene name: redis://HOST:PORT/NAME")) }
        let authority = rest[..<slash]
        let name = String(rest[rest.index(after: slash)...])
        guard !name.isEmpty, name.count <= 64,
              name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) }) else {
            return .failure(.init("the scene name must be 1–64 letters, digits, '-', '_' or '.'"))
        }
        var host = String(authority)
        var port = 6379
        if let colon = authority.lastIndex(of: ":") {
            host = String(authority[..<colon])
            guard let p = Int(authority[authority.index(after: colon)...]), (1...65535).contains(p) else {
                return .failure(.init("the port must be 1–65535"))
            }
            port = p
        }
        guard !host.isEmpty else { return .failure(.init("needs a host")) }
        return .success(ReplicationTarget(host: host, port: port, name: name))
    }

    package init(host: String, port: Int, name: String) {
        self.host = host
        self.port = port
        self.name = name
    }

    public var description: String { "redis://\(host):\(port)/\(name)" }

    /// The Redis key of one of the scene's things.
    package func key(_ suffix: String) -> String { "layercast:\(name):\(suffix)" }
}

public struct ReplicationTargetError: Error, Sendable, CustomStringConvertible {
    public let description: String
    package init(_ description: String) { self.description = "--\(ReplicationSettings.option) " + description }
}
