import SQLite
import Testing

/// Opening classifies the file: new, ours at a version, or a typed problem, and touches no file it
/// refuses.
@Suite struct OpeningTests {
    /// Writes a store of ours at `version` with `rows` rows of 200 bytes in table `t`, then closes it
    /// (the last connection's close checkpoints the WAL into the file and deletes it).
    static func makeStore(_ path: String, version: Int, rows: Int = 0) throws {
        do {
            let db = try Database.open(path: path, knownVersion: version)
            try db.execute("CREATE TABLE t(id INTEGER PRIMARY KEY, v BLOB NOT NULL)")
            try db.transaction { connection in
                let insert = try connection.prepare("INSERT INTO t(v) VALUES (?)")
                for n in 0..<rows {
                    try insert.bind([.blob([UInt8](repeating: UInt8(truncatingIfNeeded: n), count: 200))])
                    try insert.step()
                }
            }
            try db.execute("PRAGMA user_version=\(version)")
        }
        #expect(!fileExists(path + "-wal"), "the WAL was checkpointed into the file on close")
    }

    @Test func aMissingFileIsCreatedAsOursWithDurableSettings() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/store.db"
            do {
                let db = try Database.open(path: path, knownVersion: 2)
                #expect(db.openedAs == .new)
                #expect(db.path == path)
                #expect(try db.query("PRAGMA application_id") == [[.integer(0x4C59_4353)]])
                #expect(try db.schemaVersion() == 0)
                #expect(try db.query("PRAGMA journal_mode") == [[.text("wal")]])
                #expect(try db.query("PRAGMA synchronous") == [[.integer(2)]])  // FULL
                #expect(try db.query("PRAGMA foreign_keys") == [[.integer(1)]])
                #expect(try db.query("PRAGMA busy_timeout") == [[.integer(5000)]])
                // Foreign keys are enforced, not only declared.
                try db.execute("CREATE TABLE parent(id INTEGER PRIMARY KEY); CREATE TABLE child(p REFERENCES parent(id))")
                let orphan = #expect(throws: SQLiteError.self) { try db.run("INSERT INTO child VALUES (9)") }
                #expect(orphan?.code == 787)  // SQLITE_CONSTRAINT_FOREIGNKEY
            }
            let header = try fileBytes(path)
            #expect(Array(header[0..<16]) == Array("SQLite format 3\u{0}".utf8))
            #expect(Array(header[68..<72]) == Array("LYCS".utf8), "application_id, big-endian, in the header")
            #expect(header[18] == 2 && header[19] == 2, "WAL is recorded in the file header")
        }
    }

    @Test func anEmptyFileIsNew() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/store.db"
            try writeFile(path, [])
            let db = try Database.open(path: path, knownVersion: 1)
            #expect(db.openedAs == .new)
            #expect(try db.query("PRAGMA application_id") == [[.integer(Int64(Database.applicationID))]])
        }
    }

    @Test func ourFileReopensAtItsVersion() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/store.db"
            try Self.makeStore(path, version: 3, rows: 5)
            let same = try Database.open(path: path, knownVersion: 3)
            #expect(same.openedAs == .ours(version: 3))
            #expect(try same.query("SELECT count(*) FROM t") == [[.integer(5)]])
            let newerCode = try Database.open(path: path, knownVersion: 7)
            #expect(newerCode.openedAs == .ours(version: 3))
        }
    }

    @Test func aSQLiteFileOfAnotherApplicationIsForeignAndUntouched() throws {
        try withTemporaryFolder { folder in
            let other = folder + "/other.db"
            try Self.makeStore(other, version: 1, rows: 3)
            do {
                let db = try Database.open(path: other, knownVersion: 1)
                try db.execute("PRAGMA application_id=305419896")  // 0x12345678
            }
            let before = try fileBytes(other)
            #expect(openingProblem(other) == .foreign(path: other, kind: .otherApplication(id: 0x1234_5678)))
            #expect(try fileBytes(other) == before)
            #expect(openingProblem(other)?.description.contains(other) == true)
            #expect(openingProblem(other)?.description.contains("0x12345678") == true)

            // A plain SQLite database (application_id never set) that has tables is not ours either.
            let plain = folder + "/plain.db"
            try Self.makeStore(plain, version: 0, rows: 1)
            do {
                let db = try Database.open(path: plain, knownVersion: 0)
                try db.execute("PRAGMA application_id=0")
            }
            #expect(openingProblem(plain) == .foreign(path: plain, kind: .otherApplication(id: 0)))
        }
    }

    @Test func aTextFileIsNotADatabaseAndIsLeftAlone() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/notes.txt"
            let text = Array("These are my notes, not a database.\n".utf8)
            try writeFile(path, text)
            #expect(openingProblem(path) == .foreign(path: path, kind: .notSQLite))
            #expect(try fileBytes(path) == text)
            #expect(!fileExists(path + "-wal") && !fileExists(path + "-shm") && !fileExists(path + "-journal"))
            let message = openingProblem(path)?.description ?? ""
            #expect(message.contains(path) && message.contains("file is not a database"))

            // Shorter than SQLite's 16-byte magic.
            let short = folder + "/short"
            try writeFile(short, [0x53, 0x51])
            #expect(openingProblem(short) == .foreign(path: short, kind: .notSQLite))
        }
    }

    @Test func aGarbledMiddlePageIsCorrupt() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/store.db"
            try Self.makeStore(path, version: 1, rows: 500)
            let bytes = try fileBytes(path)
            let size = bytes.count
            let pageSize = Int(bytes[16]) << 8 | Int(bytes[17])  // big-endian in the header
            let pages = size / pageSize
            #expect(size % pageSize == 0 && pages >= 20, "\(size) bytes: a table over many pages")
            // A whole b-tree page of the table overwritten, header (page 1) intact.
            try overwrite(path, at: UInt64(pages / 2 * pageSize), with: [UInt8](repeating: 0xA5, count: pageSize))

            let problem = openingProblem(path)
            guard case .corrupt(let reportedPath, let detail) = problem else {
                Issue.record("expected .corrupt, got \(String(describing: problem))")
                return
            }
            #expect(reportedPath == path)
            #expect(!detail.isEmpty && detail != "ok")
            #expect(problem?.description.contains(path) == true)

            // It is quick_check that finds it at open: without it the file opens, and the damage shows
            // only when the page is read.
            let unchecked = try Database.open(path: path, knownVersion: 1, quickCheck: false)
            #expect(unchecked.openedAs == .ours(version: 1))
            let error = #expect(throws: SQLiteError.self) { try unchecked.query("SELECT sum(length(v)) FROM t") }
            #expect(error?.isCorruption == true)
        }
    }

    @Test func aTruncatedDatabaseIsCorrupt() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/store.db"
            try Self.makeStore(path, version: 1, rows: 500)
            let bytes = try fileBytes(path)
            try writeFile(path, Array(bytes[0..<(bytes.count / 2)]))
            let problem = openingProblem(path)
            guard case .corrupt(path, _) = problem else {
                Issue.record("expected .corrupt, got \(String(describing: problem))")
                return
            }
        }
    }

    @Test func aDamagedHeaderBehindTheMagicIsCorruptNotForeign() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/store.db"
            try Self.makeStore(path, version: 1, rows: 10)
            // Page size 3: not a power of two, so SQLite answers "file is not a database".
            try overwrite(path, at: 16, with: [0x00, 0x03])
            let problem = openingProblem(path)
            guard case .corrupt(path, let detail) = problem else {
                Issue.record("expected .corrupt, got \(String(describing: problem))")
                return
            }
            #expect(detail == "file is not a database")
        }
    }

    @Test func aNewerSchemaIsRefusedAndUntouched() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/store.db"
            try Self.makeStore(path, version: 5, rows: 1)
            let before = try fileBytes(path)
            let problem = openingProblem(path, knownVersion: 4)
            #expect(problem == .newerSchema(path: path, found: 5, known: 4))
            #expect(try fileBytes(path) == before)
            let message = problem?.description ?? ""
            #expect(message.contains(path) && message.contains("5") && message.contains("4"))
        }
    }

    @Test func aPathThatCannotBeOpenedSaysSo() throws {
        try withTemporaryFolder { folder in
            let missingFolder = folder + "/no/such/folder/store.db"
            guard case .cannotOpen(missingFolder, let reason) = openingProblem(missingFolder) else {
                Issue.record("expected .cannotOpen for \(missingFolder)")
                return
            }
            #expect(reason == "unable to open database file (No such file or directory)")
            guard case .cannotOpen(folder, let reason) = openingProblem(folder) else {
                Issue.record("expected .cannotOpen for the folder itself")
                return
            }
            #expect(reason == "Is a directory")
        }
    }
}
