import SQLite
import Testing

/// Migrations run step by step, each in its own transaction with its version bump.
@Suite struct MigrationTests {
    struct StepFailed: Error, Equatable {}

    static let steps: [Int: MigrationStep] = [
        1: { try $0.execute("CREATE TABLE scenario(key TEXT PRIMARY KEY, body BLOB NOT NULL)") },
        2: { try $0.execute("ALTER TABLE scenario ADD COLUMN updated INTEGER NOT NULL DEFAULT 0") },
    ]

    @Test func aNewStoreMigratesThroughEveryStep() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/store.db"
            do {
                let db = try Database.open(path: path, knownVersion: 2)
                #expect(db.openedAs == .new)
                try db.migrate(to: 2, steps: Self.steps)
                #expect(try db.schemaVersion() == 2)
                try db.run("INSERT INTO scenario(key, body, updated) VALUES ('a', x'00', 5)")
                // Already there: nothing to run (a step that would fail proves it is not called).
                try db.migrate(to: 2, steps: [1: { _ in throw StepFailed() }, 2: { _ in throw StepFailed() }])
            }
            let reopened = try Database.open(path: path, knownVersion: 2)
            #expect(reopened.openedAs == .ours(version: 2))
            #expect(try reopened.query("SELECT key, updated FROM scenario") == [[.text("a"), .integer(5)]])
        }
    }

    @Test func aStepThatFailsHalfwayRollsBackToTheOldVersion() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/store.db"
            do {
                let db = try Database.open(path: path, knownVersion: 2)
                try db.migrate(to: 1, steps: Self.steps)
                try db.run("INSERT INTO scenario VALUES ('kept', x'01')")

                let failing: [Int: MigrationStep] = [
                    2: { connection in
                        try connection.execute("CREATE TABLE recording(id INTEGER PRIMARY KEY)")
                        try connection.run("INSERT INTO recording VALUES (1)")
                        try connection.run("DELETE FROM scenario")
                        throw StepFailed()
                    },
                ]
                let error = #expect(throws: MigrationError.self) { try db.migrate(to: 2, steps: failing) }
                #expect(error?.fromVersion == 1)
                #expect(error?.toVersion == 2)
                #expect(error?.underlying is StepFailed)
                #expect(error?.description.contains(path) == true)

                #expect(try db.schemaVersion() == 1)
                #expect(try db.query("SELECT name FROM sqlite_master WHERE name = 'recording'").isEmpty)
                #expect(try db.query("SELECT key FROM scenario") == [[.text("kept")]])
            }
            // Also on disk, for the next start.
            let reopened = try Database.open(path: path, knownVersion: 2)
            #expect(reopened.openedAs == .ours(version: 1))
            #expect(try reopened.query("SELECT key FROM scenario") == [[.text("kept")]])
            try reopened.migrate(to: 2, steps: Self.steps)
            #expect(try reopened.schemaVersion() == 2)
        }
    }

    @Test func stepsBeforeTheFailingOneStayApplied() throws {
        let db = try Database.openInMemory()
        var steps = Self.steps
        steps[3] = { _ in throw StepFailed() }
        let error = #expect(throws: MigrationError.self) { try db.migrate(to: 3, steps: steps) }
        #expect(error?.fromVersion == 2)
        #expect(error?.toVersion == 3)
        #expect(try db.schemaVersion() == 2)
    }

    @Test func aMissingStepIsAnErrorAndChangesNothing() throws {
        let db = try Database.openInMemory()
        let error = #expect(throws: MigrationError.self) { try db.migrate(to: 2, steps: [2: Self.steps[2] ?? { _ in }]) }
        #expect(error?.fromVersion == 0)
        #expect(error?.toVersion == 1)
        #expect((error?.underlying as? SQLiteError)?.message == "no migration step to version 1")
        #expect(try db.schemaVersion() == 0)
    }

    @Test func migratingBackwardsIsRefused() throws {
        let db = try Database.openInMemory()
        try db.migrate(to: 2, steps: Self.steps)
        let error = #expect(throws: MigrationError.self) { try db.migrate(to: 1, steps: Self.steps) }
        #expect(error?.fromVersion == 2)
        #expect(try db.schemaVersion() == 2)
    }
}
