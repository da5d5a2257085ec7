import APIModel
import Scenes

/// The README's table of the budgets (`<!-- api:budgets -->`, written by `scripts/api-docs.sh`),
/// from their declarations.
enum BudgetTable {
    static let tag = "budgets"

    static var markdown: String {
        var lines = [
            "| Budget | Flag | Variable | Default | /metrics `budget=` | A request's share |",
            "|---|---|---|---|---|---|",
        ]
        for limit in ServerLimit.all {
            let cells = [
                limit.summary, "`\(limit.flag)`", "`\(limit.environmentVariable)`",
                "\(limit.defaultValue) \(limit.unit) (\(limit.range.lowerBound)–\(limit.range.upperBound))",
                "`\(limit.id)` (\(limit.baseUnit))", limit.formula,
            ]
            lines.append("| " + cells.map { $0.replacing("|", with: "\\|") }.joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n")
    }

    static var section: String { "<!-- api:\(tag) -->\n\(markdown)\n<!-- /api:\(tag) -->\n" }
}
