/// `--junit FILE`: JUnit XML as CI systems read it (Jenkins, GitLab, GitHub's test reporters): one
/// `testcase` per scenario; each failed frame a `failure` with the measures and where its images
/// are, each failed `expect` a `failure` of type `expect`, each missing baseline a `failure` of type `missing-baseline`, each baseline without a frame
/// one of type `extra-baseline`.
enum JUnitReport {
    static func xml(_ results: TestResults) -> String {
        let scenarios = results.scenarios
        let failing = scenarios.filter { !$0.passed }.count
        let seconds = FrameComparison.fixed(scenarios.reduce(0) { $0 + $1.seconds }, 3)
        var lines = [#"<?xml version="1.0" encoding="UTF-8"?>"#,
                     #"<testsuites name="layercast test" tests="\#(scenarios.count)" failures="\#(failing)" errors="0" time="\#(seconds)">"#,
                     #"  <testsuite name="layercast test" tests="\#(scenarios.count)" failures="\#(failing)" errors="0" skipped="0" time="\#(seconds)">"#]
        for scenario in scenarios {
            let head = #"    <testcase classname="layercast" name="\#(escaped(scenario.name))" file="\#(escaped(scenario.file))" time="\#(FrameComparison.fixed(scenario.seconds, 3))""#
            let problems = failures(of: scenario)
            guard !problems.isEmpty else {
                lines.append(head + "/>")
                continue
            }
            lines.append(head + ">")
            for (type, message, detail) in problems {
                lines.append(#"      <failure type="\#(type)" message="\#(escaped(message))">\#(escaped(detail))</failure>"#)
            }
            lines.append("    </testcase>")
        }
        lines += ["  </testsuite>", "</testsuites>"]
        return lines.joined(separator: "\n") + "\n"
    }

    /// (type, message, detail) for each problem of a scenario.
    static func failures(of scenario: TestResults.Scenario) -> [(String, String, String)] {
        var out: [(String, String, String)] = []
        for frame in scenario.frames {
            switch frame.outcome {
            case .passed: break
            case .failed(let measures):
                let images = [frame.actual.map { "actual: \($0)" }, frame.heatMap.map { "diff: \($0)" }].compactMap { $0 }
                out.append(("frame", "\(TestResults.time(frame.time)): \(measures)",
                            (["baseline: \(frame.baseline)"] + images).joined(separator: "\n")))
            case .missing:
                out.append(("missing-baseline", "\(TestResults.time(frame.time)): no baseline (--update missing writes it)",
                            "baseline: \(frame.baseline)" + (frame.actual.map { "\nactual: \($0)" } ?? "")))
            }
        }
        for a in scenario.failedAssertions {
            out.append(("expect", "\(TestResults.time(a.time)): \(a.path) is \(a.actual), expected \(a.expected)",
                        "at \(TestResults.time(a.time)) the state's \(a.path) was \(a.actual); the scenario expects \(a.expected)"))
        }
        for path in scenario.extra {
            out.append(("extra-baseline", "a baseline with no frame: \(path)", "the scenario has no frame at that time now"))
        }
        return out
    }

    /// Text for an attribute or an element: the five markup characters escaped, and control
    /// characters XML 1.0 cannot carry left out.
    static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\n": out += "&#10;"
            case "\t": out.unicodeScalars.append(scalar)
            default:
                if scalar.value >= 0x20 { out.unicodeScalars.append(scalar) }
            }
        }
        return out
    }
}
