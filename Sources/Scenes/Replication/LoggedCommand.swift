import Controls

extension Stage {
    /// Has the replica, if any, apply the log's entries to this stage's scene and take and restore
    /// its snapshots.
    package func attachReplica() {
        guard let replica else { return }
        replica.attach({ entry, upload, host in applyLogged(entry, upload: upload, at: host) }, snapshots: SnapshotHooks(
            take: { entry, host in replicaSnapshot(after: entry, host: host, clock: replica.clock) },
            restore: { document, fetch in try restore(snapshot: document, clock: replica.clock, fetch: fetch) }))
    }

    /// Applies a log entry's command at the entry's effect time (host time `host` on the shared
    /// clock), as its declaration says, so every replica applies it at the same scene time; an
    /// upload it names is kept first, from the PNG the log holds. A version-1 entry's command is
    /// read as its route names it; a command this server does not declare is not guessed at
    /// (docs/design/replication.md §Faults).
    package func applyLogged(_ entry: LogEntry, upload: [UInt8]?, at host: Double) -> Result<Result<[UInt8], Refusal>, UnreadableEntry> {
        let name = entry.command.id
        let byRoute = entry.namesItsRoute
        guard let declared = byRoute ? SceneCommand.named(name, in: settings.controls).flatMap({ commands[$0.id] }) : commands[name] else {
            return .failure(UnreadableEntry(id: entry.id, reason: "it names '\(name)', which this server does not declare"))
        }
        let command = declared.ordered(byRoute ? declared.upgraded(entry.command) : entry.command)
        return .success(Result { () throws(Refusal) -> [UInt8] in
            if let upload { _ = try artworks.upload(upload) }
            return try run(command, at: host)
        })
    }
}

/// `start()` could not join the scene: its log cannot be reached.
public struct ReplicationUnavailable: Error, CustomStringConvertible {
    public let target: ReplicationTarget
    package let reason: RedisFailure

    package init(target: ReplicationTarget, reason: RedisFailure) {
        self.target = target
        self.reason = reason
    }

    public var description: String { "cannot reach the replication log at \(target): \(reason)" }
}
