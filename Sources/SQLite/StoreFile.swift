import CSQLite

extension Database {
    /// Opens the store at `path`, after deciding what the file is, and configures it for durable use.
    ///
    /// - A missing or empty file is initialised as ours (`application_id`, schema version 0):
    ///   `openedAs == .new`, and every migration is still to run.
    /// - Our file at a version up to `knownVersion` opens as `.ours(version:)`; run `migrate` next.
    /// - Anything else throws a `StoreFileProblem` and writes nothing to the file: a file that is not a
    ///   SQLite database or belongs to another application (`.foreign`), a damaged one (`.corrupt`),
    ///   ours from a newer Layercast (`.newerSchema`), or one that cannot be opened (`.cannotOpen`).
    ///
    /// Every store is set to `journal_mode=WAL` (readers do not block the writer, a crash mid-write
    /// leaves the last commit intact), `synchronous=FULL` (a committed transaction survives power loss
    /// or kill -9, not only a process crash), a busy timeout (several connections wait for each other
    /// instead of failing) and `foreign_keys=ON` (SQLite leaves them off by default).
    ///
    /// - Parameter quickCheck: run `PRAGMA quick_check` on an existing file, which reads every page:
    ///   damage is found at start rather than in the middle of a request, at a cost that grows with the
    ///   file (roughly the time to read it once).
    /// - Parameter readOnly: only read the file, which must be ours already (a backup to import): it
    ///   is opened read-only and left exactly as it was; a missing or empty one cannot be opened.
    public static func open(path: String, knownVersion: Int, quickCheck: Bool = true,
                            readOnly: Bool = false) throws(StoreFileProblem) -> Database {
        switch FileHeader.read(path: path) {
        case .failure(let error):
            throw .cannotOpen(path: path, reason: error.reason)
        case .success(.other):
            throw .foreign(path: path, kind: .notSQLite)
        case .success(.absent), .success(.empty):
            if readOnly { throw .cannotOpen(path: path, reason: "there is no store to read") }
        case .success(.sqlite):
            break
        }

        let connection: Connection
        do {
            let flags = readOnly ? SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
            connection = try Connection.open(path: path, flags: flags)
        } catch {
            throw problem(error, path: path)
        }
        connection.setBusyTimeout(milliseconds: busyTimeoutMilliseconds)

        let status: StoreFileStatus
        do {
            status = try classify(connection, path: path, knownVersion: knownVersion, quickCheck: quickCheck)
            if readOnly {
                guard status != .new else { throw StoreFileProblem.cannotOpen(path: path, reason: "there is no store to read") }
            } else {
                try configure(connection, path: path)
                if status == .new { try initialise(connection) }
            }
        } catch let error as StoreFileProblem {
            throw error
        } catch let error as SQLiteError {
            throw problem(error, path: path)
        } catch {
            throw .cannotOpen(path: path, reason: "\(error)")
        }
        return Database(connection: connection, path: path, openedAs: status)
    }

    /// Decides from the header fields (first read: where a damaged header shows) and, for our files, a
    /// quick check. Reads only, so a file that is not ours is left as it was.
    private static func classify(_ connection: Connection, path: String, knownVersion: Int,
                                 quickCheck: Bool) throws -> StoreFileStatus {
        let applicationID = try connection.integerPragma("application_id")
        let version = try connection.userVersion()
        let objects = try connection.scalar("SELECT count(*) FROM sqlite_master").int64 ?? 0

        guard applicationID == Int64(Self.applicationID) else {
            // An untouched, empty SQLite database is as good as a new file; one with tables is not ours.
            if applicationID == 0, version == 0, objects == 0 { return .new }
            throw StoreFileProblem.foreign(path: path, kind: .otherApplication(id: Int32(truncatingIfNeeded: applicationID)))
        }
        if version > knownVersion {
            throw StoreFileProblem.newerSchema(path: path, found: version, known: knownVersion)
        }
        if quickCheck {
            let report = try connection.query("PRAGMA quick_check(10)").compactMap { $0.first?.string }
            if report != ["ok"] {
                throw StoreFileProblem.corrupt(path: path, detail: report.joined(separator: "; "))
            }
        }
        return .ours(version: version)
    }

    /// Sets the pragmas that make writes durable and connections cooperate (see `open`).
    private static func configure(_ connection: Connection, path: String) throws {
        let mode = try connection.textPragma("PRAGMA journal_mode=WAL")
        guard mode.lowercased() == "wal" else {
            throw StoreFileProblem.cannotOpen(path: path, reason: "WAL journal mode is not available (got \(mode))")
        }
        try connection.execute("PRAGMA synchronous=FULL; PRAGMA foreign_keys=ON")
    }

    /// Marks a new file as ours at schema version 0, in a transaction that checks again under the write
    /// lock, so two processes creating the same store at once both end with the same header.
    private static func initialise(_ connection: Connection) throws {
        try connection.transaction { connection in
            if try connection.integerPragma("application_id") == 0 {
                try connection.execute("PRAGMA application_id=\(Self.applicationID)")
            }
        }
    }

    /// The problem an SQLite failure while opening means: damage, or not being able to open at all.
    private static func problem(_ error: SQLiteError, path: String) -> StoreFileProblem {
        error.isCorruption ? .corrupt(path: path, detail: error.message) : .cannotOpen(path: path, reason: error.message)
    }
}
