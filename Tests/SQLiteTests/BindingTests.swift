import SQLite
import Testing

/// Values go in through bindings and come back out of columns unchanged, in their own storage class.
@Suite struct BindingTests {
    /// 1 MiB of a non-repeating-looking pattern, so a truncated or shifted copy cannot compare equal.
    static let mebibyte: [UInt8] = (0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) }

    static let values: [SQLValue] = [
        .integer(0), .integer(Int64.min), .integer(Int64.max), .integer(-1),
        .real(3.25), .real(-0.5), .real(Double.greatestFiniteMagnitude), .real(Double.leastNonzeroMagnitude),
        .text(""), .text("plain"), .text("a\u{0}b\u{0}"), .text("\u{0}"), .text("héllo 🎛️ 日本"),
        .blob([]), .blob([0]), .blob([0, 255, 0, 1]), .blob(mebibyte),
        .null,
    ]

    @Test func everyBoundTypeRoundTripsThroughAFile() throws {
        try withTemporaryFolder { folder in
            let db = try Database.open(path: folder + "/store.db", knownVersion: 0)
            // No declared type: no affinity, so each value keeps the storage class it was bound with.
            try db.execute("CREATE TABLE t(id INTEGER PRIMARY KEY, v)")
            try db.transaction { connection in
                let insert = try connection.prepare("INSERT INTO t(id, v) VALUES (?, ?)")
                for (index, value) in Self.values.enumerated() {
                    try insert.bind([.integer(Int64(index)), value])
                    try insert.step()
                }
            }
            let rows = try db.query("SELECT id, v, typeof(v), length(CAST(v AS BLOB)) FROM t ORDER BY id")
            #expect(rows.count == Self.values.count)
            for (index, value) in Self.values.enumerated() {
                let row = rows[index]
                #expect(row[0] == .integer(Int64(index)))
                #expect(row[1] == value, "value \(index)")
                let storage: String
                switch value {
                case .integer: storage = "integer"
                case .real: storage = "real"
                case .text: storage = "text"
                case .blob: storage = "blob"
                case .null: storage = "null"
                }
                #expect(row[2] == .text(storage), "storage class of value \(index)")
            }
            // SQLite itself counts every byte: the NULs inside text were stored, not cut off.
            #expect(rows[10][3] == .integer(4))  // "a\0b\0"
            #expect(rows[11][3] == .integer(1))  // "\0"
            #expect(rows[13][3] == .integer(0))  // empty blob: zero bytes, not NULL
            #expect(rows[16][3] == .integer(1 << 20))
        }
    }

    @Test func typedColumnReadersAnswerOnlyForTheirOwnStorageClass() throws {
        let db = try Database.openInMemory()
        let row = try db.withConnection { connection -> [String] in
            let statement = try connection.prepare("SELECT ?, ?, ?, ?, ?")
            try statement.bind([.integer(42), .real(1.5), .text("x\u{0}y"), .blob([1, 2, 3]), .null])
            #expect(try statement.step())
            #expect(statement.columnCount == 5)
            #expect(statement.int64(at: 0) == 42)
            #expect(statement.double(at: 1) == 1.5)
            #expect(statement.string(at: 2) == "x\u{0}y")
            #expect(statement.blob(at: 3) == [1, 2, 3])
            #expect(statement.isNull(at: 4))
            // No silent conversions: an integer is not text, text is not bytes.
            #expect(statement.string(at: 0) == nil)
            #expect(statement.blob(at: 2) == nil)
            #expect(statement.int64(at: 4) == nil)
            #expect(statement.value(at: 5) == .null)  // out of range
            #expect(try statement.step() == false)
            return (0..<5).map { statement.columnName($0) }
        }
        #expect(row.count == 5)
    }

    @Test func aPreparedStatementRunsAgainWithNewBindings() throws {
        let db = try Database.openInMemory()
        try db.execute("CREATE TABLE kv(k TEXT PRIMARY KEY, v BLOB NOT NULL)")
        let total = try db.transaction { connection -> Int in
            let insert = try connection.prepare("INSERT INTO kv(k, v) VALUES (?, ?)")
            var changed = 0
            for n in 0..<100 {
                try insert.bind([.text("key\(n)"), .blob([UInt8(n)])])
                try insert.step()
                changed += connection.changes
            }
            return changed
        }
        #expect(total == 100)
        #expect(try db.query("SELECT v FROM kv WHERE k = ?", [.text("key42")]) == [[.blob([42])]])
        #expect(try db.query("SELECT count(*) FROM kv") == [[.integer(100)]])
    }

    @Test func errorsCarryTheResultCodeAndSQLitesMessage() throws {
        let db = try Database.openInMemory()
        try db.execute("CREATE TABLE kv(k TEXT PRIMARY KEY)")
        try db.run("INSERT INTO kv(k) VALUES (?)", [.text("a")])

        let duplicate = #expect(throws: SQLiteError.self) { try db.run("INSERT INTO kv(k) VALUES (?)", [.text("a")]) }
        #expect(duplicate?.code == 1555)  // SQLITE_CONSTRAINT_PRIMARYKEY: the extended code, not only 19
        #expect(duplicate?.primaryCode == 19)  // SQLITE_CONSTRAINT
        #expect(duplicate?.message == "UNIQUE constraint failed: kv.k")
        #expect(duplicate?.sql == "INSERT INTO kv(k) VALUES (?)")

        let syntax = #expect(throws: SQLiteError.self) { try db.execute("SELEC 1") }
        #expect(syntax?.code == 1)  // SQLITE_ERROR
        #expect(syntax?.message.contains("syntax error") == true)

        let missing = #expect(throws: SQLiteError.self) { try db.query("SELECT * FROM nowhere") }
        #expect(missing?.message == "no such table: nowhere")
    }

    @Test func misusesAreRefusedInsteadOfGuessed() throws {
        let db = try Database.openInMemory()
        // Too few values: not a silent NULL.
        let count = #expect(throws: SQLiteError.self) { try db.query("SELECT ?, ?", [.integer(1)]) }
        #expect(count?.code == 21)  // SQLITE_MISUSE
        // A second statement would be dropped by sqlite3_prepare: refused.
        let two = #expect(throws: SQLiteError.self) { try db.query("SELECT 1; SELECT 2") }
        #expect(two?.code == 21)
        // A trailing semicolon or comment is not a statement.
        #expect(try db.query("SELECT 1; -- done") == [[.integer(1)]])
        let index = #expect(throws: SQLiteError.self) {
            try db.withConnection { connection in try connection.prepare("SELECT ?").bind(.integer(1), at: 2) }
        }
        #expect(index?.code == 21)
    }
}
