import Controls
import Foundation
import LayercastTesting
@testable import PreviewServer
import Scenes
import Testing
import SeedControls

/// A scenario is checked whole before anything is stored or runs; every fault is a 400 whose
/// `parameter` is the member's path, a step's index first. What the server keeps of one, and its id.
@Suite struct ScenarioValidationTests {

    /// Every fault's member and words are the core's (ScenesTests' `ScenarioValidationCoreTests`):
    /// over HTTP one is a 400 with its `parameter`, and nothing is kept.
    @Test func aFaultIsA400NamingItsMemberAndNothingIsKept() throws {
        try withTestServer(.router) { s in
            let bad = #"{"duration": 2, "steps": [{"at": 0, "do": "meterPress"}, {"at": 1, "do": "meterHold", "with": {"seconds": 0.01}}]}"#
            let reply = try s.post("/scenarios", json: bad)
            expectRefusal(reply, parameter: "steps[1].with.seconds", allowing: "a number from 0.05 to 600", "a hold too short")
            #expect(reply.text.contains("steps[1]"), "\(reply.text)")
            let list = try jsonObject(s.get("/scenarios"))
            #expect((list["scenarios"] as? [Any])?.isEmpty == true)
        }
    }

    /// The server keeps what a scenario checks (its expects, snapshots and compare) in its canonical
    /// text, with the key for a control's id; frames of it are the frames without them.
    @Test func whatAScenarioChecksIsKeptAndDoesNotPlay() throws {
        try withTestServer(.router) { s in
            let plain = #"{"duration": 1, "steps": [{"at": 0.2, "do": "POST /play-button/mode", "with": {"mode": "pause"}}]}"#
            let checked = #"{"duration": 1, "snapshots": [0.5], "compare": {"masks": ["spinner"]}, "steps": [{"at": 0.2, "do": "POST /play-button/mode", "with": {"mode": "pause"}}, {"at": 0.5, "expect": {"play-button.mode": "pause"}}]}"#
            let (plainID, checkedID) = (try Scenarios.store(plain, on: s), try Scenarios.store(checked, on: s))
            #expect(plainID != checkedID)
            let text = try s.get("/scenarios/\(checkedID)").text
            #expect(text.contains(#"    {"at":0.5,"expect":{"playButton.mode":"pause"}}"#)
                    && text.contains(#""snapshots": [0.5],"#) && text.contains(#""compare": {"masks":["spinner"]}"#), "\(text)")
            let frames = try [plainID, checkedID].map { try s.get("/frame.png?scenario=\($0)&ahead=0.5&size=96").body }
            #expect(frames[0] == frames[1] && !frames[0].isEmpty)
        }
    }

    /// The same steps written differently are the same scenario: one canonical text, one id.
    @Test func theIdComesFromTheCanonicalText() throws {
        try withTestServer(.router) { s in
            let spaced = try Scenarios.store(Scenarios.busy, on: s)
            let compact = Scenarios.busy.replacingOccurrences(of: "\n", with: "").replacingOccurrences(of: "  ", with: "")
                .replacingOccurrences(of: #""duration": 1.2"#, with: #""duration": 1.20"#)
                .replacingOccurrences(of: #"{"at": 0, "do": "POST /meter/press"}"#, with: #"{"do": "POST /meter/press", "at": 0.0}"#)
            #expect(compact != Scenarios.busy)
            #expect(try Scenarios.store(compact, on: s) == spaced)
            #expect(spaced.count == 16 && spaced.allSatisfy(\.isHexDigit))

            let canonical = try s.get("/scenarios/\(spaced)")
            #expect(canonical.status == 200)
            #expect(canonical.text == """
                {
                  "name": "busy",
                  "duration": 1.2,
                  "props": {"spinner":{"lineWidth":6}},
                  "steps": [
                    {"at":0,"do":"POST /meter/press"},
                    {"at":0.3,"do":"POST /play-button/mode","with":{"mode":"pause"}},
                    {"at":0.5,"do":"POST /player/seek","with":{"progress":60}},
                    {"at":0.8,"do":"POST /meter/release"},
                    {"at":0.9,"do":"POST /spinner/stop"}
                  ]
                }

                """)
            // Its canonical text is the scenario itself.
            #expect(try Scenarios.store(canonical.text, on: s) == spaced)
            let list = try jsonObject(s.get("/scenarios"))
            #expect((list["scenarios"] as? [[String: Any]])?.map { $0["id"] as? String } == [spaced])
        }
    }

    @Test func theLimitsAreDeclaredOnce() throws {
        try withTestServer(.router) { s in
            let step = #"{"at": 0, "do": "POST /spinner/stop"}"#
            let many = #"{"duration": 1, "steps": ["# + Array(repeating: step, count: Scenario.Limits.maxSteps + 1)
                .joined(separator: ",") + "]}"
            expectRefusal(try s.post("/scenarios", json: many), parameter: "steps", allowing: "at most 1000 steps", "too many")

            let big = #"{"duration": 1, "name": "\#(String(repeating: "x", count: Scenario.Limits.maxDocumentBytes))", "steps": []}"#
            let refused = try s.post("/scenarios", json: big)
            #expect(refused.status == 413, "\(refused.text.prefix(200))")

            let list = try jsonObject(s.get("/scenarios"))
            let limits = try #require(list["limits"] as? [String: Any])
            #expect(limits["maxSteps"] as? Int == 1000)
            #expect(limits["maxDuration"] as? Double == 60)
            #expect(limits["maxDocumentBytes"] as? Int == 256 * 1024)
            let stored = try #require(list["stored"] as? [String: Any])
            #expect(stored["maxCount"] as? Int == ScenarioStore.maxCount)
            #expect(stored["maxBytes"] as? Int == ScenarioStore.maxBytes)
        }
    }

    /// A scenario is a command: it passes the origin check like any other.
    @Test func storingIsACommand() throws {
        try withTestServer(.router) { s in
            let refused = try s.request("POST", "/scenarios", headers: [("Origin", "http://evil.example")],
                                        body: Array(Scenarios.busy.utf8), contentType: "application/json")
            #expect(refused.status == 403)
            let form = try s.request("POST", "/scenarios", body: Array(Scenarios.busy.utf8),
                                     contentType: "application/x-www-form-urlencoded")
            expectRefusal(form, status: 415, parameter: "Content-Type", "form body")
        }
    }
}
