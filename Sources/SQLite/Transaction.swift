import CSQLite

extension Connection {
    /// Runs `body` as one atomic, durable unit: all of its writes are committed together, or, if it
    /// throws, none of them are.
    ///
    /// `BEGIN IMMEDIATE` takes the write lock at the start, so a transaction that reads and then writes
    /// never fails halfway with `SQLITE_BUSY` because another writer came first (it waits for the busy
    /// timeout instead). With `synchronous=FULL`, the COMMIT has reached the disk when this returns.
    ///
    /// Called inside another transaction, it becomes a SAVEPOINT: a throwing inner body undoes only
    /// its own writes, and the outer transaction decides about the rest.
    @discardableResult
    public func transaction<T>(_ body: (Connection) throws -> T) throws -> T {
        if isInTransaction { return try savepoint(body) }
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body(self)
            try execute("COMMIT")
            return result
        } catch {
            rollbackIfOpen("ROLLBACK")
            throw error
        }
    }

    private func savepoint<T>(_ body: (Connection) throws -> T) throws -> T {
        try execute("SAVEPOINT layercast_nested")
        do {
            let result = try body(self)
            try execute("RELEASE layercast_nested")
            return result
        } catch {
            rollbackIfOpen("ROLLBACK TO layercast_nested; RELEASE layercast_nested")
            throw error
        }
    }

    /// Undoes the open transaction. Some errors (SQLITE_FULL, SQLITE_IOERR, …) have already made SQLite
    /// roll back by itself; then there is nothing to undo, and the body's error is the one to report,
    /// so a failure here is not thrown over it.
    func rollbackIfOpen(_ sql: String) {
        guard isInTransaction else { return }
        sqlite3_exec(handle, sql, nil, nil, nil)
    }
}
