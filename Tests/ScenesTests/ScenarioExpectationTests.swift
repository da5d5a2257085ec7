import Controls
import JSON
import Scenes
import Testing
import SeedControls

/// `expect` steps (issue 35): paths from the state document's schema, checked when the scenario is
/// read, and each kind of check passing and failing against the spec's own numbers.
@Suite struct ScenarioExpectationTests {

    static func parse(_ text: String) throws(Refusal) -> Scenario {
        try Scenario(parsing: Array(text.utf8), controls: .seeds, artworks: ArtworkLibrary(controls: .seeds))
    }

    /// The meter records from 0.2 s to 0.7 s (one segment); the play button pauses at 0.5 s; the
    /// spinner turns 2π every 4 s, linearly (docs/design/spinner.md: 4 s a turn), so π/2 at 1 s.
    static func scenario(_ expect: String, at time: Double = 1) throws(Refusal) -> Scenario {
        try parse(#"""
            {"duration": 2, "steps": [
              {"at": 0.2, "do": "POST /meter/hold", "with": {"seconds": 0.5}},
              {"at": 0.5, "do": "POST /play-button/mode", "with": {"mode": "pause", "animated": false}},
              {"at": \#(time), "expect": \#(expect)}
            ]}
            """#)
    }

    static func outcomes(_ expect: String, at time: Double = 1) throws -> [ExpectationOutcome] {
        try scenario(expect, at: time).checkExpectations()
    }

    @Test(arguments: [
        // An integer, exactly.
        (#"{"meter.segmentCount": 1}"#, true, "1"),
        (#"{"meter.segmentCount": 2}"#, false, "1"),
        // A string (an enum's case), the control's id standing for its key.
        (#"{"play-button.mode": "pause"}"#, true, #""pause""#),
        (#"{"playButton.mode": "play"}"#, false, #""pause""#),
        // A boolean.
        (#"{"meter.recording": false}"#, true, "false"),
        (#"{"meter.recording": true}"#, false, "false"),
        // A number within a tolerance: π/2 at 1 s.
        (#"{"spinner.presentation.rotation": {"approx": 1.5708, "tolerance": 0.001}}"#, true, nil),
        (#"{"spinner.presentation.rotation": {"approx": 1.5708, "tolerance": 0.000001}}"#, false, nil),
        // A number within bounds.
        (#"{"spinner.presentation.rotation": {"min": 1.5, "max": 1.6}}"#, true, nil),
        (#"{"spinner.presentation.rotation": {"min": 1.6}}"#, false, nil),
        // An array's item by index, and the props under the control's id.
        // (Half a second of the meter's 45: its segment ends at 1/90 of the track.)
        (#"{"meter.segments.0.model.strokeEnd": {"approx": 0.01111, "tolerance": 0.00001}}"#, true, nil),
        (#"{"meter.segments.1.model.strokeEnd": 0}"#, false, "absent"),
        (#"{"props.spinner.lineWidth": 4}"#, true, "4"),
        (#"{"props.spinner.lineWidth": 2}"#, false, "4"),
    ] as [(String, Bool, String?)])
    func eachKindOfCheckPassesAndFails(expect: String, passes: Bool, actual: String?) throws {
        let outcomes = try Self.outcomes(expect)
        #expect(outcomes.count == 1)
        #expect(outcomes.first?.passed == passes, "\(outcomes.first.map { "\($0.path) is \($0.actual), expected \($0.expected)" } ?? "")")
        if let actual { #expect(outcomes.first?.actual == actual) }
        #expect(outcomes.first?.at == 1)
    }

    @Test func aFailureStatesTheExpectedAndActualValuesAndTheTime() throws {
        let outcome = try #require(try Self.outcomes(#"{"spinner.presentation.rotation": {"approx": 3.14, "tolerance": 0.01}}"#,
                                                     at: 0.5).first)
        #expect(outcome.path == "spinner.presentation.rotation" && outcome.at == 0.5 && !outcome.passed)
        #expect(outcome.expected == "3.14 ± 0.01")
        // π/4 at 0.5 s.
        let actual = try #require(Double(outcome.actual))
        #expect(abs(actual - Double.pi / 4) < 1e-9)
    }

    @Test func anExpectSeesTheStepsOfItsTimeAsTheFrameDoes() throws {
        let scenario = try Self.parse(#"""
            {"duration": 1, "steps": [
              {"at": 0.5, "expect": {"play-button.mode": "pause"}},
              {"at": 0.5, "do": "POST /play-button/mode", "with": {"mode": "pause", "animated": false}}
            ]}
            """#)
        #expect(scenario.checkExpectations().map(\.passed) == [true])
        // The canonical text puts it after the step it sees, and writes the document's key.
        #expect(scenario.canonicalText.contains(#"{"at":0.5,"do":"POST /play-button/mode","with":{"mode":"pause","animated":false}},"#
                                                + "\n" + #"    {"at":0.5,"expect":{"playButton.mode":"pause"}}"#))
    }

    @Test(arguments: [
        // A member the document does not have, named with what is there.
        (#"{"meter.segmentCounts": 1}"#, "steps[2].expect.meter.segmentCounts", "segmentCount"),
        (#"{"dial.value": 1}"#, "steps[2].expect.dial.value", "play-button"),
        (#"{"meter.segments.first": 1}"#, "steps[2].expect.meter.segments.first", "an index"),
        (#"{"meter.segmentCount.value": 1}"#, "steps[2].expect.meter.segmentCount.value", "meter.segmentCount"),
        // The live server's members.
        (#"{"clock.paused": true}"#, "steps[2].expect.clock.paused", "meter"),
        // A value the member can never hold.
        (#"{"play-button.mode": "paws"}"#, "steps[2].expect.play-button.mode", "one of"),
        (#"{"meter.segmentCount": "one"}"#, "steps[2].expect.meter.segmentCount", "an integer"),
        (#"{"meter.segmentCount": 1.5}"#, "steps[2].expect.meter.segmentCount", "an integer"),
        (#"{"meter.recording": {"approx": 1}}"#, "steps[2].expect.meter.recording", "true or false"),
        (#"{"meter.track": 1}"#, "steps[2].expect.meter.track", "a member of it"),
        (#"{"spinner.presentation.rotation": {"approx": 1, "tolerance": -1}}"#,
         "steps[2].expect.spinner.presentation.rotation.tolerance", "0 or more"),
        (#"{"spinner.presentation.rotation": {"near": 1}}"#, "steps[2].expect.spinner.presentation.rotation.near", "approx"),
        (#"{}"#, "steps[2].expect", "1 to 100 paths"),
    ])
    func aWrongPathOrValueIsRefusedWhenTheScenarioIsRead(expect: String, member: String, allowed: String) {
        #expect {
            _ = try Self.scenario(expect)
        } throws: { error in
            let refusal = error as? Refusal
            return refusal?.kind == .invalid && refusal?.parameter == member && refusal?.allowed?.contains(allowed) == true
        }
    }

    @Test func aStepDoesOneThingAndExpectsKeepTimeOrder() {
        for document in [
            #"{"duration": 1, "steps": [{"at": 0, "expect": {"meter.recording": false}, "do": "POST /meter/hold"}]}"#,
            #"{"duration": 1, "steps": [{"at": 0.5, "expect": {"meter.recording": false}}, {"at": 0.2, "do": "POST /meter/hold", "with": {"seconds": 0.1}}]}"#,
        ] {
            #expect(throws: Refusal.self) { _ = try Self.parse(document) }
        }
    }

    @Test func snapshotsAndCompareAreReadCheckedAndKept() throws {
        let scenario = try Self.parse(#"""
            {"duration": 1, "steps": [], "snapshots": [0, 0.25, 1],
             "compare": {"threshold": 1.5, "maxDiffPixels": 4, "masks": ["spinner", [0, 0, 10, 12]]}}
            """#)
        #expect(scenario.snapshots == [0, 0.25, 1])
        #expect(scenario.comparison == Scenario.Comparison(threshold: 1.5, maxDiffPixels: 4,
                                                             masks: [.control(FrameSubject(rawValue: "spinner")), .rect(x: 0, y: 0, width: 10, height: 12)]))
        let again = try Self.parse(scenario.canonicalText)
        #expect(again.id == scenario.id && again.comparison == scenario.comparison && again.snapshots == scenario.snapshots)
        for (document, member) in [
            (#"{"duration": 1, "steps": [], "snapshots": [0.5, 0.2]}"#, "snapshots[1]"),
            (#"{"duration": 1, "steps": [], "snapshots": [2]}"#, "snapshots[0]"),
            (#"{"duration": 1, "steps": [], "compare": {"threshold": 0}}"#, "compare.threshold"),
            (#"{"duration": 1, "steps": [], "compare": {"masks": ["dial"]}}"#, "compare.masks[0]"),
            (#"{"duration": 1, "steps": [], "compare": {"masks": [[0, 0, 0, 5]]}}"#, "compare.masks[0]"),
            (#"{"duration": 1, "steps": [], "compare": {"ssim": 1.5}}"#, "compare.ssim"),
        ] {
            #expect {
                _ = try Self.parse(document)
            } throws: { error in
                (error as? Refusal)?.parameter == member
            }
        }
    }
}
