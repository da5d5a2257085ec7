import Controls
import Foundation
import LayercastTesting
@testable import PreviewServer
import Scenes
import Testing
import SeedControls

/// A scenario is checked whole before anything is stored or runs; every fault is a 400 whose
/// `parameter` is the member's path, a step's index first.
@Suite struct ScenarioValidationTests {

    struct Bad: Sendable, CustomStringConvertible {
        var document: String
        var field: String
        /// What the error message must mention.
        var says: String
        var description: String { field }
    }

    static let step0 = #"{"at": 0, "do": "POST /meter/press"}"#

    /// Each one wrong in one place, most of them in a later step.
    static let bad: [Bad] = [
        Bad(document: #"{"duration": 2, "steps": [\#(step0), {"at": 1, "do": "POST /play-button/mode", "with": {"mode": "paws"}}]}"#,
            field: "steps[1].with.mode", says: "paws"),
        Bad(document: #"{"duration": 2, "steps": [\#(step0), {"at": 1, "do": "POST /play-button/mode", "with": {"mdoe": "pause"}}]}"#,
            field: "steps[1].with.mdoe", says: "unknown parameter"),
        Bad(document: #"{"duration": 2, "steps": [\#(step0), {"at": 1, "do": "POST /play-button/mode"}]}"#,
            field: "steps[1].with.mode", says: "missing"),
        Bad(document: #"{"duration": 2, "steps": [\#(step0), {"at": 1, "do": "POST /play-button/mode", "with": {"mode": 3}}]}"#,
            field: "steps[1].with.mode", says: "JSON string"),
        Bad(document: #"{"duration": 2, "steps": [\#(step0), {"at": 1, "do": "POST /meter/hold", "with": {"seconds": 0.01}}]}"#,
            field: "steps[1].with.seconds", says: "0.01"),
        Bad(document: #"{"duration": 2, "steps": [\#(step0), {"at": 1, "do": "POST /player/seek", "with": {"progress": [40]}}]}"#,
            field: "steps[1].with.progress", says: "not an array"),
        // An expect's path is the state document's, read from its schema; its value one the member can hold.
        Bad(document: #"{"duration": 2, "steps": [\#(step0), {"at": 1, "expect": {"meter.segmentCounts": 1}}]}"#,
            field: "steps[1].expect.meter.segmentCounts", says: "no member 'segmentCounts'"),
        Bad(document: #"{"duration": 2, "steps": [\#(step0), {"at": 1, "expect": {"play-button.mode": "paws"}}]}"#,
            field: "steps[1].expect.play-button.mode", says: "never 'paws'"),
        Bad(document: #"{"duration": 2, "steps": [\#(step0), {"at": 1, "expect": {"meter.recording": true}, "do": "POST /meter/release"}]}"#,
            field: "steps[1].expect", says: "both 'expect' and 'do'"),
        Bad(document: #"{"duration": 2, "steps": [\#(step0)], "snapshots": [1, 0.5]}"#, field: "snapshots[1]", says: "not after"),
        Bad(document: #"{"duration": 2, "steps": [\#(step0)], "compare": {"masks": ["dial"]}}"#, field: "compare.masks[0]",
            says: "no control is named 'dial'"),
        Bad(document: #"{"duration": 2, "steps": [\#(step0), {"at": 1, "do": "GET /state"}]}"#,
            field: "steps[1].do", says: "not a command a scenario can run"),
        Bad(document: #"{"duration": 2, "steps": [\#(step0), {"at": 1, "do": "POST /scenarios/record"}]}"#,
            field: "steps[1].do", says: "not a command"),
        Bad(document: #"{"duration": 2, "steps": [\#(step0), {"at": 1}]}"#, field: "steps[1].do", says: "missing 'do'"),
        Bad(document: #"{"duration": 2, "steps": [\#(step0), {"do": "POST /meter/release"}]}"#, field: "steps[1].at",
            says: "missing 'at'"),
        Bad(document: #"{"duration": 2, "steps": [\#(step0), {"at": 2.5, "do": "POST /meter/release"}]}"#,
            field: "steps[1].at", says: "2.5"),
        Bad(document: #"{"duration": 2, "steps": [\#(step0), {"at": -1, "do": "POST /meter/release"}]}"#,
            field: "steps[1].at", says: "-1"),
        Bad(document: #"{"duration": 2, "steps": [{"at": 1, "do": "POST /meter/press"}, {"at": 0.5, "do": "POST /meter/release"}]}"#,
            field: "steps[1].at", says: "comes before steps[0]"),
        Bad(document: #"{"duration": 2, "steps": [\#(step0), {"at": 1, "do": "POST /meter/release", "when": 1}]}"#,
            field: "steps[1].when", says: "unknown member"),
        Bad(document: #"{"duration": 2, "steps": [\#(step0), {"at": 1, "at": 1.5, "do": "POST /meter/release"}]}"#,
            field: "steps[1].at", says: "more than once"),
        Bad(document: #"{"duration": 2, "steps": [\#(step0), "POST /meter/release"]}"#, field: "steps[1]", says: "JSON object"),
        Bad(document: #"{"duration": 2, "steps": [\#(step0), {"at": 1, "do": "POST /clock", "with": {"step": 0.5}}]}"#,
            field: "steps[1].with.step", says: "scene time"),
        Bad(document: #"{"duration": 2, "steps": [\#(step0), {"at": 1, "do": "POST /clock"}]}"#,
            field: "steps[1].with.paused", says: "at least one"),
        Bad(document: #"{"duration": 2, "steps": [\#(step0), {"at": 1, "do": "PUT /player/artwork/by-hash", "with": {"sha256": "\#(String(repeating: "0", count: 64))"}}]}"#,
            field: "steps[1].with.sha256", says: "no uploaded artwork"),
        // An upload's body cannot be a step: it is named by its hash instead.
        Bad(document: #"{"duration": 2, "steps": [\#(step0), {"at": 1, "do": "PUT /player/artwork"}]}"#,
            field: "steps[1].do", says: "playerArtworkByHash"),
        // A fresh scene refuses it: the meter, full after 1 s, cannot be pressed again.
        Bad(document: #"{"duration": 3, "steps": [{"at": 0, "do": "PUT /meter/config", "with": {"duration": 1}}, \#(step0), {"at": 2, "do": "POST /meter/press"}]}"#,
            field: "steps[2].do", says: "would be refused"),
        Bad(document: #"{"duration": 2, "steps": [\#(step0), {"at": 1, "do": "PUT /meter/config", "with": {"duration": 10}}]}"#,
            field: "steps[1].do", says: "only while the meter is empty"),
        Bad(document: #"{"steps": []}"#, field: "duration", says: "missing"),
        Bad(document: #"{"duration": 0.01, "steps": []}"#, field: "duration", says: "0.01"),
        Bad(document: #"{"duration": 61, "steps": []}"#, field: "duration", says: "61"),
        Bad(document: #"{"duration": "2", "steps": []}"#, field: "duration", says: "a number"),
        Bad(document: #"{"duration": 2}"#, field: "steps", says: "missing"),
        Bad(document: #"{"duration": 2, "steps": {}}"#, field: "steps", says: "an array"),
        Bad(document: #"{"duration": 2, "steps": [], "loop": true}"#, field: "loop", says: "unknown member"),
        Bad(document: #"{"duration": 2, "name": 7, "steps": []}"#, field: "name", says: "string"),
        Bad(document: #"{"duration": 2, "props": {"dial": {}}, "steps": []}"#, field: "props.dial", says: "unknown member"),
        Bad(document: #"{"duration": 2, "props": {"meter": {"lineWidht": 3}}, "steps": []}"#, field: "props.meter.lineWidht",
            says: "has no prop"),
        Bad(document: #"{"duration": 2, "props": {"spinner": {"lineWidth": 99}}, "steps": []}"#, field: "props.spinner.lineWidth",
            says: "99"),
        Bad(document: #"{"duration": 2, "props": {"spinner": 4}, "steps": []}"#, field: "props.spinner", says: "JSON object"),
        Bad(document: #"{"duration": 2, "steps": [\#(step0), {"at": 1, "do": "PATCH /controls/spinner/props", "with": {"lineWidht": 3}}]}"#,
            field: "steps[1].with.lineWidht", says: "has no prop"),
        Bad(document: #"{"duration": 2, "steps": [\#(step0), {"at": 1, "do": "PATCH /controls/meter/props", "with": {"duration": 10}}]}"#,
            field: "steps[1].do", says: "would be refused"),
        Bad(document: #"{"duration": 2, "steps": [], "#, field: "body", says: "not JSON"),
        Bad(document: #"[{"duration": 2}]"#, field: "body", says: "JSON object"),
    ]

    @Test(arguments: bad)
    func everyFaultNamesItsMember(_ bad: Bad) throws {
        try withTestServer(.router) { s in
            let reply = try s.post("/scenarios", json: bad.document)
            expectRefusal(reply, parameter: bad.field, bad.field)
            #expect(reply.text.contains(bad.says), "\(reply.text)")
            if bad.field.hasPrefix("steps[") {
                let index = bad.field.dropFirst(6).prefix { $0 != "]" }
                let message = try jsonObject(reply)["error"] as? String ?? ""
                #expect(message.contains("steps[\(index)]"), "\(reply.text)")
            }
            // Nothing was kept.
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
