#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FrameCheck
import Scenes

/// `layercast render … --compare DIR`: each rendered frame against DIR's frame of the same name,
/// with the golden tests' comparison (`FrameCheck`). A line per frame with its largest and mean
/// error, and for a frame that differs its actual image and a diff image in the output folder.
struct FrameComparison {
    let render: HeadlessRender
    let referenceDirectory: String
    let failureDirectory: String
    let tolerance: Int

    /// The share of a frame's pixels that must be within the tolerance: the golden tests' own.
    static let matchingPercent = fixed(ImageTolerance.standard.matchingFraction * 100, 1) + " %"

    struct Outcome {
        var lines: [String] = []
        var matched = 0
        var differed = 0
        /// Frames with no reference, or of another size.
        var unmatchable = 0
        /// References with no frame (the scenario got shorter).
        var extra: [String] = []

        /// 3 when frames and references do not pair up, else 1 when any frame differs, else 0.
        var exitCode: Int32 { unmatchable > 0 || !extra.isEmpty ? 3 : differed > 0 ? 1 : 0 }
    }

    func run(progress: ProgressBar) throws -> Outcome {
        var outcome = Outcome()
        let allowed = ImageTolerance(channelDelta: tolerance, matchingFraction: ImageTolerance.standard.matchingFraction)
        try render.renderFrames { index, time, image in
            let name = render.frameFileName(index)
            let check = GoldenCheck(referencePath: referenceDirectory + "/" + name, failureDirectory: failureDirectory,
                                    tolerance: allowed)
            let head = name + String(repeating: " ", count: max(2, 16 - name.count)) + "t=" + Self.fixed(time, 3)
            switch try check.check(try render.png(image)) {
            case .match(let c):
                outcome.matched += 1
                outcome.lines.append(head + Self.errors(c) + "  ok")
            case .mismatch(let c) where !c.sizeMatches:
                outcome.unmatchable += 1
                outcome.lines.append(head + "  OTHER SIZE: \(c)  actual: \(check.actualPath)")
            case .mismatch(let c):
                outcome.differed += 1
                outcome.lines.append(head + Self.errors(c) + "  DIFFERS: \(Self.fixed(c.matchingFraction * 100, 2)) % within "
                                     + "\(tolerance)  diff: \(check.diffPath)")
            case .missingReference:
                outcome.unmatchable += 1
                outcome.lines.append(head + "  MISSING: no \(check.referencePath)  actual: \(check.actualPath)")
            }
            progress.update(index + 1)
        }
        let names = Set((0..<render.timing.frameCount).map(render.frameFileName))
        let present = (try? FileManager.default.contentsOfDirectory(atPath: referenceDirectory)) ?? []
        outcome.extra = present.filter { $0.hasPrefix("frame-") && $0.hasSuffix(".png") && !names.contains($0) }.sorted()
        return outcome
    }

    func summary(_ outcome: Outcome) -> String {
        var lines = ["\(render.timing.frameCount) frames (\(render.pixelWidth)×\(render.pixelHeight) px, \(render.timing.fps) fps) "
                     + "against \(referenceDirectory), tolerance \(tolerance) on \(Self.matchingPercent) of pixels"]
        lines += outcome.lines
        for name in outcome.extra { lines.append("\(name)  EXTRA: the reference has a frame the scenario does not") }
        let verdict: String
        switch outcome.exitCode {
        case 0: verdict = "all \(outcome.matched) frames match"
        case 1: verdict = "\(outcome.differed) of \(render.timing.frameCount) frames differ beyond the tolerance; "
            + "actual and diff images in \(failureDirectory)"
        default: verdict = "frames and references do not pair up: \(outcome.unmatchable) missing or of another size, "
            + "\(outcome.extra.count) extra"
        }
        lines.append("result: \(verdict) (exit \(outcome.exitCode))")
        return lines.joined(separator: "\n")
    }

    /// "  max  12  mean 0.031": the largest channel error and the mean over channels.
    private static func errors(_ c: ImageComparison) -> String {
        let max = c.maxError.max() ?? 0
        let mean = c.meanError.reduce(0, +) / Double(Swift.max(c.meanError.count, 1))
        let maxText = String(max)
        return "  max " + String(repeating: " ", count: Swift.max(0, 3 - maxText.count)) + maxText + "  mean " + fixed(mean, 3)
    }

    /// `value` with `digits` decimals, without Foundation's formatting (which needs ICU).
    static func fixed(_ value: Double, _ digits: Int) -> String {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let scaled = Int((abs(value) * scale).rounded())
        let whole = String(scaled / Int(scale)), fraction = String(scaled % Int(scale))
        let sign = value < 0 && scaled > 0 ? "-" : ""
        return sign + whole + (digits > 0 ? "." + String(repeating: "0", count: digits - fraction.count) + fraction : "")
    }
}
