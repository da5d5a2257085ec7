#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Controls
import FrameCheck
import Rendering
import Scenes

/// One scenario of `layercast test`: its frames rendered headlessly (`HeadlessRender`, the server's
/// bytes) and each compared with its baseline, `BASELINES/NAME/T.TTTs.png`, by the run's
/// `FrameCriterion` (with the scenario's own `compare` over it), at its frame rate or at the times
/// its `snapshots` lists; then its `expect` steps are checked. A failed or missing frame leaves its actual image (and, when it failed, a heat
/// map) in `RESULTS/NAME/`; `--update` writes baselines, and a run without it writes none.
struct ScenarioCheck {
    /// Which baselines a run may write.
    enum Update: String, CaseIterable {
        /// Only those that are missing.
        case missing
        /// Those missing and those that fail.
        case changed
        /// Every frame's.
        case all
    }

    let render: HeadlessRender
    let name: String
    let file: String
    let baselines: String
    let results: String
    let criterion: FrameCriterion
    /// The run's masks that name a control: its cell in this scenario's frames.
    let cells: [FrameSubject]
    let update: Update?

    /// `1.200s.png`: the time with three decimals, so a review in git names the moment.
    static func fileName(_ time: Double) -> String { FrameComparison.fixed(time, 3) + "s.png" }

    /// `1.200s.png` → `1.200s.actual.png`.
    static func sibling(_ file: String, _ kind: String) -> String { String(file.dropLast(4)) + "." + kind + ".png" }

    func run() throws -> TestResults.Scenario {
        let started = ContinuousClock.now
        var result = TestResults.Scenario(name: name, file: file)
        let folder = baselines + "/" + name, out = results + "/" + name
        var expected = Set<String>()
        let criterion = Self.criterion(self.criterion, cells: cells, render)
        let check = { (time: Double, image: RenderedImage) throws in
            let file = Self.fileName(time)
            expected.insert(file)
            let png = try render.png(image)
            var frame = TestResults.Frame(time: time, outcome: .passed, baseline: folder + "/" + file)
            if let reference = FileManager.default.contents(atPath: frame.baseline) {
                let comparison = PerceptualComparison(actual: try PNGDecoder.decode(png),
                                                      reference: try PNGDecoder.decode(Array(reference)), criterion: criterion)
                if !comparison.passes {
                    frame = TestResults.Frame(time: time, outcome: .failed(comparison.description), baseline: frame.baseline)
                    if update == .changed || update == .all {
                        try write(png, to: frame.baseline, into: folder, &result)
                    } else {
                        frame.actual = try keep(png, out + "/" + Self.sibling(file, "actual"), out)
                        if let heatMap = comparison.heatMap {
                            frame.heatMap = try keep(try PNGEncoder.encode(heatMap),
                                                     out + "/" + Self.sibling(file, "diff"), out)
                        }
                    }
                } else if update == .all, Array(reference) != png {
                    try write(png, to: frame.baseline, into: folder, &result)
                }
            } else if update != nil {
                try write(png, to: frame.baseline, into: folder, &result)
            } else {
                frame = TestResults.Frame(time: time, outcome: .missing, baseline: frame.baseline)
                frame.actual = try keep(png, out + "/" + Self.sibling(file, "actual"), out)
            }
            // A baseline this run wrote is what the frame is now: it passes.
            if result.written.last == frame.baseline { frame = TestResults.Frame(time: time, outcome: .passed, baseline: frame.baseline) }
            result.frames.append(frame)
        }
        if let times = render.snapshots {
            try render.renderFrames(at: times, check)
        } else {
            try render.renderFrames { _, time, image in try check(time, image) }
        }
        result.assertions = render.checkExpectations().map {
            TestResults.Assertion(time: $0.at, path: $0.path, expected: $0.expected, actual: $0.actual, passed: $0.passed)
        }
        let present = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        result.extra = present.filter { $0.hasSuffix("s.png") && !expected.contains($0) }.sorted().map { folder + "/" + $0 }
        let elapsed = ContinuousClock.now - started
        result.seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        return result
    }

    /// The run's criterion with the scenario's `compare` over it: a measure, a flag or the pixel
    /// limits it gives replace the run's (either limit given replaces both), its masks join the run's,
    /// a control's mask being its cell in these frames.
    static func criterion(_ run: FrameCriterion, cells: [FrameSubject], _ render: HeadlessRender) -> FrameCriterion {
        var criterion = run
        let own = render.comparison ?? Scenario.Comparison()
        if let minimum = own.ssim {
            criterion.measure = .ssim(minimum: minimum)
        } else if let threshold = own.threshold {
            criterion.measure = .deltaE(threshold: threshold)
        }
        if let counts = own.countAntialiasing { criterion.ignoresAntialiasing = !counts }
        if own.maxDiffPixels != nil || own.maxDiffPixelRatio != nil {
            (criterion.maxDiffPixels, criterion.maxDiffPixelRatio) = (own.maxDiffPixels, own.maxDiffPixelRatio)
        }
        for mask in cells.map(Scenario.Comparison.Mask.control) + own.masks {
            switch mask {
            case .rect(let x, let y, let width, let height):
                criterion.masks.append(PixelRect(x: x, y: y, width: width, height: height))
            case .control(let id):
                if let cell = render.cell(of: id) {
                    criterion.masks.append(PixelRect(x: cell.x, y: cell.y, width: cell.width, height: cell.height))
                }
            }
        }
        return criterion
    }

    private func write(_ png: [UInt8], to path: String, into folder: String, _ result: inout TestResults.Scenario) throws {
        try Files.makeDirectory(folder)
        try Files.write(png, to: path)
        result.written.append(path)
    }

    /// Writes a failure's image into the results folder and returns its path.
    private func keep(_ png: [UInt8], _ path: String, _ folder: String) throws -> String {
        try Files.makeDirectory(folder)
        try Files.write(png, to: path)
        return path
    }
}
