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

    /// One `expect` of a scenario: a path of the state document checked at a time.
    struct Assertion {
        /// Its time in the scenario, seconds.
        let time: Double
        /// The dotted path as the scenario wrote it (`meter.segmentCount`).
        let path: String
        /// What the scenario expects, and what the state held, as JSON text (`2`, `"pause"`,
        /// `3.14 ± 0.01`).
        let expected: String
        let actual: String
        let passed: Bool
    }

    struct Scenario {
        /// The file's base name: what baselines, reports and `--filter` call it.
        let name: String
        let file: String
        var frames: [Frame] = []
        /// Its `expect` steps' checks, in time order.
        var assertions: [Assertion] = []
        /// Baselines this run wrote (`--update`).
        var written: [String] = []
        /// Baselines that no frame of the scenario has now (it got shorter, or its fps changed).
        var extra: [String] = []
        var seconds = 0.0

        var failed: [Frame] { frames.filter { if case .failed = $0.outcome { true } else { false } } }
        var missing: [Frame] { frames.filter { $0.outcome == .missing } }
        var failedAssertions: [Assertion] { assertions.filter { !$0.passed } }
        /// A frame or an assertion failed, or a baseline has no frame: exit 1.
        var failing: Bool { !failed.isEmpty || !extra.isEmpty || !failedAssertions.isEmpty }
        var passed: Bool { !failing && missing.isEmpty }
    }

    var scenarios: [Scenario] = []

    /// 0 every frame passes; 1 a frame failed (or a baseline has no frame), whatever else; 3 only
    /// baselines are missing. (2, bad input, is decided before anything runs.)
    var exitCode: Int32 {
        if scenarios.contains(where: \.failing) { return 1 }
        if scenarios.contains(where: { !$0.missing.isEmpty }) { return 3 }
        return 0
    }

    /// "0.300 s", the time as every report writes it.
    static func time(_ seconds: Double) -> String { FrameComparison.fixed(seconds, 3) + " s" }
}
