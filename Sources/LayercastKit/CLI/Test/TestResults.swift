/// What `layercast test` found, scenario by scenario and frame by frame: what its exit status, its
/// console lines, the JUnit file and the step summary are made from.
struct TestResults {
    struct Frame {
        enum Outcome: Equatable {
            case passed
            /// Beyond the criterion (or of another size): the measures used, as the comparison states them.
            case failed(String)
            /// No baseline for this time.
            case missing
        }

        /// Its time in the scenario, seconds.
        let time: Double
        let outcome: Outcome
        /// The baseline's path, and where the actual frame and its heat map were written (failures).
        let baseline: String
        var actual: String?
        var heatMap: String?
    }

    struct Scenario {
        /// The file's base name: what baselines, reports and `--filter` call it.
        let name: String
        let file: String
        var frames: [Frame] = []
        /// Baselines this run wrote (`--update`).
        var written: [String] = []
        /// Baselines that no frame of the scenario has now (it got shorter, or its fps changed).
        var extra: [String] = []
        var seconds = 0.0

        var failed: [Frame] { frames.filter { if case .failed = $0.outcome { true } else { false } } }
        var missing: [Frame] { frames.filter { $0.outcome == .missing } }
        var passed: Bool { failed.isEmpty && missing.isEmpty && extra.isEmpty }
    }

    var scenarios: [Scenario] = []

    /// 0 every frame passes; 1 a frame failed (or a baseline has no frame), whatever else; 3 only
    /// baselines are missing. (2, bad input, is decided before anything runs.)
    var exitCode: Int32 {
        if scenarios.contains(where: { !$0.failed.isEmpty || !$0.extra.isEmpty }) { return 1 }
        if scenarios.contains(where: { !$0.missing.isEmpty }) { return 3 }
        return 0
    }

    /// "0.300 s", the time as every report writes it.
    static func time(_ seconds: Double) -> String { FrameComparison.fixed(seconds, 3) + " s" }
}
