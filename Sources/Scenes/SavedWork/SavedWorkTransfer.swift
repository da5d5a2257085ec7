import SQLite

/// `layercast data export` and `import`: saved work as one portable file, a SQLite store like the
/// folder's own, to move between machines, into another folder, or into a replicated scene's Redis.
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
        for kind in [Kind.artwork, .scenarios] {
            for row in try other.rows(kind) where try save(kind, key: row.key, bytes: row.bytes) {
                if row.pinned { try pin(kind, key: row.key, true) }
                if kind.table == Kind.artwork.table { imported.artwork += 1 } else { imported.scenarios += 1 }
            }
        }
        return imported
    }

    /// What an import into Redis stored, and what it could not.
    package struct Replicated: Sendable, Equatable {
        package var scenarios = 0
        /// Artwork stored with the scenarios that name it (Redis keeps no artwork of its own).
        package var artwork = 0
        /// Rows whose key is not their content's id: not a scenario this file's format wrote.
        package var refused = 0
        /// Artwork no scenario names, which a replicated scene has no place for.
        package var unnamedArtwork = 0
    }

    /// Stores every scenario of this store, oldest first, in a replicated scene's Redis as a
    /// replica's `POST /scenarios` does (and pins the pinned ones), each with the artwork it names, so that every replica of
    /// the scene can show it (docs/design/replication.md §Stored scenarios); Redis's bounds apply.
    /// A replica that fetches one checks it again, as it checks anything Redis holds.
    package func replicate(into log: CommandLog, on redis: RedisConnection) throws -> Replicated {
        var replicated = Replicated()
        let artwork = try rows(.artwork)
        var named = Set<String>()
        for row in try rows(.scenarios) {
            guard String(SHA256.hex(row.bytes).prefix(Scenario.idLength)) == row.key else {
                replicated.refused += 1
                continue
            }
            let text = String(decoding: row.bytes, as: UTF8.self)
            let artworks = artwork.filter { text.contains($0.key) }.map { (hash: $0.key, png: $0.bytes) }
            try log.storeScenario(SharedScenario(id: row.key, document: row.bytes, artworks: artworks), on: redis)
            if row.pinned { _ = try log.pinScenario(row.key, true, on: redis) }
            replicated.scenarios += 1
            replicated.artwork += artworks.count
            named.formUnion(artworks.map(\.hash))
        }
        replicated.unnamedArtwork = artwork.filter { !named.contains($0.key) }.count
        return replicated
    }

    /// The store in an exported file, opened read-only, as it is: a file an earlier version wrote
    /// is read without its later tables.
    package static func exported(at path: String) throws -> SavedWork {
        try SavedWork(database: try Database.open(path: path, knownVersion: schemaVersion, readOnly: true), migrating: false)
    }
}
