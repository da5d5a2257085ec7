import Foundation
@testable import Scenes
import SQLite
import Testing

/// Pinned entries are never pushed out, in memory (`ContentStore`) or on disk (`SavedWork`), and
/// pins are bounded to a quarter of a store.
@Suite struct ContentStorePinTests {
    @Test func aPinnedEntryIsSkippedWhenTheOldestGo() {
        let store = ContentStore<Int>(maxCount: 8, maxBytes: 800)
        for k in 0..<8 { store.put("k\(k)", k, bytes: 100) }
        #expect(store.pin("k0", true) == true && store.pin("nothing", true) == nil)
        store.put("k8", 8, bytes: 100)
        store.put("k9", 9, bytes: 100)
        #expect(store.entries.map(\.key) == ["k0", "k3", "k4", "k5", "k6", "k7", "k8", "k9"])
        store.put("k0", 0, bytes: 100)  // stored again: the newest, still pinned
        #expect(store.isPinned("k0") && store.entries.last?.key == "k0")
        #expect(store.usage.pinned == 1 && store.usage.pinnedBytes == 100 && store.usage.maxPinned == 2)
        #expect(store.pin("k0", false) == true)
        store.put("k10", 10, bytes: 100)
        #expect(store.get("k3") == nil && store.get("k0") == 0, "unpinned, it goes in its turn")
    }

    @Test func pinsAreBoundedInCountAndBytes() {
        let store = ContentStore<Int>(maxCount: 8, maxBytes: 800)
        for k in 0..<4 { store.put("k\(k)", k, bytes: k == 3 ? 151 : 50) }
        #expect(store.pin("k0", true) == true && store.pin("k1", true) == true)
        #expect(store.pin("k2", true) == false, "a quarter of 8 entries")
        #expect(store.pin("k1", false) == true)
        #expect(store.pin("k3", true) == false, "50 + 151 bytes pinned is past a quarter of 800")
        #expect(store.usage.pinned == 1)
    }

    @Test func pinsAreOnDiskAndTheirRowsAreNeverPushedOut() throws {
        let path = SavedWorkTests.folder()
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let saved = try SavedWork(database: try Database.open(path: path + "/pins.sqlite", knownVersion: SavedWork.schemaVersion))
        let kind = SavedWork.Kind(table: "scenario", maxCount: 3, maxBytes: 1000)
        for k in 0..<3 { try saved.save(kind, key: "k\(k)", bytes: [UInt8(k)]) }
        try saved.pin(kind, key: "k0", true)
        try saved.save(kind, key: "k3", bytes: [3])
        let rows = try saved.rows(kind)
        #expect(rows.map(\.key) == ["k0", "k2", "k3"] && rows.map(\.pinned) == [true, false, false])
        try saved.save(kind, key: "k0", bytes: [0])  // saved again: the newest, its pin kept
        #expect(try saved.rows(kind).last == SavedWork.Row(key: "k0", bytes: [0], pinned: true))
        try saved.pin(kind, key: "k0", false)
        try saved.save(kind, key: "k4", bytes: [4])
        try saved.save(kind, key: "k5", bytes: [5])
        try saved.save(kind, key: "k6", bytes: [6])
        #expect(try saved.rows(kind).map(\.key) == ["k4", "k5", "k6"])
    }

    /// A file of version 1 (before pins) is brought up to date when a server opens it, and read as
    /// it is when it is an export.
    @Test func aFileWrittenBeforePinsIsMigratedOrReadAsItIs() throws {
        let path = SavedWorkTests.folder()
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: path) }
        for name in ["store", "export"] {
            let v1 = try Database.open(path: "\(path)/\(name).sqlite", knownVersion: 1)
            try v1.execute("""
                CREATE TABLE scenario (key TEXT PRIMARY KEY, bytes BLOB NOT NULL, seq INTEGER NOT NULL);
                CREATE TABLE artwork (key TEXT PRIMARY KEY, bytes BLOB NOT NULL, seq INTEGER NOT NULL);
                INSERT INTO scenario VALUES ('old', x'7b7d', 1);
                PRAGMA user_version=1;
                """)
        }
        let exported = try SavedWork.exported(at: path + "/export.sqlite")
        #expect(try exported.rows(.scenarios) == [SavedWork.Row(key: "old", bytes: [0x7B, 0x7D])])
        let migrated = try SavedWork(database: try Database.open(path: path + "/store.sqlite", knownVersion: SavedWork.schemaVersion))
        try migrated.pin(.scenarios, key: "old", true)
        #expect(try migrated.rows(.scenarios) == [SavedWork.Row(key: "old", bytes: [0x7B, 0x7D], pinned: true)])
        #expect(try migrated.database.schemaVersion() == SavedWork.schemaVersion)
    }
}
