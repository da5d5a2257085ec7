import CSQLite

/// One open SQLite connection: the handle and the calls made on it.
///
/// Not Sendable: a connection must not be used by two threads at once (it is opened with
/// `SQLITE_OPEN_NOMUTEX`). `Database` owns it behind a `Mutex` and lends it out with
/// `withConnection` and `transaction`, so every use happens under that lock. The handle is closed in
/// `deinit`, once the database and every statement prepared on it have gone.
public final class Connection {
    let handle: OpaquePointer

    private init(handle: OpaquePointer) {
        self.handle = handle
    }

    deinit {
        // close_v2: never fails with SQLITE_BUSY; statements hold a reference to this object, so by now
        // none is left unfinalized anyway.
        sqlite3_close_v2(handle)
    }

    /// Opens `path` with `flags`, with extended result codes on, so errors say which kind of failure
    /// (`SQLITE_IOERR_FSYNC`, `SQLITE_CONSTRAINT_UNIQUE`) rather than only its family.
    static func open(path: String, flags: Int32) throws(SQLiteError) -> Connection {
        var raw: OpaquePointer?
        let rc = sqlite3_open_v2(path, &raw, flags, nil)
        guard rc == SQLITE_OK, let handle = raw else {
            let error = SQLiteError.last(raw, code: rc)
            // A handle is allocated even when opening fails, and must be released.
            sqlite3_close_v2(raw)
            throw error
        }
        sqlite3_extended_result_codes(handle, 1)
        return Connection(handle: handle)
    }

    /// The error for result `rc`, with this connection's message.
    func error(_ rc: Int32, sql: String? = nil) -> SQLiteError {
        // The extended code says more, but only if it belongs to this failure: some calls return a
        // code without recording it on the connection.
        let extended = sqlite3_extended_errcode(handle)
        return SQLiteError.last(handle, code: extended & 0xFF == rc & 0xFF ? extended : rc, sql: sql)
    }

    /// How long a statement waits for another connection's lock before failing with `SQLITE_BUSY`:
    /// several processes or connections on one file wait their turn instead of failing at once.
    func setBusyTimeout(milliseconds: Int32) {
        sqlite3_busy_timeout(handle, milliseconds)
    }

    /// Runs `sql`, which may hold several statements separated by semicolons (a schema, a pragma),
    /// and discards any rows. For values from outside, use `run` or `prepare` with bindings.
    public func execute(_ sql: String) throws(SQLiteError) {
        let rc = sqlite3_exec(handle, sql, nil, nil, nil)
        guard rc == SQLITE_OK else { throw error(rc, sql: sql) }
    }

    /// Compiles one statement. Text after it is refused rather than silently ignored, so a second
    /// statement in the string is never dropped unnoticed.
    public func prepare(_ sql: String) throws(SQLiteError) -> Statement {
        var raw: OpaquePointer?
        var tailIsBlank = true
        let rc = sql.withCString { text -> Int32 in
            var tail: UnsafePointer<CChar>?
            let rc = sqlite3_prepare_v2(handle, text, -1, &raw, &tail)
            // Whitespace and comments compile to no statement at all; anything else is a second one.
            if rc == SQLITE_OK, let tail, tail.pointee != 0 {
                var extra: OpaquePointer?
                let extraRC = sqlite3_prepare_v2(handle, tail, -1, &extra, nil)
                tailIsBlank = extraRC == SQLITE_OK && extra == nil
                sqlite3_finalize(extra)
            }
            return rc
        }
        guard rc == SQLITE_OK else {
            sqlite3_finalize(raw)
            throw error(rc, sql: sql)
        }
        guard let statement = raw else { throw .misuse("no statement in the SQL text", sql: sql) }
        guard tailIsBlank else {
            sqlite3_finalize(statement)
            throw .misuse("more than one statement; use execute(_:) for a script", sql: sql)
        }
        return Statement(handle: statement, connection: self, sql: sql)
    }

    /// Runs one statement with `values` bound to its parameters, to the end, and returns how many rows
    /// it changed.
    @discardableResult
    public func run(_ sql: String, _ values: [SQLValue] = []) throws(SQLiteError) -> Int {
        let statement = try prepare(sql)
        try statement.bind(values)
        while try statement.step() {}
        return changes
    }

    /// Runs one statement with `values` bound and returns every row it gives, each as its columns.
    public func query(_ sql: String, _ values: [SQLValue] = []) throws(SQLiteError) -> [[SQLValue]] {
        let statement = try prepare(sql)
        try statement.bind(values)
        var rows: [[SQLValue]] = []
        while try statement.step() {
            rows.append(statement.row())
        }
        return rows
    }

    /// The first column of the first row, or NULL when there is no row: for `SELECT count(*)` and pragmas.
    public func scalar(_ sql: String, _ values: [SQLValue] = []) throws(SQLiteError) -> SQLValue {
        let statement = try prepare(sql)
        try statement.bind(values)
        guard try statement.step() else { return .null }
        return statement.value(at: 0)
    }

    /// Rows changed by the last INSERT, UPDATE or DELETE.
    public var changes: Int { Int(sqlite3_changes64(handle)) }

    /// The rowid of the last successful INSERT on this connection.
    public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// True between BEGIN and COMMIT/ROLLBACK (SQLite's autocommit mode is off).
    public var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

    /// The schema version kept in the file header (`PRAGMA user_version`).
    public func userVersion() throws(SQLiteError) -> Int {
        try Int(integerPragma("user_version"))
    }

    /// An integer pragma's value; the name is one of this module's constants, never outside text.
    func integerPragma(_ name: String) throws(SQLiteError) -> Int64 {
        let sql = "PRAGMA \(name)"
        guard let value = try scalar(sql).int64 else { throw .misuse("no integer from \(sql)", sql: sql) }
        return value
    }

    /// A text pragma's value (`journal_mode`).
    func textPragma(_ sql: String) throws(SQLiteError) -> String {
        guard let value = try scalar(sql).string else { throw .misuse("no text from \(sql)", sql: sql) }
        return value
    }
}

@available(*, unavailable, message: "use a Connection only inside Database.withConnection or transaction")
extension Connection: Sendable {}
