import ArgumentParser
import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FrameCheck
import Scenes
import Synchronization

/// `layercast test SCENARIO…|DIR --baseline DIR`: motion regression tests for CI (issue 35). Each
/// scenario's frames, rendered as the server renders them, against reviewed baseline PNGs, by a
/// perceptual criterion (`FrameCriterion`); JUnit XML and a GitHub Actions step summary for the CI
/// system to show.
struct TestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Check scenarios' frames against baseline PNGs (motion regression tests for CI).",
        discussion: """
            Each scenario runs headlessly from a fresh scene; its frame at each 1/fps second (10 fps unless \
            --fps says otherwise) is compared with BASELINE/NAME/T.TTTs.png, NAME being the scenario file's name \
            without .json. A pixel differs when its CIEDE2000 colour difference is above --threshold (or, with \
            --ssim, its window's SSIM is under the minimum), outside every --mask, and not antialiasing; a frame \
            fails when more pixels differ than --max-diff-pixels (or --max-diff-pixel-ratio) allows. A failed or \
            missing frame leaves its actual image, and a failed one a heat map, in --results. A run without \
            --update never writes a baseline.
            Exit status: 0 every frame passes; 1 a frame failed, or a baseline has no frame (this wins); \
            2 bad input, and nothing ran; 3 only baselines are missing.
            """)

    @Argument(help: "Scenario files, or folders whose *.json files are scenarios.")
    var scenarios: [String] = []

    @Option(help: "The folder of baselines: NAME/T.TTTs.png for each scenario and time.")
    var baseline: String

    @Option(help: "Where failed and missing frames' images go.")
    var results = "layercast-test-results"

    @Option(help: "Write baselines: missing (only those missing), changed (also those that fail) or all.")
    var update: String?

    @Option(help: "Write a JUnit XML report to this file.")
    var junit: String?

    @Option(help: "Write a self-contained HTML review of the run to this file: each failed frame side by side, with a slider, onion skin and heat map.")
    var report: String?

    @Option(help: "Run this many scenarios at once.")
    var jobs = 1

    @Option(help: "Only the scenarios whose name matches: a part of it, or a pattern with * and ?.")
    var filter: String?

    @Option(help: "I/N: run the I-th of N equal parts of the scenarios (1-based), for N CI machines.")
    var shard: String?

    @Option(help: "Frames per second of the checked frames, \(HeadlessRender.values(of: "fps", controls: ServedControls.list)).")
    var fps = 10

    @OptionGroup var frame: FrameOptions

    @Option(help: "The CIEDE2000 difference above which a pixel differs.")
    var threshold = FrameCriterion.defaultDeltaEThreshold

    @Option(help: "Compare by SSIM instead: a pixel differs when its window's SSIM is under this (0–1).")
    var ssim: Double?

    @Option(help: "How many pixels of a frame may differ (0 unless --max-diff-pixel-ratio is given).")
    var maxDiffPixels: Int?

    @Option(help: "What share of a frame's pixels may differ (0–1), instead of or as well as --max-diff-pixels.")
    var maxDiffPixelRatio: Double?

    @Flag(help: "Count antialiased pixels too (by default a pixel on an antialiased edge that moved is not a difference).")
    var countAntialiasing = false

    @Option(help: "X,Y,W,H in pixels, or a control's id for its cell: a region left out of every comparison (repeatable).")
    var mask: [String] = []

    func run() throws {
        let update = try self.update.map { text throws -> ScenarioCheck.Update in
            guard let update = ScenarioCheck.Update(rawValue: text) else {
                throw RenderFailure.usage("--update must be one of " + ScenarioCheck.Update.allCases.map(\.rawValue).joined(separator: ", "))
            }
            return update
        }
        guard !scenarios.isEmpty else { throw RenderFailure.usage("name at least one scenario file or folder") }
        guard (1...64).contains(jobs) else { throw RenderFailure.usage("--jobs must be 1–64") }
        let (criterion, cells) = try self.criterion()
        let plan = try TestPlan(paths: scenarios, filter: filter, shard: try shard.map(TestPlan.Shard.init))
        guard !plan.scenarios.isEmpty else {
            throw RenderFailure.usage("no scenario to run: \(scenarios.joined(separator: " ")) \(filter.map { "with --filter \($0) " } ?? "")"
                                      + "holds no *.json file")
        }
        // Every scenario is read and checked before any runs: bad input runs nothing.
        let artworks = try frame.artworks()
        // Read once here: the workers below run on threads of their own, which a task-local does not reach.
        let controls = ServedControls.list
        var documents: [[UInt8]] = []
        for (_, path) in plan.scenarios {
            let document = try Files.read(path, what: "scenario")
            do {
                _ = try HeadlessRender(document: document, controls: controls, artworks: artworks, format: .png, options: options)
            } catch {
                throw RenderFailure.usage("\(path): \(error)")
            }
            documents.append(document)
        }
        let baseline = Files.trimmed(self.baseline), results = Files.trimmed(self.results)
        let outcomes = Outcomes()
        let options = self.options, checked = documents
        let work = { @Sendable (i: Int) in
            let (name, path) = plan.scenarios[i]
            let outcome = Result { () throws -> TestResults.Scenario in
                let render = try HeadlessRender(document: checked[i], controls: controls, artworks: artworks, format: .png,
                                                options: options)
                return try ScenarioCheck(render: render, name: name, file: path, baselines: baseline, results: results,
                                         criterion: criterion, cells: cells, update: update).run()
            }
            outcomes.results.withLock { $0[i] = outcome }
        }
        // `jobs` workers, each taking the next scenario not yet taken.
        DispatchQueue.concurrentPerform(iterations: min(jobs, plan.scenarios.count)) { _ in
            while case let i = outcomes.next.wrappingAdd(1, ordering: .relaxed).oldValue, i < plan.scenarios.count { work(i) }
        }
        var report = TestResults()
        for i in plan.scenarios.indices {
            switch outcomes.results.withLock({ $0[i] }) {
            case .success(let scenario): report.scenarios.append(scenario)
            case .failure(let error): throw error
            case nil: throw RenderFailure.usage("\(plan.scenarios[i].path) did not run")
            }
        }
        print(TestConsole.lines(report, criterion: criterion, fps: fps))
        if let junit { try Files.writeReport(JUnitReport.xml(report), to: junit) }
        if let path = self.report { try Files.writeReport(HTMLReport.html(report, at: path), to: path) }
        if let summary = ProcessInfo.processInfo.environment["GITHUB_STEP_SUMMARY"], !summary.isEmpty {
            try TestConsole.append(StepSummary.markdown(report), to: summary)
        }
        if report.exitCode != 0 { throw ExitCode(report.exitCode) }
    }

    /// The frame options given, as the clip operation's parameters name them.
    private var options: [(name: String, value: String)] {
        frame.parameters + [("fps", String(fps))]
    }

    /// The run's criterion; the masks that name a control become its cell in each scenario's frames.
    private func criterion() throws -> (FrameCriterion, cells: [FrameSubject]) {
        typealias Limits = Scenario.Comparison.Limits
        func range(_ r: ClosedRange<Double>) -> String { "\(r.lowerBound)–\(r.upperBound)" }
        guard Limits.threshold.contains(threshold) else { throw RenderFailure.usage("--threshold must be \(range(Limits.threshold))") }
        if let ssim, !Limits.ssim.contains(ssim) { throw RenderFailure.usage("--ssim must be \(range(Limits.ssim))") }
        if let pixels = maxDiffPixels, pixels < 0 { throw RenderFailure.usage("--max-diff-pixels must be 0 or more") }
        if let ratio = maxDiffPixelRatio, !Limits.maxDiffPixelRatio.contains(ratio) {
            throw RenderFailure.usage("--max-diff-pixel-ratio must be \(range(Limits.maxDiffPixelRatio))")
        }
        var rects: [PixelRect] = [], cells: [FrameSubject] = []
        for text in mask {
            if let control = ServedControls.list.subjects.first(where: { $0.rawValue == text }) {
                cells.append(control)
                continue
            }
            let numbers = text.split(separator: ",").compactMap { Int(String($0.filter { $0 != " " })) }
            guard numbers.count == 4, numbers[2] > 0, numbers[3] > 0 else {
                throw RenderFailure.usage("--mask must be X,Y,W,H in pixels with W and H above 0, or one of "
                                          + ServedControls.list.subjects.map(\.rawValue).joined(separator: ", ") + "; got \(text)")
            }
            rects.append(PixelRect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3]))
        }
        return (FrameCriterion(measure: ssim.map { .ssim(minimum: $0) } ?? .deltaE(threshold: threshold),
                               ignoresAntialiasing: !countAntialiasing,
                               maxDiffPixels: maxDiffPixels ?? (maxDiffPixelRatio == nil ? 0 : nil),
                               maxDiffPixelRatio: maxDiffPixelRatio, masks: rects), cells)
    }
}

/// The scenarios' outcomes by index, as the workers finish them, and the next index to take.
private final class Outcomes: Sendable {
    let results = Mutex<[Int: Result<TestResults.Scenario, any Error>]>([:])
    let next = Atomic(0)
}
