/// The Markdown GitHub Actions shows on a run's page (`$GITHUB_STEP_SUMMARY`): a table of the
/// scenarios, then each failure with its measures and images' paths.
enum StepSummary {
    static func markdown(_ results: TestResults) -> String {
        let verdict: String
        switch results.exitCode {
        case 0: verdict = "✅ every frame matches its baseline"
        case 3: verdict = "⚠️ baselines are missing (run `layercast test --update missing` and commit them)"
        default: verdict = "❌ frames differ from their baselines"
        }
        var lines = ["## Layercast motion tests", "", verdict, "",
                     "| Scenario | Frames | Failed | Missing | Result |", "|---|---:|---:|---:|---|"]
        for s in results.scenarios {
            let result = s.passed ? "pass" : s.failing ? "**fail**" : "missing baselines"
            lines.append("| \(cell(s.name)) | \(s.frames.count) | \(s.failed.count) | \(s.missing.count) | \(result) |")
        }
        let failing = results.scenarios.filter(\.failing)
        if !failing.isEmpty {
            lines += ["", "### Failures", ""]
            for s in failing {
                for (_, message, detail) in JUnitReport.failures(of: s) where !message.contains("no baseline") {
                    lines.append("- **\(cell(s.name))** \(cell(message)) (\(cell(detail.split(separator: "\n").joined(separator: ", "))))")
                }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Text in a table cell or a list item: pipes and line breaks would end it.
    private static func cell(_ text: String) -> String {
        String(text.map { $0 == "|" ? "¦" : $0 == "\n" ? " " : $0 })
    }
}
