import Foundation
import LayercastTesting
@testable import PreviewServer
import Scenes
import SeedControls
import Testing

/// A scenario a page embeds is pinned: newer scenarios never push it out, and with a data folder
/// the pin outlives a restart (issue 34).
@Suite(.ioTimeLimit) struct ScenarioPinTests {

    static func scenario(_ k: Int) -> String { #"{"name": "n\#(k)", "duration": 0.5, "steps": []}"# }

    @Test func aPinnedScenarioOutlivesNewerOnesAndARestart() throws {
        try SavedWorkServerTests.withFolder { path in
            let (pinned, unpinned) = try withTestServer(configure: { $0.dataDirectory = path }) { s in
                let pinned = try Scenarios.store(Self.scenario(0), on: s)
                let unpinned = try Scenarios.store(Self.scenario(1), on: s)
                let reply = try s.post("/scenarios/\(pinned)/pin")
                #expect(reply.status == 200, "\(reply.text)")
                #expect(try jsonObject(reply)["pinned"] as? Bool == true)
                #expect(try s.post("/scenarios/\(pinned)/pin").status == 200, "pinning again changes nothing")
                for k in 2..<(ScenarioStore.maxCount + 2) { _ = try Scenarios.store(Self.scenario(k), on: s) }
                #expect(try s.get("/scenarios/\(pinned)").status == 200, "kept, though the oldest")
                #expect(try s.get("/scenarios/\(unpinned)").status == 404, "pushed out")
                let stored = try #require(try jsonObject(s.get("/scenarios"))["stored"] as? [String: Any])
                #expect(stored["count"] as? Int == ScenarioStore.maxCount && stored["pinned"] as? Int == 1)
                #expect(stored["maxPinned"] as? Int == ScenarioStore.maxCount / 4)
                return (pinned, unpinned)
            }
            _ = unpinned
            try withTestServer(configure: { $0.dataDirectory = path }) { s in
                let list = try jsonObject(s.get("/scenarios"))
                let scenarios = try #require(list["scenarios"] as? [[String: Any]])
                #expect(scenarios.first { $0["id"] as? String == pinned }?["pinned"] as? Bool == true, "pinned after the restart")
                // Still pinned: another round of newer scenarios leaves it.
                for k in 100..<(100 + ScenarioStore.maxCount) { _ = try Scenarios.store(Self.scenario(k), on: s) }
                #expect(try s.get("/scenarios/\(pinned)").status == 200)
                // Unpinned, it is the oldest, and the next scenario pushes it out.
                let unpin = try s.request("DELETE", "/scenarios/\(pinned)/pin")
                let unpinned = try jsonObject(unpin)["pinned"] as? Bool
                #expect(unpin.status == 200 && unpinned == false, "\(unpin.text)")
                _ = try Scenarios.store(Self.scenario(1000), on: s)
                #expect(try s.get("/scenarios/\(pinned)").status == 404)
            }
        }
    }

    @Test func pinsAreBoundedAndRefusalsChangeNothing() throws {
        try withTestServer { s in
            var ids: [String] = []
            for k in 0...ScenarioStore.maxPinnedCount { ids.append(try Scenarios.store(Self.scenario(k), on: s)) }
            for id in ids.dropLast() { #expect(try s.post("/scenarios/\(id)/pin").status == 200) }
            let full = try s.post("/scenarios/\(ids.last ?? "")/pin")
            expectRefusal(full, status: 409, parameter: "id", allowing: "DELETE /scenarios/{id}/pin", "the pins are full")
            #expect(full.text.contains("\(ScenarioStore.maxPinnedCount) scenarios"), "\(full.text)")
            expectRefusal(try s.post("/scenarios/0123456789abcdef/pin"), status: 404, parameter: "id", "an unknown id")
            expectRefusal(try s.post("/scenarios/0123456789abcdef0/pin"), status: 404, parameter: "id", allowing: "16 characters", "no such path")
            let stored = try #require(try jsonObject(s.get("/scenarios"))["stored"] as? [String: Any])
            #expect(stored["pinned"] as? Int == ScenarioStore.maxPinnedCount)
            // A pin is a command: it passes the origin check like any other.
            let crossSite = try s.request("POST", "/scenarios/\(ids[0])/pin", headers: [("Origin", "http://evil.example")])
            #expect(crossSite.status == 403)
        }
    }
}
