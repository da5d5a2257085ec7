/// One schema step: the SQL and data changes that take the store from version `n - 1` to `n`. It gets
/// the connection, already inside the step's transaction (it must not COMMIT or ROLLBACK itself).
/// Sendable, so a store's migrations can be one `static let` table beside its schema.
public typealias MigrationStep = @Sendable (Connection) throws -> Void

/// A migration that stopped. The store is left at `fromVersion`, whole: the failed step's changes
/// were rolled back together with its version bump.
public struct MigrationError: Error, CustomStringConvertible {
    /// The store file's path.
    public let path: String
    /// The version the store is still at.
    public let fromVersion: Int
    /// The version the failed step was to reach.
    public let toVersion: Int
    /// What went wrong: the step's own error, a `SQLiteError`, or a missing step.
    public let underlying: any Error

    public var description: String {
        "Migrating the store \(path) from schema version \(fromVersion) to \(toVersion) failed: \(underlying). "
            + "It is still at version \(fromVersion)."
    }
}

extension Database {
    /// Brings the schema up to `version`, running `steps[n]` for each version n above the current
    /// one, in order.
    ///
    /// Each step runs in its own transaction, which also sets `user_version` to n: a step is applied
    /// with its version number or not at all, so a crash or an error never leaves a half-migrated
    /// schema labelled with either version. Steps before a failed one stay applied. The version is
    /// read again under the write lock, so a step another process has just applied is not run twice.
    public func migrate(to version: Int, steps: [Int: MigrationStep]) throws(MigrationError) {
        try withConnection { (connection) throws(MigrationError) in
            let current: Int
            do {
                current = try connection.userVersion()
            } catch {
                throw MigrationError(path: path, fromVersion: 0, toVersion: version, underlying: error)
            }
            guard version >= current else {
                throw MigrationError(path: path, fromVersion: current, toVersion: version,
                                     underlying: SQLiteError.misuse("the store is at version \(current), past \(version); there are no downgrades"))
            }
            guard version > current else { return }
            for next in (current + 1)...version {
                do {
                    guard let step = steps[next] else {
                        throw SQLiteError.misuse("no migration step to version \(next)")
                    }
                    try connection.transaction { connection in
                        let now = try connection.userVersion()
                        guard now == next - 1 else {
                            if now >= next { return }  // another process applied it
                            throw SQLiteError.misuse("expected version \(next - 1) before step \(next), found \(now)")
                        }
                        try step(connection)
                        try connection.execute("PRAGMA user_version=\(next)")
                    }
                } catch {
                    let still = (try? connection.userVersion()) ?? next - 1
                    throw MigrationError(path: path, fromVersion: still, toVersion: next, underlying: error)
                }
            }
        }
    }
}
