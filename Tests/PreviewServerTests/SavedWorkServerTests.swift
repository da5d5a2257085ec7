import Foundation
import LayercastTesting
@testable import PreviewServer
import Scenes
import SeedControls
import Testing

/// `--data` through HTTP: a stored scenario is answered by the next server on the folder, a second
/// server on a held folder does not start and says whose it is, and a store file that cannot be
/// used leaves the server serving, `degraded` in /healthz.
@Suite(.ioTimeLimit) struct SavedWorkServerTests {

    static let scenario = #"{"name": "kept", "duration": 1, "steps": [{"at": 0.2, "do": "POST /spinner/stop"}]}"#

    static func withFolder(_ body: (String) throws -> Void) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("layercast-data-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try body(path)
    }

    @Test func aStoredScenarioIsAnsweredByTheNextServerOnTheFolder() throws {
        try Self.withFolder { path in
            let id = try withTestServer(configure: { $0.dataDirectory = path }) { s in
                let id = try Scenarios.store(Self.scenario, on: s)
                // While it runs, the folder is its own.
                let second = PreviewServer(configuration: {
                    var c = PreviewServerConfiguration.seeds
                    c.port = 0
                    c.dataDirectory = path
                    return c
                }())
                #expect(throws: SavedWorkProblem.inUse(folder: path, process: Int(getpid()))) { try second.start() }
                return id
            }
            try withTestServer(configure: { $0.dataDirectory = path }) { s in
                let reply = try s.get("/scenarios/\(id)")
                #expect(reply.status == 200, "\(reply.text.prefix(200))")
                #expect(reply.text.contains("\"kept\""))
                #expect(try s.get("/healthz").text == "ok\n")
            }
        }
    }

    /// A stopped server lets its folder go at once, though something still holds it (a request's
    /// work may, a moment after it stopped): a restart in one process finds the folder free. (CI saw
    /// the next server refused while the stopped one waited to be freed.)
    @Test func aStoppedServerLetsItsFolderGoWhileStillHeld() throws {
        try Self.withFolder { path in
            func server() -> PreviewServer {
                var c = PreviewServerConfiguration.seeds
                c.port = 0
                c.dataDirectory = path
                return PreviewServer(configuration: c)
            }
            let first = server()
            try first.start()
            let second = server()
            #expect(throws: SavedWorkProblem.inUse(folder: path, process: Int(getpid()))) { try second.start() }
            _ = first.stop()
            let third = server()
            try third.start()
            _ = third.stop()
            withExtendedLifetime(first) {}
        }
    }

    @Test func aFileThatCannotBeUsedIsDegradedInHealthzAndTheServerServes() throws {
        try Self.withFolder { path in
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            try "not a database\n".write(toFile: path + "/" + DataFolder.fileName, atomically: true, encoding: .utf8)
            try withTestServer(configure: { $0.dataDirectory = path }) { s in
                let health = try jsonObject(s.get("/healthz"))
                #expect(health["status"] as? String == "degraded")
                let saved = try #require(health["savedWork"] as? [String: Any])
                #expect(saved["folder"] as? String == path)
                #expect((saved["problem"] as? String)?.contains("not a SQLite database") == true, "\(saved)")
                let id = try Scenarios.store(Self.scenario, on: s)
                #expect(try s.get("/scenarios/\(id)").status == 200)
            }
        }
    }
}
