import CSQLite
import Synchronization

/// A store on one SQLite file (or in memory), safe to share between threads and tasks.
///
/// Sendable through a `Mutex` around its one connection: each `withConnection` or `transaction` has the
/// connection to itself from start to end, so two tasks never interleave statements inside one
/// transaction. The connection is closed when the database is deinitialised (and every statement
/// prepared on it has gone).
public final class Database: Sendable {
    /// The `application_id` in the header of every Layercast store: the ASCII bytes "LYCS" (0x4C594353,
    /// 1280918355). It tells our files from other SQLite files, so opening never adopts or migrates a
    /// database that belongs to another program. Never change it: existing stores would read as foreign.
    public static let applicationID: Int32 = 0x4C59_4353

    /// How long (milliseconds) a statement waits for another connection's lock before `SQLITE_BUSY`.
    public static let busyTimeoutMilliseconds: Int32 = 5000

    /// The file's path, or ":memory:".
    public let path: String
    /// What the file was when it was opened: new (just initialised) or ours at a schema version.
    public let openedAs: StoreFileStatus

    private let connection: Mutex<Connection>

    init(connection: sending Connection, path: String, openedAs: StoreFileStatus) {
        self.connection = Mutex(connection)
        self.path = path
        self.openedAs = openedAs
    }

    /// A private, empty database in memory, configured like a file (foreign keys on, our application
    /// id): for tests and for callers that run degraded after `open(path:knownVersion:)` failed.
    public static func openInMemory() throws(SQLiteError) -> Database {
        let connection = try Connection.open(path: ":memory:", flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX)
        try connection.execute("PRAGMA foreign_keys=ON; PRAGMA application_id=\(applicationID)")
        return Database(connection: connection, path: ":memory:", openedAs: .new)
    }

    /// Lends the connection to `body` with the lock held, for a series of statements that must not
    /// interleave with other tasks' (prepare once, step many, read columns). A transaction `body`
    /// began and left open is rolled back before the lock is released, so the next user never
    /// inherits (and commits) half of someone else's work.
    public func withConnection<T: Sendable, E: Error>(_ body: (Connection) throws(E) -> T) throws(E) -> T {
        try connection.withLock { (connection: inout sending Connection) throws(E) -> T in
            defer { connection.rollbackIfOpen("ROLLBACK") }
            return try body(connection)
        }
    }

    /// Runs `body` in one transaction (BEGIN IMMEDIATE … COMMIT, ROLLBACK if it throws) with the lock
    /// held: the unit of an atomic, durable write. See `Connection.transaction`.
    @discardableResult
    public func transaction<T: Sendable>(_ body: (Connection) throws -> T) throws -> T {
        try withConnection { connection in try connection.transaction(body) }
    }

    /// Runs a script of one or more statements with no bound values (schema, pragmas).
    public func execute(_ sql: String) throws(SQLiteError) {
        try withConnection { (connection) throws(SQLiteError) in try connection.execute(sql) }
    }

    /// Runs one statement with `values` bound; returns how many rows it changed.
    @discardableResult
    public func run(_ sql: String, _ values: [SQLValue] = []) throws(SQLiteError) -> Int {
        try withConnection { (connection) throws(SQLiteError) in try connection.run(sql, values) }
    }

    /// Runs one statement with `values` bound; returns all its rows.
    public func query(_ sql: String, _ values: [SQLValue] = []) throws(SQLiteError) -> [[SQLValue]] {
        try withConnection { (connection) throws(SQLiteError) in try connection.query(sql, values) }
    }

    /// The schema version in the file (`PRAGMA user_version`), as the migrations last left it.
    public func schemaVersion() throws(SQLiteError) -> Int {
        try withConnection { (connection) throws(SQLiteError) in try connection.userVersion() }
    }
}

/// What a store file was when it was opened successfully.
public enum StoreFileStatus: Sendable, Equatable {
    /// Missing or empty, now initialised as ours at schema version 0: every migration is still to run.
    case new
    /// Already ours, at this schema version (not newer than the code knows).
    case ours(version: Int)
}
