import SQLite
import Testing

/// Transactions are all-or-nothing, nest as savepoints, and serialise tasks sharing one database.
@Suite struct TransactionTests {
    struct Abort: Error, Equatable {}

    @Test func aTransactionThatThrowsLeavesNothing() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/store.db"
            let db = try Database.open(path: path, knownVersion: 0)
            try db.execute("CREATE TABLE kv(k TEXT PRIMARY KEY, v BLOB)")
            try db.run("INSERT INTO kv VALUES ('kept', x'01')")

            #expect(throws: Abort.self) {
                try db.transaction { connection in
                    try connection.run("INSERT INTO kv VALUES ('a', x'02')")
                    try connection.run("UPDATE kv SET v = x'FF' WHERE k = 'kept'")
                    try connection.run("CREATE TABLE extra(x)")
                    #expect(connection.isInTransaction)
                    throw Abort()
                }
            }
            #expect(try db.query("SELECT k, v FROM kv") == [[.text("kept"), .blob([1])]])
            #expect(try db.query("SELECT name FROM sqlite_master WHERE name = 'extra'").isEmpty)
            #expect(db.withConnection { $0.isInTransaction } == false)

            // And nothing of it reached the file: a second connection sees the same.
            let other = try Database.open(path: path, knownVersion: 0)
            #expect(try other.query("SELECT k, v FROM kv") == [[.text("kept"), .blob([1])]])
        }
    }

    @Test func aFailingStatementInsideRollsBackTheEarlierOnes() throws {
        let db = try Database.openInMemory()
        try db.execute("CREATE TABLE kv(k TEXT PRIMARY KEY)")
        let error = #expect(throws: SQLiteError.self) {
            try db.transaction { connection in
                try connection.run("INSERT INTO kv VALUES ('a')")
                try connection.run("INSERT INTO kv VALUES ('a')")  // UNIQUE violation
            }
        }
        #expect(error?.primaryCode == 19)
        #expect(try db.query("SELECT count(*) FROM kv") == [[.integer(0)]])
    }

    @Test func aCommittedTransactionReturnsItsValueAndKeepsItsWrites() throws {
        let db = try Database.openInMemory()
        try db.execute("CREATE TABLE kv(k TEXT PRIMARY KEY, v INTEGER)")
        let rowID = try db.transaction { connection -> Int64 in
            try connection.run("INSERT INTO kv VALUES (?, ?)", [.text("a"), .integer(7)])
            return connection.lastInsertRowID
        }
        #expect(rowID == 1)
        #expect(try db.query("SELECT k, v FROM kv") == [[.text("a"), .integer(7)]])
    }

    @Test func anInnerTransactionIsASavepoint() throws {
        let db = try Database.openInMemory()
        try db.execute("CREATE TABLE kv(k TEXT)")
        try db.transaction { connection in
            try connection.run("INSERT INTO kv VALUES ('outer')")
            #expect(throws: Abort.self) {
                try connection.transaction { inner in
                    try inner.run("INSERT INTO kv VALUES ('inner, undone')")
                    throw Abort()
                }
            }
            try connection.transaction { inner in try inner.run("INSERT INTO kv VALUES ('inner, kept')") }
            #expect(connection.isInTransaction)
        }
        #expect(try db.query("SELECT k FROM kv ORDER BY rowid") == [[.text("outer")], [.text("inner, kept")]])
    }

    @Test func aTransactionLeftOpenIsRolledBackWhenTheLockIsReleased() throws {
        let db = try Database.openInMemory()
        try db.execute("CREATE TABLE kv(k TEXT)")
        try db.withConnection { connection in
            try connection.execute("BEGIN IMMEDIATE")
            try connection.run("INSERT INTO kv VALUES ('never committed')")
        }
        #expect(db.withConnection { $0.isInTransaction } == false)
        #expect(try db.query("SELECT count(*) FROM kv") == [[.integer(0)]])
    }

    @Test func concurrentTasksSharingADatabaseNeverInterleaveTransactions() async throws {
        try await withTemporaryFolderAsync { folder in
            let db = try Database.open(path: folder + "/store.db", knownVersion: 0)
            try db.execute("CREATE TABLE counter(n INTEGER NOT NULL); INSERT INTO counter VALUES (0)")
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<8 {
                    group.addTask {
                        for _ in 0..<25 {
                            // Read, then write what was read plus one: a lost update if two interleaved.
                            try db.transaction { connection in
                                guard let n = try connection.scalar("SELECT n FROM counter").int64 else { throw Abort() }
                                try connection.run("UPDATE counter SET n = ?", [.integer(n + 1)])
                            }
                        }
                    }
                }
                try await group.waitForAll()
            }
            #expect(try db.query("SELECT n FROM counter") == [[.integer(200)]])
        }
    }
}
