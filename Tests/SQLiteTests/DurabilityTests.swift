import SQLite
import Testing

/// What one connection commits, another (or the next start) reads.
@Suite struct DurabilityTests {
    @Test func committedDataIsReadAfterARestart() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/store.db"
            let artwork = BindingTests.mebibyte
            let steps: [Int: MigrationStep] = [
                1: { try $0.execute("CREATE TABLE artwork(key TEXT PRIMARY KEY, bytes BLOB NOT NULL)") },
            ]
            do {
                let first = try Database.open(path: path, knownVersion: 1)
                try first.migrate(to: 1, steps: steps)
                try first.transaction { connection in
                    try connection.run("INSERT INTO artwork VALUES (?, ?)", [.text("cover"), .blob(artwork)])
                    try connection.run("INSERT INTO artwork VALUES (?, ?)", [.text("empty"), .blob([])])
                }
                // A second process's view while the first still runs: committed data is in the WAL.
                #expect(fileExists(path + "-wal"))
                let second = try Database.open(path: path, knownVersion: 1)
                #expect(second.openedAs == .ours(version: 1))
                #expect(try second.query("SELECT bytes FROM artwork WHERE key = 'cover'") == [[.blob(artwork)]])
            }
            // The restart: both connections are gone.
            let restarted = try Database.open(path: path, knownVersion: 1)
            #expect(restarted.openedAs == .ours(version: 1))
            #expect(try restarted.query("SELECT key, bytes FROM artwork ORDER BY key")
                == [[.text("cover"), .blob(artwork)], [.text("empty"), .blob([])]])
        }
    }

    @Test func anUncommittedTransactionIsInvisibleToAnotherConnection() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/store.db"
            let writer = try Database.open(path: path, knownVersion: 0)
            try writer.execute("CREATE TABLE kv(k TEXT)")
            let reader = try Database.open(path: path, knownVersion: 0)
            try writer.withConnection { connection in
                try connection.execute("BEGIN IMMEDIATE")
                try connection.run("INSERT INTO kv VALUES ('pending')")
                // WAL: the reader is not blocked by the open write, and does not see it.
                #expect(try reader.query("SELECT count(*) FROM kv") == [[.integer(0)]])
                try connection.execute("COMMIT")
            }
            #expect(try reader.query("SELECT count(*) FROM kv") == [[.integer(1)]])
        }
    }
}
