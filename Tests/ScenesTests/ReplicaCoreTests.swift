import APIModel
import Animation
import Controls
import Foundation
import LayercastTesting
import LocalRedis
import Logging
import Scenes
import Synchronization
import Testing
import SeedControls

/// Replication as the core does it, with no HTTP server: two stages share one command log on a real
/// redis-server, each applying every entry as it reads it back (docs/design/replication.md §The log).
@Suite(.serialized, .ioTimeLimit)
struct ReplicaCoreTests {

    static func replicaStage(of redis: RedisProcess, scene: String) throws -> Stage {
        guard case .success(let target) = ReplicationTarget.parse(redis.url(scene: scene)) else {
            throw RedisProcessError("bad target")
        }
        var logger = Logger(label: "scenes-tests")
        logger.logLevel = .critical
        let replica = Replica(settings: ReplicationSettings(target: target), logger: logger) { body in
            Thread.detachNewThread(body)
            return true
        }
        let stage = Stage(settings: SceneSettings.seeds, scene: LiveScene(clock: replica.clock, configuration: .seeds, startHost: 0),
                          frameRenderer: FrameRenderer(), replica: replica, logger: logger)
        stage.attachReplica()
        try replica.join()
        return stage
    }

    /// Sends a value through the log and waits for its answer.
    static func submit(_ value: Command, to stage: Stage) throws -> LoggedAnswer {
        let answer = Mutex<LoggedAnswer?>(nil)
        let done = DispatchSemaphore(value: 0)
        stage.replica?.submit({ () throws(Refusal) in (value, nil) }) { reply in
            answer.withLock { $0 = reply }
            done.signal()
        }
        #expect(done.wait(timeout: .now() + 20) == .success)
        return try #require(answer.withLock { $0 })
    }

    /// `layercast data import --replicate`: an export's scenarios go into the scene's Redis, each with
    /// the artwork it names, and a replica that never saw them shows them; artwork no scenario names,
    /// and a row that is not its content's scenario, stay out.
    @Test func anExportImportsIntoAReplicatedSceneWithTheArtworkItsScenariosName() throws {
        let (path, file) = (SavedWorkTests.folder(), SavedWorkTests.folder() + ".sqlite")
        defer { for p in [path, file] { try? FileManager.default.removeItem(atPath: p) } }
        let stage = SavedWorkTests.stage(try DataFolder(path: path))
        let named = try stage.artworks.upload(try SavedWorkTests.png(0x30)).hash
        _ = try stage.artworks.upload(try SavedWorkTests.png(0x31))
        let ids = try [("plain", nil), ("shows", named)].map { name, hash in
            try stage.keep(try SavedWorkTests.scenario(name, artwork: hash, from: stage.artworks)).id
        }
        let saved = try #require(stage.dataFolder?.savedWork)
        try saved.save(.scenarios, key: "0000000000000000", bytes: Array("{}".utf8))
        try saved.export(to: file)

        let redis = try RedisProcess()
        guard case .success(let target) = ReplicationTarget.parse(redis.url(scene: "imported")) else { return }
        let log = CommandLog(target: target)
        let done = try SavedWork.exported(at: file).replicate(into: log, on: try log.connect())
        #expect(done.scenarios == 2 && done.artwork == 1, "\(done)")
        #expect(done.refused == 1 && done.unnamedArtwork == 1, "\(done)")

        let replica = try Self.replicaStage(of: redis, scene: "imported")
        defer { replica.replica?.stop() }
        #expect(try ids.map { try replica.storedScenario($0).name } == ["plain", "shows"])
        let png: [UInt8] = try SavedWorkTests.png(0x30)
        #expect(replica.artworks.store.get(named) == png, "the artwork came with its scenario")
    }

    @Test func aValueSentThroughOneStageAppliesAtTheSameSceneTimeOnTheOther() throws {
        let redis = try RedisProcess()
        let a = try Self.replicaStage(of: redis, scene: "core"), b = try Self.replicaStage(of: redis, scene: "core")
        defer { a.replica?.stop(); b.replica?.stop() }

        let answer = try Self.submit(Command("playButtonMode", [.init(name: "mode", value: "pause")]), to: a)
        let entry = try #require(answer.entry, "applied as a log entry")
        let reply = try answer.outcome.get()
        #expect(String(decoding: reply, as: UTF8.self).contains(#""mode":"pause""#))

        // B applies the same entry: its history names the same value at the same scene time.
        #expect(eventually(timeout: .seconds(20)) { b.replica?.status.lastApplied == entry })
        let onA = a.scene.timeline(from: 0, to: .greatestFiniteMagnitude).commands
        let onB = b.scene.timeline(from: 0, to: .greatestFiniteMagnitude).commands
        #expect(onA.count == 1 && onA == onB)

        // A refusal of the scene comes back as the refusal, through the log, on the replica that sent it.
        let refused = try Self.submit(Command("setClock", [.init(name: "step", value: 1)]), to: b)
        #expect(throws: Refusal.self) { try refused.outcome.get() }
    }
}
