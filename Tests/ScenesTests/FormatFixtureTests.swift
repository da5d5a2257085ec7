import Animation
import Controls
import Foundation
import JSON
import Logging
@testable import Scenes
import SeedControls
import Testing

/// What servers before command ids wrote, read by this one (docs/design/replication.md §The log,
/// docs/design/scenarios.md §Canonical text). Each fixture in `Fixtures/` was made by the server of
/// the commit before ids (a replica on a real Redis, `curl`, `layercast data export`), never by this
/// test: the files a user has are the test.
/// - `log-v1.json`: eleven entries of a version-1 log, as `XRANGE` gave them, and the PNG one of them uploaded;
/// - `scenario-4a3111af5c610d3d.json`: a stored scenario's canonical text, under the id it had;
/// - `snapshot-format2.json` and `-state.json`: `GET /snapshot` and `GET /state` of one paused scene;
/// - `export-schema2.sqlite`: `layercast data export` of a folder holding that scenario and the PNG.
@Suite struct FormatFixtureTests {
    static func fixture(_ name: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/\(name)"))
    }

    static let artwork = "ac70957162a80395500f26f10e2432121471a60fd7d5e9e8a1e6771a762d6dd4"

    /// The version-1 entries, each read from the fields the old server wrote.
    static func version1Entries() throws -> [LogEntry] {
        struct Written: Decodable {
            let id: String
            let fields: [[String]]
        }
        return try JSONDecoder().decode([Written].self, from: try fixture("log-v1.json")).map { written in
            let fields = written.fields.flatMap { $0.map { RedisReply.string(Array($0.utf8)) } }
            return try LogEntry(reply: .array([.string(Array(written.id.utf8)), .array(fields)]))
        }
    }

    @Test func aVersion1LogIsAppliedAsItsRoutesNameItWithTypedArguments() throws {
        let entries = try Self.version1Entries()
        #expect(entries.count == 11 && entries.allSatisfy { $0.version == "1" })
        let clock = ManualClock(startingAt: 0)
        let stage = StageCommandTests.stage(clock)
        let upload = Array(try Self.fixture("log-v1-upload.png"))
        for entry in entries {
            clock.advance(by: max(0, entry.effect - clock.hostNow))
            let applied = stage.applyLogged(entry, upload: entry.upload == nil ? nil : upload, at: entry.effect)
            guard case .success(.success) = applied else {
                Issue.record("entry \(entry.id) (\(entry.command.id)): \(applied)")
                continue
            }
        }

        let commands = stage.scene.timeline(from: 0, to: clock.hostNow).commands.map(\.command)
        #expect(commands.map(\.id) == ["meterConfig", "meterHold", "playButtonMode", "playButtonTheme", "patchSpinnerProps",
                                       "playerSeek", "spinnerStop", "resetSpinnerProps", "playerArtworkByHash"])
        #expect(commands[1].arguments == [.init(name: "seconds", value: 2.5)])
        #expect(commands[2].arguments == [.init(name: "mode", value: "pause"), .init(name: "animated", value: false)])
        #expect(commands[5].arguments == [.init(name: "progress", value: 40)])
        #expect(commands[4].document == ##"{"color":"#1e88e5"}"##)

        let (scene, time, _) = stage.scene.snapshotWithRevision()
        #expect(scene.meter.state(at: time).duration == 8)
        let button = scene.playButton.state(at: time)
        #expect(button.mode == .pause && button.theme == "sample")
        #expect(scene.player.state(at: time).progress.model == 40)
        #expect(scene.shownImages.count == 1)
        #expect(stage.scene.clock.isPaused && stage.scene.clock.speed == 2)
    }

    /// The new format's entry: the command by its id, its arguments typed.
    @Test func aVersion2EntryNamesTheCommandByItsIdWithTypedArguments() throws {
        let entry = LogEntry(command: Command("playButtonMode", [.init(name: "mode", value: "pause"), .init(name: "animated", value: false)]),
                             accepted: 1, effect: 1.05, origin: "o/1")
        let fields = stride(from: 0, to: entry.fields.count, by: 2).map {
            (String(decoding: entry.fields[$0], as: UTF8.self), String(decoding: entry.fields[$0 + 1], as: UTF8.self))
        }
        #expect(fields.first { $0.0 == "version" }?.1 == "2")
        #expect(fields.first { $0.0 == "command" }?.1 == #"{"id":"playButtonMode","with":{"animated":false,"mode":"pause"}}"#)
    }

    @Test func aStoredScenarioKeepsItsIdAndTextAndNamingStepsByIdGivesTheSameOne() throws {
        let text = try Self.fixture("scenario-4a3111af5c610d3d.json")
        let artworks = ArtworkLibrary(controls: .seeds)
        _ = try artworks.upload(Array(try Self.fixture("log-v1-upload.png")))
        let stored = try Scenario(parsing: Array(text), controls: .seeds, artworks: artworks)
        #expect(stored.id == "4a3111af5c610d3d")
        #expect(stored.canonicalText == String(decoding: text, as: UTF8.self))
        #expect(stored.steps.map(\.command.id) == ["patchMeterProps", "meterHold", "playButtonMode", "setClock", "spinnerStop",
                                                   "playerArtworkByHash"])

        var byId = String(decoding: text, as: UTF8.self)
        for step in stored.steps { byId = byId.replacingOccurrences(of: #""do":"\#(step.route)""#, with: #""do":"\#(step.command.id)""#) }
        #expect(!byId.contains("POST /"))
        let written = try Scenario(parsing: Array(byId.utf8), controls: .seeds, artworks: artworks)
        #expect(written.id == stored.id && written.canonicalText == stored.canonicalText)
    }

    @Test func aSnapshotOfFormat2RestoresTheScenesStates() throws {
        let stage = StageCommandTests.stage()
        _ = try stage.artworks.upload(Array(try Self.fixture("log-v1-upload.png")))
        let snapshot = try SceneSnapshot.decode(Array(try Self.fixture("snapshot-format2.json")),
                                                references: stage.artworkReferences(Scene.seeds()))
        let restored = snapshot.scene.scene
        let state = try Self.controlStates(try Self.fixture("snapshot-format2-state.json"))
        let time = restored.time
        #expect(abs(time - (state["sceneTime"] as? Double ?? 0)) < 1e-9)
        let now = SceneState(scene: restored, time: time, revision: 0, clock: ClockState(sceneTime: time, paused: true, speed: 2, fps: 30))
        let again = try Self.controlStates(try SceneStateEncoding.encoder.encode(now))
        for key in ["meter", "playButton", "player", "spinner", "props"] {
            #expect(again[key] as? NSDictionary == state[key] as? NSDictionary, "\(key)")
        }
    }

    /// A `/state` document, the artwork's id left out: it numbers the bitmaps a process has made.
    static func controlStates(_ json: Data) throws -> [String: Any] {
        var state = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        var player = state["player"] as? [String: Any]
        var artwork = player?["artwork"] as? [String: Any]
        artwork?["id"] = nil
        player?["artwork"] = artwork
        state["player"] = player
        return state
    }

    @Test func anExportOfSchema2ImportsWithItsScenarioUnderItsIdAndItsArtwork() throws {
        let path = SavedWorkTests.folder()
        let copy = SavedWorkTests.folder() + ".sqlite"
        defer { for file in [path, copy] { try? FileManager.default.removeItem(atPath: file) } }
        // Reading an export writes nothing to it, but the fixture stays out of reach all the same.
        try FileManager.default.copyItem(at: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/export-schema2.sqlite"), to: URL(fileURLWithPath: copy))
        let target = try #require(try DataFolder(path: path).savedWork)
        #expect(try target.importRows(from: try SavedWork.exported(at: copy)) == SavedWork.Imported(scenarios: 1, artwork: 1))
        let stage = SavedWorkTests.stage(try DataFolder(path: path))
        let scenario = try stage.storedScenario("4a3111af5c610d3d")
        #expect(scenario.id == "4a3111af5c610d3d" && scenario.name == "written before ids")
        #expect(scenario.artworkHashes == [Self.artwork])
        #expect(stage.artworks.store.get(Self.artwork).map(SHA256.hex) == Self.artwork)
    }
}
