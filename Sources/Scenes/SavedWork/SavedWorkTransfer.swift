import SQLite

/// `layercast data export` and `import`: saved work as one portable file, a SQLite store like the
/// folder's own, to move between machines, into another folder, or into a replica's Redis later.
extension SavedWork {
    /// What an import brought in.
    package struct Imported: Sendable, Equatable {
        package var scenarios = 0
        package var artwork = 0
    }

    /// Writes a consistent copy of the store to `path`, which must not exist (`VACUUM INTO`: one
    /// file, no WAL beside it, taken while a server may be writing).
    package func export(to path: String) throws {
        try database.run("VACUUM INTO ?", [.text(path)])
    }

    /// Saves every row of `other`, artwork first and each kind oldest first, as if saved here now:
    /// the bounds apply, and a row already here becomes the newest.
    package func importRows(from other: SavedWork) throws -> Imported {
        var imported = Imported()
        for row in try other.rows(.artwork) where try save(.artwork, key: row.key, bytes: row.bytes) { imported.artwork += 1 }
        for row in try other.rows(.scenarios) where try save(.scenarios, key: row.key, bytes: row.bytes) { imported.scenarios += 1 }
        return imported
    }

    /// The store in an exported file, opened read-only.
    package static func exported(at path: String) throws -> SavedWork {
        try SavedWork(database: try Database.open(path: path, knownVersion: schemaVersion, readOnly: true))
    }
}
