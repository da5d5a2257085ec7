import CSQLite
import Glibc

/// A failed SQLite call, with what SQLite itself said, so a log line names the real cause
/// ("database disk image is malformed", "UNIQUE constraint failed: …") rather than a bare number.
public struct SQLiteError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The extended result code (`SQLITE_CORRUPT`, `SQLITE_CONSTRAINT_UNIQUE`, …); extended codes are
    /// switched on for every connection, so this says more than the primary code does.
    public let code: Int32
    /// `sqlite3_errmsg` at the time of the failure, or `sqlite3_errstr(code)` when no connection had one.
    public let message: String
    /// The statement that failed, when there was one: which of many statements broke is otherwise a guess.
    public let sql: String?

    public init(code: Int32, message: String, sql: String? = nil) {
        self.code = code
        self.message = message
        self.sql = sql
    }

    /// The primary result code (the low byte), for checks such as "is this corruption?" that should not
    /// depend on which extended variant SQLite reported.
    public var primaryCode: Int32 { code & 0xFF }

    /// True for `SQLITE_CORRUPT` and `SQLITE_NOTADB`: the file's bytes are wrong, retrying will not help.
    public var isCorruption: Bool { primaryCode == SQLITE_CORRUPT || primaryCode == SQLITE_NOTADB }

    public var description: String {
        let name = String(cString: sqlite3_errstr(code))
        let base = "SQLite error \(code) (\(name)): \(message)"
        guard let sql else { return base }
        return "\(base) [in: \(sql)]"
    }

    /// The error the connection `handle` just reported for result `code`.
    static func last(_ handle: OpaquePointer?, code: Int32, sql: String? = nil) -> SQLiteError {
        var message: String
        if let handle, let text = sqlite3_errmsg(handle) {
            message = String(cString: text)
        } else {
            message = String(cString: sqlite3_errstr(code))
        }
        // For a failure of the file system, what the system said ("Permission denied", "No space left
        // on device") is the part a person can act on.
        let primary = code & 0xFF
        if let handle, primary == SQLITE_CANTOPEN || primary == SQLITE_IOERR || primary == SQLITE_FULL {
            let systemError = sqlite3_system_errno(handle)
            if systemError != 0, let text = strerror(systemError) {
                message += " (\(String(cString: text)))"
            }
        }
        return SQLiteError(code: code, message: message, sql: sql)
    }

    /// A misuse of this layer's API (a wrong column index, a missing migration step), reported the
    /// same way as SQLite's own errors so callers handle one type.
    static func misuse(_ message: String, sql: String? = nil) -> SQLiteError {
        SQLiteError(code: SQLITE_MISUSE, message: message, sql: sql)
    }
}
