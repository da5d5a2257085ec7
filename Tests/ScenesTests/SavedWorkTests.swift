import APIModel
import Animation
import Controls
import Foundation
import Logging
import Rendering
import SQLite
@testable import Scenes
import SeedControls
import Testing

/// Saved work in a data folder (`DataFolder`, `SavedWork`), with a real SQLite file in a temporary
/// folder: what a stage acknowledges is read back by the next stage on the folder (a restart), the
/// bounds push the oldest out as the memory stores do, one stage holds a folder at a time, and a
/// file that cannot be used leaves the stage serving from memory and the file untouched.
@Suite struct SavedWorkTests {

    /// A folder that does not exist yet, under the system's temporary one.
    static func folder() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("layercast-data-\(UUID().uuidString)").path
    }

    static func stage(_ folder: DataFolder?) -> Stage {
        var logger = Logger(label: "saved-work-tests")
        logger.logLevel = .critical
        return Stage(settings: SceneSettings.seeds, scene: LiveScene(clock: ManualClock(startingAt: 1), configuration: .seeds), frameRenderer: FrameRenderer(),
                     replica: nil, logger: logger, dataFolder: folder)
    }

    static func png(_ shade: UInt8) throws -> [UInt8] {
        let pixels = (0..<16).flatMap { _ -> [UInt8] in [shade, 0x40, 0x80, 0xFF] }
        return try PNGEncoder.encode(RenderedImage(width: 4, height: 4, stride: 16, pixels: pixels))
    }

    /// A scenario named `name`; with `hash`, showing that uploaded artwork at 0.1 s.
    static func scenario(_ name: String, artwork hash: String? = nil, from artworks: ArtworkLibrary = ArtworkLibrary(controls: .seeds)) throws -> Scenario {
        let steps = hash.map { #"[{"at": 0.1, "do": "PUT /player/artwork/by-hash", "with": {"sha256": "\#($0)"}}]"# } ?? "[]"
        return try Scenario(parsing: Array(#"{"name": "\#(name)", "duration": 1, "steps": \#(steps)}"#.utf8), controls: .seeds, artworks: artworks)
    }

    @Test func whatAStageKeepsIsThereAfterARestartInItsOrder() throws {
        let path = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: path) }
        var ids: [String] = []
        let hash: String
        do {
            let stage = Self.stage(try DataFolder(path: path))
            hash = try stage.artworks.upload(try Self.png(0x10)).hash
            for name in ["first", "second", "third"] {
                ids.append(try stage.keep(try Self.scenario(name, artwork: hash, from: stage.artworks)).id)
            }
        }
        // The first stage and its lock are gone: the next one reads the folder back.
        let again = Self.stage(try DataFolder(path: path))
        #expect(again.dataFolder?.problem == nil)
        #expect(again.scenarios.store.entries.map(\.key) == ids)
        #expect(again.artworks.store.entries.map(\.key) == [hash])
        let scenario = try again.storedScenario(ids[1])
        #expect(scenario.name == "second" && scenario.artworkHashes == [hash])
        #expect(try again.artworks.bitmap(hash).width == 4)
    }

    @Test func aFolderHasOneStageAtATime() throws {
        let path = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: path) }
        var first: DataFolder? = try DataFolder(path: path)
        #expect(throws: SavedWorkProblem.inUse(folder: path, process: Int(getpid()))) { try DataFolder(path: path) }
        #expect(first?.savedWork != nil)
        first = nil
        // Let go with the first, the folder is free again.
        #expect(throws: Never.self) { _ = try DataFolder(path: path) }
    }

    @Test func theBoundsPushTheOldestOutOnDiskAsInMemory() throws {
        let path = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let saved = try #require(try DataFolder(path: path).savedWork)
        let kind = SavedWork.Kind(table: "scenario", maxCount: 3, maxBytes: 100)
        for (key, size) in [("a", 10), ("b", 20), ("c", 30)] { #expect(try saved.save(kind, key: key, bytes: Array(repeating: 1, count: size))) }
        // A fourth row is one too many: the oldest goes.
        #expect(try saved.save(kind, key: "d", bytes: [2]))
        #expect(try saved.rows(kind).map(\.key) == ["b", "c", "d"])
        // Saving "b" again makes it the newest; 80 bytes more need room: "c" and "d" go (30 + 1 + 80 > 100 with them).
        #expect(try saved.save(kind, key: "b", bytes: Array(repeating: 3, count: 20)))
        #expect(try saved.save(kind, key: "e", bytes: Array(repeating: 4, count: 80)))
        #expect(try saved.rows(kind).map(\.key) == ["b", "e"])
        // Larger than the whole bound: refused, nothing changes.
        #expect(try saved.save(kind, key: "f", bytes: Array(repeating: 5, count: 101)) == false)
        #expect(try saved.rows(kind).map { $0.bytes.count } == [20, 80])
        // The memory store does the same with the same bounds.
        let memory = ContentStore<Int>(maxCount: 3, maxBytes: 100)
        for (key, size) in [("a", 10), ("b", 20), ("c", 30), ("d", 1), ("b", 20), ("e", 80)] { memory.put(key, size, bytes: size) }
        #expect(memory.entries.map(\.key) == ["b", "e"])
    }

    @Test(arguments: ["not a database\n", "newer"])
    func aFileThatCannotBeUsedLeavesTheStageInMemoryAndTheFileAsItWas(_ kind: String) throws {
        let path = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let file = path + "/" + DataFolder.fileName
        if kind == "newer" {
            // Ours, written by a newer Layercast; closed (and checkpointed) before the file is read.
            _ = try DataFolder(path: path)
            try Database.open(path: file, knownVersion: 99).execute("PRAGMA user_version=\(SavedWork.schemaVersion + 1)")
        } else {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            try kind.write(toFile: file, atomically: true, encoding: .utf8)
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: file))
        let folder = try DataFolder(path: path)
        let problem = try #require(folder.problem)
        #expect(problem.contains(file) && problem.hasSuffix("Until then, saved work is kept in memory only."), "\(problem)")
        #expect(problem.contains(kind == "newer" ? "newer" : "not a SQLite database"), "\(problem)")
        let stage = Self.stage(folder)
        let summary = try stage.keep(try Self.scenario("kept in memory"))
        #expect(try stage.storedScenario(summary.id).name == "kept in memory")
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == before)
    }

    /// A store the first schema wrote (`Fixtures/saved-work-v1.sqlite`, made by `layercast data export`
    /// of a folder where a server had stored two scenarios and an upload) opens in a folder and is
    /// migrated to this binary's schema in place, with every row as it was: the file a user has on
    /// disk is the test, not a schema this test writes itself.
    @Test func aStoreOfTheFirstSchemaOpensMigratedWithItsRows() throws {
        let path = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: path) }
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/saved-work-v1.sqlite")
        try FileManager.default.copyItem(atPath: fixture.path, toPath: path + "/" + DataFolder.fileName)

        let folder = try DataFolder(path: path)
        #expect(folder.problem == nil, "\(folder.problem ?? "")")
        let stage = Self.stage(folder)
        let artwork = "667ef9ae76522a8d01a6c07f7a6284b370812f81579716f8e3ae9d969d481834"
        #expect(try stage.storedScenario("9a4a314227422177").name == "first schema")
        let shows = try stage.storedScenario("5a21c81bcbbf4545")
        #expect(shows.name == "with artwork" && shows.artworkHashes == [artwork])
        #expect(stage.artworks.store.get(artwork).map(SHA256.hex) == artwork)
        #expect(stage.scenarios.store.entries.map(\.key) == ["9a4a314227422177", "5a21c81bcbbf4545"], "oldest first, as saved")
        let version = try Database.open(path: path + "/" + DataFolder.fileName, knownVersion: SavedWork.schemaVersion)
            .query("PRAGMA user_version").first?.first?.int64
        #expect(version == Int64(SavedWork.schemaVersion))
    }

    @Test func anExportImportsIntoAnotherFolderWithItsOrderAndLeavesTheFileAsItWas() throws {
        let (from, to) = (Self.folder(), Self.folder())
        let file = Self.folder() + ".sqlite"
        defer { for path in [from, to, file] { try? FileManager.default.removeItem(atPath: path) } }
        let stage = Self.stage(try DataFolder(path: from))
        let hash = try stage.artworks.upload(try Self.png(0x20)).hash
        let ids = try ["one", "two"].map { try stage.keep(try Self.scenario($0, artwork: hash, from: stage.artworks)).id }
        try #require(stage.dataFolder?.savedWork).export(to: file)
        #expect(throws: (any Error).self) { try #require(stage.dataFolder?.savedWork).export(to: file) }  // never over a file

        let before = try Data(contentsOf: URL(fileURLWithPath: file))
        let target = try #require(try DataFolder(path: to).savedWork)
        // One scenario already there, older than the imported ones: it stays, and they come after it.
        try target.save(.scenarios, key: "earlier", bytes: Array("{}".utf8))
        let imported = try target.importRows(from: try SavedWork.exported(at: file))
        #expect(imported == SavedWork.Imported(scenarios: 2, artwork: 1))
        #expect(try target.rows(.scenarios).map(\.key) == ["earlier"] + ids)
        #expect(try target.rows(.artwork).map(\.key) == [hash])
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == before, "reading an export writes nothing to it")
        #expect(throws: (any Error).self) { try SavedWork.exported(at: file + ".missing") }
    }

    @Test func theDefaultFolderFollowsXDG() {
        #expect(DataFolder.defaultPath(environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/a"]) == "/data/layercast")
        #expect(DataFolder.defaultPath(environment: ["XDG_DATA_HOME": "relative", "HOME": "/home/a"]) == "/home/a/.local/share/layercast")
        #expect(DataFolder.defaultPath(environment: ["HOME": "/home/a"]) == "/home/a/.local/share/layercast")
        #expect(DataFolder.defaultPath(environment: [:]) == nil)
        #expect(DataFolder.chosen("none", environment: ["HOME": "/home/a"]) == nil)
        #expect(DataFolder.chosen("/srv/data", environment: ["HOME": "/home/a"]) == "/srv/data")
        #expect(DataFolder.chosen(nil, environment: ["HOME": "/home/a"]) == "/home/a/.local/share/layercast")
    }
}
