import Foundation
import LayercastTesting
import Testing
import SeedControls

/// `layercast test` (issue 35), the executable itself: baselines written only when asked, the exit
/// codes a CI job acts on, failures with their measures and images, masks, JUnit XML that a JUnit
/// parser from PyPI reads, and GitHub's step summary.
@Suite(.ioTimeLimit) struct TestCommandTests {

    static let options = ["--size", "96", "--fps", "10", "--control", "spinner"]

    /// A folder of scenarios (`busy`, and `idle` which only waits) and a baseline folder beside it.
    static func withProject(_ body: (_ scenarios: String, _ baselines: String, _ dir: String) throws -> Void) throws {
        try withTemporaryDirectory { dir in
            let scenarios = dir + "/scenarios"
            try FileManager.default.createDirectory(atPath: scenarios, withIntermediateDirectories: true)
            try Scenarios.busy.write(toFile: scenarios + "/busy.json", atomically: true, encoding: .utf8)
            try #"{"name": "idle", "duration": 0.3, "steps": []}"#.write(toFile: scenarios + "/idle.json", atomically: true,
                                                                         encoding: .utf8)
            try body(scenarios, dir + "/baselines", dir)
        }
    }

    /// Two snapshots, and an expect at 0.5 s of which one check holds and one does not.
    static let checked = #"""
        {"duration": 1, "steps": [
          {"at": 0.2, "do": "POST /play-button/mode", "with": {"mode": "pause"}},
          {"at": 0.5, "expect": {"play-button.mode": "pause", "spinner.presentation.rotation": {"approx": 3.14, "tolerance": 0.01}}}
        ], "snapshots": [0, 0.5]}
        """#

    static func files(_ folder: String) -> [String] {
        (FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".png") }.sorted()
    }

    /// Runs `layercast test`; its failures' images go into the project's folder, not the working one.
    static func test(_ arguments: [String], environment: [String: String?] = [:]) throws -> LayercastBinary.Result {
        let baselines = arguments.firstIndex(of: "--baseline").map { arguments[$0 + 1] } ?? "."
        let results = arguments.contains("--results") ? [] : ["--results", baselines + "/../results"]
        return try LayercastBinary.run(["test"] + arguments + results + options, environment: environment)
    }

    @Test func baselinesAreWrittenOnlyWhenAskedAndMissingOnesExit3() throws {
        try Self.withProject { scenarios, baselines, dir in
            let results = dir + "/results"
            let missing = try Self.test([scenarios, "--baseline", baselines, "--results", results])
            #expect(missing.status == 3, "\(missing.stdout)\(missing.stderr)")
            #expect(Self.files(baselines).isEmpty, "a run without --update writes no baseline")
            #expect(Self.files(results).contains("busy/0.300s.actual.png"), "the actual frame, to look at")
            #expect(missing.stdout.contains("MISSING  busy  12 frames, 0 failed, 12 missing"), "\(missing.stdout)")

            let written = try Self.test([scenarios, "--baseline", baselines, "--update", "missing"])
            #expect(written.status == 0, "\(written.stdout)\(written.stderr)")
            #expect(Self.files(baselines) == (0..<12).map { String(format: "busy/%.3fs.png", Double($0) / 10) }
                    + ["idle/0.000s.png", "idle/0.100s.png", "idle/0.200s.png"])
            #expect(written.stdout.contains("wrote \(baselines)/busy/1.100s.png") && written.stdout.contains("15 baselines written"))

            let dates = try Self.files(baselines).map { try FileManager.default.attributesOfItem(atPath: baselines + "/" + $0)[.modificationDate] as? Date }
            let plain = try Self.test([scenarios, "--baseline", baselines])
            #expect(plain.status == 0 && plain.stdout.contains("result: 2 passed, 0 failed, 0 missing baselines (exit 0)"), "\(plain.stdout)")
            #expect(try Self.files(baselines).map { try FileManager.default.attributesOfItem(atPath: baselines + "/" + $0)[.modificationDate] as? Date } == dates,
                    "a plain run writes nothing")
            let all = try Self.test([scenarios, "--baseline", baselines, "--update", "all"])
            #expect(all.status == 0 && !all.stdout.contains("wrote"), "unchanged frames: the same bytes, nothing to write")
        }
    }

    /// A one-prop change fails the frames it changes, with the measures and a heat map; a mask over it
    /// passes; `--update changed` takes the change, and the next run passes.
    @Test func aChangedPropFailsUnlessMaskedAndUpdateChangedTakesIt() throws {
        try Self.withProject { scenarios, baselines, dir in
            #expect(try Self.test([scenarios + "/busy.json", "--baseline", baselines, "--update", "missing"]).status == 0)
            try Scenarios.busyOnePropChanged.write(toFile: scenarios + "/busy.json", atomically: true, encoding: .utf8)
            let results = dir + "/results"
            let failed = try Self.test([scenarios + "/busy.json", "--baseline", baselines, "--results", results])
            #expect(failed.status == 1, "\(failed.stdout)\(failed.stderr)")
            // The spinner's arc is drawn thicker: every frame where it shows fails (not the first two,
            // where it is still too short to show the width).
            #expect(failed.stdout.contains("FAIL  busy  12 frames, 10 failed"), "\(failed.stdout)")
            #expect(failed.stdout.contains("0.300 s: ") && failed.stdout.contains("ΔE00"), "the measures: \(failed.stdout)")
            #expect(Self.files(results).contains("busy/0.300s.diff.png") && Self.files(results).contains("busy/0.300s.actual.png"))

            let halfMasked = try Self.test([scenarios + "/busy.json", "--baseline", baselines, "--mask", "0,0,48,96"])
            #expect(halfMasked.status == 1, "the other half still differs")
            let masked = try Self.test([scenarios + "/busy.json", "--baseline", baselines, "--mask", "0,0,48,96", "--mask", "48,0,48,96"])
            #expect(masked.status == 0, "\(masked.stdout)")
            // The spinner's cell (the whole frame here), asked for by the scenario itself.
            let ownMask = Scenarios.busyOnePropChanged.replacingOccurrences(of: #""name": "busy","#,
                                                                            with: #""name": "busy", "compare": {"masks": ["spinner"]},"#)
            try ownMask.write(toFile: scenarios + "/busy.json", atomically: true, encoding: .utf8)
            let cellMasked = try Self.test([scenarios + "/busy.json", "--baseline", baselines])
            #expect(cellMasked.status == 0, "\(cellMasked.stdout)")
            try Scenarios.busyOnePropChanged.write(toFile: scenarios + "/busy.json", atomically: true, encoding: .utf8)
            let loose = try Self.test([scenarios + "/busy.json", "--baseline", baselines, "--max-diff-pixel-ratio", "1"])
            #expect(loose.status == 0, "every pixel may differ: \(loose.stdout)")

            let taken = try Self.test([scenarios + "/busy.json", "--baseline", baselines, "--update", "changed"])
            #expect(taken.status == 0 && taken.stdout.contains("10 baselines written"), "\(taken.stdout)")
            #expect(try Self.test([scenarios + "/busy.json", "--baseline", baselines]).status == 0)
        }
    }

    @Test func badInputExits2AndRunsNothing() throws {
        try Self.withProject { scenarios, baselines, dir in
            try #"{"duration": 1, "steps": [{"at": 0, "do": "POST /meter/paws"}]}"#.write(
                toFile: dir + "/broken.json", atomically: true, encoding: .utf8)
            for (arguments, says) in [([dir + "/broken.json", scenarios], "broken.json"), ([dir + "/nothing"], "no such file"),
                                      ([scenarios, "--update", "some"], "--update"), ([scenarios, "--shard", "3/2"], "--shard"),
                                      ([scenarios, "--mask", "1,2,3"], "--mask"), ([scenarios, "--filter", "zzz"], "no scenario"),
                                      ([scenarios, "--threshold", "0"], "--threshold")] {
                // With --update missing (but where --update is what is wrong), so that a run would write.
                let update = arguments.contains("--update") ? [] : ["--update", "missing"]
                let run = try Self.test(arguments + ["--baseline", baselines] + update)
                #expect(run.status == 2, "\(arguments): \(run.stdout)\(run.stderr)")
                #expect(run.stderr.contains(says), "\(arguments): \(run.stderr)")
                #expect(Self.files(baselines).isEmpty, "\(arguments): nothing ran")
            }
        }
    }

    /// `--filter` and `--shard` pick scenarios by name; the shards of a run cover it once.
    @Test func filterAndShardPickScenarios() throws {
        try Self.withProject { scenarios, baselines, _ in
            #expect(try Self.test([scenarios, "--baseline", baselines, "--update", "missing", "--filter", "bu*"]).status == 0)
            #expect(Self.files(baselines).allSatisfy { $0.hasPrefix("busy/") } && !Self.files(baselines).isEmpty)
            let first = try Self.test([scenarios, "--baseline", baselines, "--shard", "1/2"])
            let second = try Self.test([scenarios, "--baseline", baselines, "--shard", "2/2"])
            #expect(first.status == 0 && first.stdout.contains("PASS  busy"), "\(first.stdout)")
            #expect(second.status == 3 && second.stdout.contains("MISSING  idle") && !second.stdout.contains("busy"), "\(second.stdout)")
        }
    }

    /// JUnit XML, read by junitparser (PyPI): a testcase per scenario, a failure per failed frame;
    /// and the Markdown GitHub Actions shows, appended to $GITHUB_STEP_SUMMARY.
    @Test func junitAndTheStepSummary() throws {
        try Self.withProject { scenarios, baselines, dir in
            #expect(try Self.test([scenarios, "--baseline", baselines, "--update", "missing"]).status == 0)
            try Scenarios.busyOnePropChanged.write(toFile: scenarios + "/busy.json", atomically: true, encoding: .utf8)
            // A new scenario: two snapshots with no baselines yet, and an expect that fails (the
            // spinner turns 2π in 4 s, so it stands at π/4 at 0.5 s).
            try Self.checked.write(toFile: scenarios + "/checked.json", atomically: true, encoding: .utf8)
            let junit = dir + "/reports/junit.xml", summary = dir + "/summary.md"
            try "earlier step\n".write(toFile: summary, atomically: true, encoding: .utf8)
            let run = try Self.test([scenarios, "--baseline", baselines, "--junit", junit, "--jobs", "2"],
                                    environment: ["GITHUB_STEP_SUMMARY": summary])
            #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
            let read = try python("""
                import json, sys
                from junitparser import JUnitXml, Failure
                xml = JUnitXml.fromfile(sys.argv[1])
                cases = [c for suite in xml for c in suite]
                print(json.dumps({c.name: [r.message for r in c.result if isinstance(r, Failure)] for c in cases}))
                """, junit)
            let cases = try #require(try JSONSerialization.jsonObject(with: Data(read.utf8)) as? [String: [String]])
            #expect(cases.keys.sorted() == ["busy", "checked", "idle"])
            #expect(cases["checked"]?.filter { $0.contains("no baseline") }.count == 2, "\(cases)")
            #expect(cases["checked"]?.contains {
                $0.hasPrefix("0.500 s: spinner.presentation.rotation is 0.785") && $0.hasSuffix("expected 3.14 ± 0.01")
            } == true, "\(cases)")
            #expect(cases["idle"] == [] && cases["busy"]?.count == 10, "\(cases)")
            #expect(cases["busy"]?.first?.hasPrefix("0.200 s: ") == true && cases["busy"]?.first?.contains("ΔE00") == true,
                    "\(cases)")
            let markdown = try String(contentsOfFile: summary, encoding: .utf8)
            #expect(markdown.hasPrefix("earlier step\n## Layercast motion tests"), "appended: \(markdown.prefix(80))")
            #expect(markdown.contains("| busy | 12 | 10 | 0 | **fail** |") && markdown.contains("| idle | 3 | 0 | 0 | pass |")
                    && markdown.contains("| checked | 2 | 0 | 2 | **fail** |"), "\(markdown)")
            #expect(run.stdout.contains("FAIL  checked  2 frames, 0 failed, 2 missing; 2 expects, 1 failed"), "\(run.stdout)")
        }
    }
}

/// Runs a Python script with `arguments` and returns what it printed.
private func python(_ script: String, _ arguments: String...) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", script] + arguments
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let printed = out.fileHandleForReading.readDataToEndOfFile()
    let errors = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "\(String(decoding: errors, as: UTF8.self))")
    return String(decoding: printed, as: UTF8.self)
}
