import ArgumentParser
import Foundation
import Scenes

/// `saved-work`: how long a save takes to be durable (one transaction, fsync'd: `SavedWork.save`), and
/// what the store holds per scenario, on a data folder of its own (issue 31).
struct SavedWorkBench: Bench {
    static let configuration = CommandConfiguration(
        commandName: "saved-work",
        abstract: "Saving scenarios to a data folder: latency to durable (p50, p99) and the store's bytes per scenario.")

    @Option(help: "Scenarios saved (the first 64 fill the store; then each save also pushes the oldest out).")
    var scenarios: Int = 400

    @Option(help: "Steps in each scenario (a recording of a few minutes has a few dozen).")
    var steps: Int = 30

    @Option(help: "The folder to use (made, and removed afterwards); default: one under the temporary folder.")
    var folder: String?

    func validate() throws {
        guard (1...100_000).contains(scenarios) else { throw ValidationError("--scenarios must be 1–100000") }
        guard (0...1000).contains(steps) else { throw ValidationError("--steps must be 0–1000") }
    }

    func report() throws {
        let path = folder ?? NSTemporaryDirectory() + "layercast-bench-data-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let data = try DataFolder(path: path)
        guard let saved = data.savedWork else { throw ValidationError(data.problem ?? "no store") }
        var latencies: [Double] = []
        var documentBytes = 0
        for n in 0..<scenarios {
            let stepsText = (0..<steps).map { #"{"at": \#(Double($0) * 0.25), "do": "POST /play-button/mode", "with": {"mode": "pause"}}"# }
            let document = Array(#"{"name": "bench \#(n)", "duration": \#(Double(steps) * 0.25 + 1), "steps": [\#(stepsText.joined(separator: ", "))]}"#.utf8)
            let t0 = monotonicNow()
            try saved.save(.scenarios, key: String(n), bytes: document)
            latencies.append(monotonicNow() - t0)
            documentBytes = document.count
        }
        let kept = try saved.rows(.scenarios).count
        try saved.database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        let file = (try FileManager.default.attributesOfItem(atPath: path + "/" + DataFolder.fileName)[.size] as? Int) ?? 0
        let d = Distribution(latencies)
        print("folder: \(path); \(scenarios) saves of a \(steps)-step scenario (\(documentBytes) bytes of text)")
        printTable(["save to durable", "p50 ms", "p99 ms", "max ms"], [["one transaction", ms(d.median, 2), ms(d.p99, 2), ms(d.max, 2)]])
        print("store: \(file) bytes for \(kept) scenarios kept: \(file / Swift.max(kept, 1)) bytes a scenario (\(documentBytes) of text)")
    }
}
