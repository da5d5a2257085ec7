#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FrameCheck
import Rendering
import Scenes

/// One scenario of `layercast test`: its frames rendered headlessly (`HeadlessRender`, the server's
/// bytes) and each compared with its baseline, `BASELINES/NAME/T.TTTs.png`, by the run's
/// `FrameCriterion`. A failed or missing frame leaves its actual image (and, when it failed, a heat
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
        try render.renderFrames { _, time, image in
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
        let present = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        result.extra = present.filter { $0.hasSuffix("s.png") && !expected.contains($0) }.sorted().map { folder + "/" + $0 }
        let elapsed = ContinuousClock.now - started
        result.seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        return result
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
