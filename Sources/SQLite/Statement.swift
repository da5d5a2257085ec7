import CSQLite

/// A prepared statement: compiled once, bound, stepped, reset and stepped again, which is both faster
/// than re-parsing and the only safe way to put values into SQL (no string interpolation of data).
///
/// Not Sendable: it belongs to the `Connection` that prepared it and is used while that connection's
/// lock is held. It keeps the connection alive, so the handle is finalized before the database closes.
public final class Statement {
    private let handle: OpaquePointer
    /// The connection this statement was prepared on: held strongly so `sqlite3_close` never meets an
    /// unfinalized statement.
    private let connection: Connection
    /// The SQL text, for error messages.
    public let sql: String

    init(handle: OpaquePointer, connection: Connection, sql: String) {
        self.handle = handle
        self.connection = connection
        self.sql = sql
    }

    deinit { sqlite3_finalize(handle) }

    /// How many `?` parameters the statement has.
    public var parameterCount: Int { Int(sqlite3_bind_parameter_count(handle)) }

    /// Binds `value` to parameter `index` (1-based, as in SQLite). Text and blobs are copied
    /// (`SQLITE_TRANSIENT`), so the Swift value may go away before the statement runs.
    public func bind(_ value: SQLValue, at index: Int) throws(SQLiteError) {
        guard index >= 1, index <= parameterCount else {
            throw .misuse("parameter \(index) out of 1...\(parameterCount)", sql: sql)
        }
        let i = Int32(index)
        let rc: Int32
        switch value {
        case .integer(let v):
            rc = sqlite3_bind_int64(handle, i, v)
        case .real(let v):
            rc = sqlite3_bind_double(handle, i, v)
        case .null:
            rc = sqlite3_bind_null(handle, i)
        case .text(let v):
            // The byte count is explicit, so NULs inside the string are kept. An empty string gets a
            // real (non-NULL) pointer: SQLite binds NULL when the pointer is NULL.
            var text = v
            rc = text.withUTF8 { utf8 -> Int32 in
                guard let base = utf8.baseAddress, utf8.count > 0 else {
                    return sqlite3_bind_text(handle, i, "", 0, csqlite_transient())
                }
                return base.withMemoryRebound(to: CChar.self, capacity: utf8.count) {
                    sqlite3_bind_text64(handle, i, $0, sqlite3_uint64(utf8.count), csqlite_transient(), UInt8(SQLITE_UTF8))
                }
            }
        case .blob(let v):
            // An empty array has no storage to point at, and a NULL pointer binds NULL: zeroblob(0)
            // is SQLite's empty blob.
            rc = v.withUnsafeBytes { raw -> Int32 in
                guard let base = raw.baseAddress, raw.count > 0 else { return sqlite3_bind_zeroblob(handle, i, 0) }
                return sqlite3_bind_blob64(handle, i, base, sqlite3_uint64(raw.count), csqlite_transient())
            }
        }
        guard rc == SQLITE_OK else { throw connection.error(rc, sql: sql) }
    }

    /// Resets the statement and binds `values` to parameters 1…n; the count must match, so a forgotten
    /// value is an error instead of a silent NULL.
    public func bind(_ values: [SQLValue]) throws(SQLiteError) {
        guard values.count == parameterCount else {
            throw .misuse("\(values.count) values for \(parameterCount) parameters", sql: sql)
        }
        reset()
        for (offset, value) in values.enumerated() {
            try bind(value, at: offset + 1)
        }
    }

    /// Runs the statement one step: true when a row is ready to read, false when it is done.
    @discardableResult
    public func step() throws(SQLiteError) -> Bool {
        let rc = sqlite3_step(handle)
        switch rc {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            // Reset so the statement is reusable and the connection holds no half-done read.
            sqlite3_reset(handle)
            throw connection.error(rc, sql: sql)
        }
    }

    /// Rewinds the statement to run again; bindings stay, so only the changed ones need binding.
    public func reset() {
        sqlite3_reset(handle)
    }

    /// How many columns a row of this statement has.
    public var columnCount: Int { Int(sqlite3_column_count(handle)) }

    /// The name of column `index` (0-based), as the SELECT named it.
    public func columnName(_ index: Int) -> String {
        guard let name = sqlite3_column_name(handle, Int32(index)) else { return "" }
        return String(cString: name)
    }

    /// Column `index` (0-based) of the current row, in its own storage class.
    public func value(at index: Int) -> SQLValue {
        // Out of range is undefined behaviour in SQLite: answer NULL instead.
        guard index >= 0, index < columnCount else { return .null }
        let i = Int32(index)
        switch sqlite3_column_type(handle, i) {
        case SQLITE_INTEGER:
            return .integer(sqlite3_column_int64(handle, i))
        case SQLITE_FLOAT:
            return .real(sqlite3_column_double(handle, i))
        case SQLITE_TEXT:
            // Pointer first, then the byte count (the documented order); the count keeps NULs.
            guard let text = sqlite3_column_text(handle, i) else { return .text("") }
            let count = Int(sqlite3_column_bytes(handle, i))
            return .text(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self))
        case SQLITE_BLOB:
            // A zero-length blob comes back as a NULL pointer: still an (empty) blob.
            guard let blob = sqlite3_column_blob(handle, i) else { return .blob([]) }
            let count = Int(sqlite3_column_bytes(handle, i))
            return .blob(Array(UnsafeRawBufferPointer(start: blob, count: count)))
        default:
            return .null
        }
    }

    /// Every column of the current row.
    public func row() -> [SQLValue] {
        (0..<columnCount).map { value(at: $0) }
    }

    /// Column `index` as an integer, nil when it holds another storage class or NULL.
    public func int64(at index: Int) -> Int64? { value(at: index).int64 }
    /// Column `index` as a real, nil when it holds another storage class or NULL.
    public func double(at index: Int) -> Double? { value(at: index).double }
    /// Column `index` as text, nil when it holds another storage class or NULL.
    public func string(at index: Int) -> String? { value(at: index).string }
    /// Column `index` as bytes, nil when it holds another storage class or NULL.
    public func blob(at index: Int) -> [UInt8]? { value(at: index).bytes }
    /// True when column `index` is NULL.
    public func isNull(at index: Int) -> Bool { value(at: index) == .null }
}

@available(*, unavailable, message: "a Statement belongs to its connection's lock")
extension Statement: Sendable {}
