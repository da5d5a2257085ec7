/// Why a store file could not be opened, as values a caller can act on: log the message and start
/// degraded (for example without stored scenarios) instead of crashing, and never touch a file that
/// is not ours.
public enum StoreFileProblem: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file could not be read or opened at all (permissions, a directory, a missing folder, a lock
    /// held past the busy timeout, WAL not possible on this file system).
    case cannotOpen(path: String, reason: String)
    /// The file belongs to something else; it is left as it was.
    case foreign(path: String, kind: ForeignKind)
    /// The file is a SQLite database, but damaged: SQLITE_CORRUPT/SQLITE_NOTADB when read, or
    /// `PRAGMA quick_check` found problems (`detail` holds SQLite's words).
    case corrupt(path: String, detail: String)
    /// The file is ours, but a newer Layercast has migrated it past what this code knows; using it could
    /// lose what the newer schema stores.
    case newerSchema(path: String, found: Int, known: Int)

    /// What a foreign file is.
    public enum ForeignKind: Sendable, Equatable {
        /// Not a SQLite database at all (no "SQLite format 3" header): SQLite's "file is not a database".
        case notSQLite
        /// A SQLite database with another `application_id` (0 for one that never set it), holding tables.
        case otherApplication(id: Int32)
    }

    /// The path of the file in question.
    public var path: String {
        switch self {
        case .cannotOpen(let path, _), .foreign(let path, _), .corrupt(let path, _), .newerSchema(let path, _, _):
            return path
        }
    }

    public var description: String {
        switch self {
        case .cannotOpen(let path, let reason):
            return "The store \(path) cannot be opened: \(reason)."
        case .foreign(let path, .notSQLite):
            return "The store \(path) is not a SQLite database (file is not a database); it was left untouched. "
                + "Move it away or choose another store path."
        case .foreign(let path, .otherApplication(let id)):
            return "The store \(path) is a SQLite database of another application (application_id \(Self.hex(id))), "
                + "not a Layercast store (\(Self.hex(Database.applicationID))); it was left untouched. "
                + "Move it away or choose another store path."
        case .corrupt(let path, let detail):
            return "The store \(path) is corrupt (\(detail)). Restore it from a backup, or move it away to start "
                + "a new one."
        case .newerSchema(let path, let found, let known):
            return "The store \(path) has schema version \(found), newer than this Layercast knows (\(known)); "
                + "it was left untouched. Run the newer Layercast, or restore a backup made before the upgrade."
        }
    }

    private static func hex(_ id: Int32) -> String {
        let digits = String(UInt32(bitPattern: id), radix: 16, uppercase: true)
        return "0x" + String(repeating: "0", count: max(0, 8 - digits.count)) + digits
    }
}
