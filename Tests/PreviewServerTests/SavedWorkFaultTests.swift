import Foundation
import HTTPClient
import LayercastTesting
import Rendering
@testable import Scenes
import SeedControls
import SQLite
import Synchronization
import Testing

/// Saved work under `kill -9` (docs/security.md §Saved work): a `layercast` process on a data folder
/// is killed with SIGKILL at random moments while a client stores scenarios and uploads artwork,
/// then started again on the folder, several times. Every save it acknowledged is there at the end
/// and intact, and every row there is whole (a save it never answered may be there, committed
/// before the kill, but never half).
@Suite(.ioTimeLimit) struct SavedWorkFaultTests {

    /// A `layercast serve` on `folder`, in a process of its own, answering /healthz.
    struct ServerProcess {
        let process = Process()
        let baseURL: String

        init(folder: String) throws {
            let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("layercast").path
            let port = try LoopbackPort.free()
            process.executableURL = URL(fileURLWithPath: binary)
            process.arguments = ["serve", "--host", "127.0.0.1", "--port", String(port), "--data", folder, "--log-level", "error"]
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            baseURL = "http://127.0.0.1:\(port)"
            let url = baseURL
            guard eventually(timeout: .seconds(20), { (try? HTTPProbe.get(url + "/healthz").text) == "ok\n" }) else {
                throw ServerDidNotStart(folder: folder)
            }
        }

        func kill() {
            Glibc.kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    struct ServerDidNotStart: Error { let folder: String }

    /// A PNG unlike any other of the run: `n` in its pixels.
    static func png(_ n: Int) throws -> [UInt8] {
        let pixels = (0..<64).flatMap { i -> [UInt8] in [UInt8(n & 0xFF), UInt8((n >> 8) & 0xFF), UInt8(i), 0xFF] }
        return try PNGEncoder.encode(RenderedImage(width: 8, height: 8, stride: 32, pixels: pixels))
    }

    @Test func whatWasAcknowledgedSurvivesKillNine() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("layercast-fault-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var scenarios: [String] = []   // ids the server acknowledged, oldest first
        var artworks: [String] = []    // hashes it acknowledged, oldest first
        var (attempts, unanswered, rounds) = (0, 0, 0)
        var generator = SystemRandomNumberGenerator()
        // Five kills at least, and as many more as it takes to acknowledge more scenarios than the store
        // keeps (a loaded machine saves fewer between kills; the bounds must still be reached), at most 60.
        while rounds < 5 || (scenarios.count <= ScenarioStore.maxCount && rounds < 60) {
            let round = rounds
            rounds += 1
            let server = try ServerProcess(folder: folder)
            let log = Mutex<(scenarios: [String], artworks: [String], attempts: Int)>(([], [], 0))
            let stop = Atomic<Bool>(false)
            let done = Atomic<Bool>(false)
            let client = Thread {
                var i = 0
                while !stop.load(ordering: .relaxed) {
                    let n = round * 1000 + i
                    log.withLock { $0.attempts += 1 }
                    if i % 4 == 3, let png = try? Self.png(n) {
                        if let reply = try? HTTPProbe.request("PUT", url: server.baseURL + "/player/artwork",
                                                              headers: [("Content-Type", "image/png")], body: png),
                           reply.status == 200 {
                            log.withLock { $0.artworks.append(SHA256.hex(png)) }
                        }
                    } else {
                        let document = #"{"name": "fault \#(n)", "duration": 1, "steps": [{"at": 0.5, "do": "POST /spinner/stop"}]}"#
                        if let reply = try? HTTPProbe.request("POST", url: server.baseURL + "/scenarios",
                                                              headers: [("Content-Type", "application/json")], body: Array(document.utf8)),
                           reply.status == 201, let id = (try? jsonObject(reply))?["id"] as? String {
                            log.withLock { $0.scenarios.append(id) }
                        }
                    }
                    i += 1
                }
                done.store(true, ordering: .relaxed)
            }
            client.start()
            // The kill comes at a random point in the client's saves, counted rather than timed: as the
            // client starts its `target`-th save, whatever state that save and the ones before it are in.
            let target = Int.random(in: 8...40, using: &generator)
            #expect(eventually(timeout: .seconds(60)) { log.withLock { $0.attempts } >= target })
            server.kill()
            stop.store(true, ordering: .relaxed)
            #expect(eventually(timeout: .seconds(10)) { done.load(ordering: .relaxed) })
            let got = log.withLock { $0 }
            attempts += got.attempts
            unanswered += got.attempts - got.scenarios.count - got.artworks.count
            scenarios += got.scenarios
            artworks += got.artworks
        }
        #expect(scenarios.count > ScenarioStore.maxCount, "too few saves to reach the bounds: \(scenarios.count)")

        // The bounds keep the newest rows, and a save the kill cut short may have been committed, pushing
        // one more out each round: the newest acknowledged but those must all be there, and whole.
        let kept = Array(scenarios.suffix(ScenarioStore.maxCount - rounds))
        let keptArtwork = Array(artworks.suffix(ArtworkLibrary.maxCount - rounds))
        let server = try ServerProcess(folder: folder)
        defer { server.kill() }
        for id in kept {
            let reply = try HTTPProbe.get(server.baseURL + "/scenarios/\(id)")
            #expect(reply.status == 200, "scenario \(id) was acknowledged and is gone")
        }
        let saved = try SavedWork(database: try Database.open(path: folder + "/" + DataFolder.fileName, knownVersion: SavedWork.schemaVersion))
        let artworkRows = try saved.rows(.artwork)
        #expect(Set(artworkRows.map(\.key)).isSuperset(of: keptArtwork), "acknowledged artwork is missing")
        for row in artworkRows { #expect(SHA256.hex(row.bytes) == row.key, "artwork \(row.key) is not whole") }
        let scenarioRows = try saved.rows(.scenarios)
        #expect(Set(scenarioRows.map(\.key)).isSuperset(of: kept))
        for row in scenarioRows {
            #expect(try Scenario(parsing: row.bytes, controls: .seeds, artworks: ArtworkLibrary(controls: .seeds)).id == row.key, "scenario \(row.key) is not whole")
        }
        print("SavedWorkFaultTests: \(attempts) saves in \(rounds) kills; \(scenarios.count) scenarios and \(artworks.count) images "
              + "acknowledged, \(unanswered) cut short; \(kept.count) and \(keptArtwork.count) checked")
    }
}
