import SQLite

/// What a server saves for its user, on disk so it survives a restart (docs/security.md §Saved work):
/// the stored scenarios (recordings are stored scenarios too) and the uploaded artwork, each kind as
/// rows of its own table, with the bounds the server keeps in memory (`ScenarioStore`,
/// `ArtworkLibrary`): a new row that does not fit pushes out the oldest ones, in the same
/// transaction. A save returns once its transaction is committed (WAL, `synchronous=FULL`), so what
/// a server acknowledges is on disk. A pinned row (a scenario a page embeds, and its artwork:
/// `ContentStore.pin`) is never pushed out; the pins are rows of their own table.
package final class SavedWork: Sendable {
    /// The rows of one kind, oldest first, as a server loads them at start.
    package struct Row: Sendable, Equatable {
        package let key: String
        package let bytes: [UInt8]
        package var pinned = false

        package init(key: String, bytes: [UInt8], pinned: Bool = false) {
            (self.key, self.bytes, self.pinned) = (key, bytes, pinned)
        }
    }

    /// A table and the bounds of what it keeps.
    package struct Kind: Sendable {
        package let table: String
        package let maxCount: Int
        package let maxBytes: Int

        package static let scenarios = Kind(table: "scenario", maxCount: ScenarioStore.maxCount, maxBytes: ScenarioStore.maxBytes)
        package static let artwork = Kind(table: "artwork", maxCount: ArtworkLibrary.maxCount, maxBytes: ArtworkLibrary.maxBytes)
    }

    /// The schema this code writes; a newer file is refused rather than guessed at.
    package static let schemaVersion = 2
    /// Each version's step from the one before, applied in its own transaction.
    static let migrations: [Int: MigrationStep] = [
        1: { connection in
            // `seq` orders the rows by when they were last saved: the oldest goes first.
            try connection.execute("""
                CREATE TABLE scenario (key TEXT PRIMARY KEY, bytes BLOB NOT NULL, seq INTEGER NOT NULL);
                CREATE INDEX scenario_seq ON scenario (seq);
                CREATE TABLE artwork (key TEXT PRIMARY KEY, bytes BLOB NOT NULL, seq INTEGER NOT NULL);
                CREATE INDEX artwork_seq ON artwork (seq);
                """)
        },
        2: { connection in
            // The pinned rows of each kind's table, by key: they outlive any number of newer rows.
            try connection.execute("CREATE TABLE pin (kind TEXT NOT NULL, key TEXT NOT NULL, PRIMARY KEY (kind, key))")
        },
    ]

    package let database: Database

    /// The store in `database`, its schema brought up to date; with `migrating` false (a file only
    /// read, as an export is), as it is.
    package init(database: Database, migrating: Bool = true) throws(MigrationError) {
        self.database = database
        if migrating { try database.migrate(to: Self.schemaVersion, steps: Self.migrations) }
    }

    /// Saves `bytes` under `key` as the newest row of `kind`, then drops the oldest rows beyond its
    /// bounds, in one transaction; returns when it is committed. False, and nothing changes, when
    /// the row alone is larger than the kind's bound (the memory store refuses it too).
    @discardableResult
    package func save(_ kind: Kind, key: String, bytes: [UInt8]) throws -> Bool {
        guard bytes.count <= kind.maxBytes else { return false }
        let table = kind.table
        try database.transaction { connection in
            _ = try connection.run("DELETE FROM \(table) WHERE key = ?", [.text(key)])
            let rows = try connection.query("SELECT count(*), coalesce(sum(length(bytes)), 0), coalesce(max(seq), 0) FROM \(table)")
            var count = Int(rows.first?[0].int64 ?? 0)
            var total = Int(rows.first?[1].int64 ?? 0)
            let seq = (rows.first?[2].int64 ?? 0) + 1
            // Oldest first out, as `ContentStore.put` does, until the new row fits; pinned rows stay.
            let oldest = try connection.prepare("""
                SELECT key, length(bytes) FROM \(table) WHERE key NOT IN (SELECT key FROM pin WHERE kind = '\(table)') ORDER BY seq
                """)
            var doomed: [String] = []
            while count > 0, count >= kind.maxCount || total + bytes.count > kind.maxBytes, try oldest.step() {
                doomed.append(oldest.string(at: 0) ?? "")
                total -= Int(oldest.int64(at: 1) ?? 0)
                count -= 1
            }
            oldest.reset()
            for key in doomed { _ = try connection.run("DELETE FROM \(table) WHERE key = ?", [.text(key)]) }
            _ = try connection.run("INSERT INTO \(table) (key, bytes, seq) VALUES (?, ?, ?)", [.text(key), .blob(bytes), .integer(seq)])
        }
        return true
    }

    /// Pins or unpins the row under `key`; its pin is on disk when this returns.
    package func pin(_ kind: Kind, key: String, _ pinned: Bool) throws {
        _ = pinned
            ? try database.run("INSERT OR IGNORE INTO pin (kind, key) VALUES (?, ?)", [.text(kind.table), .text(key)])
            : try database.run("DELETE FROM pin WHERE kind = ? AND key = ?", [.text(kind.table), .text(key)])
    }

    /// Every row of `kind`, oldest first, with whether it is pinned (never, in a file of version 1).
    package func rows(_ kind: Kind) throws -> [Row] {
        let hasPins = try !database.query("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'pin'").isEmpty
        let pinned = hasPins ? "key IN (SELECT key FROM pin WHERE kind = '\(kind.table)')" : "0"
        return try database.query("SELECT key, bytes, \(pinned) FROM \(kind.table) ORDER BY seq").compactMap { row in
            guard row.count == 3, let key = row[0].string, let bytes = row[1].bytes else { return nil }
            return Row(key: key, bytes: bytes, pinned: row[2].int64 == 1)
        }
    }
}
