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
        isInTransaction
            ? try run(body, begin: "SAVEPOINT layercast_nested", commit: "RELEASE layercast_nested",
                      rollback: "ROLLBACK TO layercast_nested; RELEASE layercast_nested")
            : try run(body, begin: "BEGIN IMMEDIATE", commit: "COMMIT", rollback: "ROLLBACK")
    }

    /// `body` between `begin` and `commit`, or `rollback` if it throws.
    private func run<T>(_ body: (Connection) throws -> T, begin: String, commit: String, rollback: String) throws -> T {
        try execute(begin)
        do {
            let result = try body(self)
            try execute(commit)
            return result
        } catch {
            rollbackIfOpen(rollback)
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
