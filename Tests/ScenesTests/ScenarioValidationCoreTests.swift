import Controls
import Scenes
import Testing
import SeedControls

/// A scenario is checked whole before anything runs: every fault is a refusal whose `parameter` is
/// the member's path, a step's index first, and whose words say what is wrong (docs/design/scenarios.md
/// §Checked before anything runs). Steps name commands by route or by id alike.
@Suite struct ScenarioValidationCoreTests {

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
        // By id, as by route.
        Bad(document: #"{"duration": 2, "steps": [\#(step0), {"at": 1, "do": "meterHold", "with": {"seconds": 0.01}}]}"#,
            field: "steps[1].with.seconds", says: "0.01"),
        Bad(document: #"{"duration": 2, "steps": [\#(step0), {"at": 1, "do": "meterhold"}]}"#,
            field: "steps[1].do", says: "meterHold"),
        Bad(document: #"{"duration": 2, "steps": [\#(step0), {"at": 1, "do": "recordScenario"}]}"#,
            field: "steps[1].do", says: "not a command"),
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
        let refused: Refusal
        do {
            _ = try ScenarioCoreTests.parse(bad.document)
            Issue.record("accepted: \(bad.document)")
            return
        } catch {
            refused = error
        }
        #expect(refused.kind == .invalid && refused.parameter == bad.field, "\(refused.parameter ?? "nil"): \(refused.message)")
        #expect(!(refused.allowed ?? "").isEmpty, "\(refused.message)")
        #expect((refused.message + " " + (refused.allowed ?? "")).contains(bad.says), "\(refused.message) / \(refused.allowed ?? "")")
        if bad.field.hasPrefix("steps[") {
            let index = bad.field.dropFirst(6).prefix { $0 != "]" }
            #expect(refused.message.contains("steps[\(index)]"), "\(refused.message)")
        }
    }
}
