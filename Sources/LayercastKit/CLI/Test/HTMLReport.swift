#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `--report FILE`: a self-contained HTML review of a `layercast test` run. A summary, then a
/// section per scenario: a strip of its frames in time order (failures marked and linked), its
/// failed `expect`s, and for each failed frame its baseline and actual side by side, a slider and an
/// onion skin between them, the heat map and the measures. The page loads nothing from the network:
/// failures' pictures are embedded, scaled to `ReportImages.longestSide`, and passing frames are
/// referenced by their baselines' paths from the report's folder, so the file stays small.
enum HTMLReport {
    /// At most this many failed or missing frames have their pictures embedded, and at most this
    /// many bytes of PNG in all (base64 adds a third); the others are listed with their files and
    /// measures. Failures come first.
    static let embeddedFrameLimit = 60
    static let embeddedByteLimit = 4 << 20

    /// The page for `results`, to be written at `path` (relative references to baselines start there).
    static func html(_ results: TestResults, at path: String) -> String {
        ReportPage(results: results, folder: Files.folder(of: path)).html()
    }
}

private struct ReportPage {
    let results: TestResults
    /// The report's folder, where the relative paths to the baselines start.
    let folder: String
    let pictures: [FrameKey: Pictures]

    struct FrameKey: Hashable {
        let scenario: Int
        let frame: Int
    }

    /// A failed or missing frame's embedded pictures (nil: not there, or not readable).
    struct Pictures {
        var baseline: ReportImages.Thumbnail?
        var actual: ReportImages.Thumbnail?
        var diff: ReportImages.Thumbnail?

        var bytes: Int { [baseline, actual, diff].reduce(0) { $0 + ($1?.png.count ?? 0) } }
    }

    init(results: TestResults, folder: String) {
        self.results = results
        self.folder = folder
        var pictures: [FrameKey: Pictures] = [:]
        var bytes = 0
        // Failures first, in the order of the page; then missing baselines' actual frames, with what is left.
        choosing: for failures in [true, false] {
            for (s, scenario) in results.scenarios.enumerated() {
                for (f, frame) in scenario.frames.enumerated() where frame.outcome != .passed && Self.isFailure(frame) == failures {
                    guard pictures.count < HTMLReport.embeddedFrameLimit else { break choosing }
                    let chosen = Pictures(baseline: failures ? ReportImages.thumbnail(ofFile: frame.baseline) : nil,
                                          actual: frame.actual.flatMap(ReportImages.thumbnail(ofFile:)),
                                          diff: frame.heatMap.flatMap(ReportImages.thumbnail(ofFile:)))
                    guard bytes + chosen.bytes <= HTMLReport.embeddedByteLimit else { break choosing }
                    bytes += chosen.bytes
                    pictures[FrameKey(scenario: s, frame: f)] = chosen
                }
            }
        }
        self.pictures = pictures
    }

    static func isFailure(_ frame: TestResults.Frame) -> Bool {
        if case .failed = frame.outcome { true } else { false }
    }

    func html() -> String {
        let scenarios = results.scenarios
        let failing = scenarios.filter(\.failing).count
        let title = switch results.exitCode {
        case 0: "PASS: Layercast motion tests, \(scenarios.count) scenario\(scenarios.count == 1 ? "" : "s") passed"
        case 3: "MISSING BASELINES: Layercast motion tests"
        default: "FAIL: Layercast motion tests, \(failing) of \(scenarios.count) scenarios failed"
        }
        var lines = [
            "<!doctype html>",
            #"<html lang="en">"#,
            "<head>",
            #"<meta charset="utf-8">"#,
            #"<meta name="viewport" content="width=device-width, initial-scale=1">"#,
            #"<meta http-equiv="Content-Security-Policy" content="\#(e(HTMLReportPage.contentSecurityPolicy))">"#,
            "<title>\(e(title))</title>",
            "<style>", HTMLReportPage.css, "</style>",
            "</head>",
            "<body>",
            "<header>",
            "<h1>Layercast motion tests</h1>",
            verdict(),
            "</header>",
            "<main>",
        ]
        lines += summary()
        for (s, scenario) in scenarios.enumerated() { lines += section(scenario, s) }
        lines += ["</main>", "<script>", HTMLReportPage.script, "</script>", "</body>", "</html>"]
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: The summary

    /// The exit status and what it means, in words and a mark, not by colour alone.
    private func verdict() -> String {
        let code = results.exitCode
        let (kind, mark, meaning) = switch code {
        case 0: ("passed", "✓ PASS", "every frame matches its baseline")
        case 3: ("missing", "⚠ MISSING BASELINES", "only baselines are missing (--update missing writes them)")
        default: ("failed", "✕ FAIL", "a frame or an expect failed, or a baseline has no frame")
        }
        return #"<p class="\#(kind)"><span class="badge">\#(mark)</span> Exit status \#(code): \#(e(meaning)).</p>"#
    }

    private func summary() -> [String] {
        let scenarios = results.scenarios
        let frames = scenarios.flatMap(\.frames)
        let failedFrames = frames.filter(Self.isFailure).count
        let missingFrames = frames.filter { $0.outcome == .missing }.count
        let failing = scenarios.filter(\.failing).count, passing = scenarios.filter(\.passed).count
        func total(_ count: (TestResults.Scenario) -> Int) -> Int { scenarios.reduce(0) { $0 + count($1) } }
        let counted = [("Scenarios", scenarios.count, passing, failing, scenarios.count - passing - failing),
                       ("Frames", frames.count, frames.count - failedFrames - missingFrames, failedFrames, missingFrames)]
        var lines = [#"<section aria-labelledby="summary">"#, #"<h2 id="summary">Summary</h2>"#,
                     "<table>", "<caption>Scenarios and frames</caption>",
                     #"<thead><tr><th scope="col">Counted</th><th scope="col">All</th><th scope="col">Passed</th>"#
                        + #"<th scope="col">Failed</th><th scope="col">Missing baselines</th></tr></thead>"#, "<tbody>"]
        for (name, all, passed, failed, missing) in counted {
            lines.append(#"<tr><th scope="row">\#(name)</th><td class="n">\#(all)</td><td class="n">\#(passed)</td>"#
                         + #"<td class="n">\#(failed)</td><td class="n">\#(missing)</td></tr>"#)
        }
        lines += ["</tbody>", "</table>", "<ul>",
                  "<li>Failed expects: \(total { $0.failedAssertions.count })</li>",
                  "<li>Baselines with no frame: \(total { $0.extra.count })</li>",
                  "<li>Baselines written by this run: \(total { $0.written.count })</li>", "</ul>"]

        lines += ["<table>", "<caption>Each scenario</caption>",
                  #"<thead><tr><th scope="col">Scenario</th><th scope="col">Result</th><th scope="col">Frames</th>"#
                    + #"<th scope="col">Failed</th><th scope="col">Missing</th><th scope="col">Failed expects</th>"#
                    + #"<th scope="col">Took</th></tr></thead>"#, "<tbody>"]
        for (s, scenario) in scenarios.enumerated() {
            let (kind, mark) = Self.result(of: scenario)
            lines.append(#"<tr class="\#(kind)"><th scope="row">"# + "<a href=\"#s\(s)\">\(e(scenario.name))</a></th>"
                         + #"<td><span class="badge">\#(mark)</span></td><td class="n">\#(scenario.frames.count)</td>"#
                         + #"<td class="n">\#(scenario.failed.count)</td><td class="n">\#(scenario.missing.count)</td>"#
                         + #"<td class="n">\#(scenario.failedAssertions.count)</td><td class="n">\#(TestResults.time(scenario.seconds))</td></tr>"#)
        }
        lines += ["</tbody>", "</table>"]

        let leftOut = failedFrames + missingFrames - pictures.count
        if leftOut > 0 {
            lines.append("<p>The pictures of \(leftOut) failed or missing frames are left out, to keep this file small "
                         + "(at most \(HTMLReport.embeddedFrameLimit) frames' pictures, \(HTMLReport.embeddedByteLimit >> 20) MB); "
                         + "those frames are listed with their measures and files.</p>")
        }
        lines += ["<h3>Reading a failure</h3>",
                  "<p>Each failed frame shows its baseline and its actual frame side by side, then two comparisons: "
                    + "the <strong>slider</strong> shows the actual frame left of its line and the baseline right of it, and "
                    + "the <strong>onion skin</strong> lays the actual frame over the baseline at the opacity chosen. "
                    + "In the <strong>heat map</strong> a differing pixel is yellow (a small difference) to red (a large one), "
                    + "an antialiased edge that does not count is blue, a masked pixel is green-tinted grey, and the rest is "
                    + "the baseline in dim grey. Pictures are scaled to at most \(ReportImages.longestSide) px; "
                    + "the files links open them at full size.</p>",
                  "</section>"]
        return lines
    }

    /// A scenario's result as the console says it, and the class that colours it.
    private static func result(of scenario: TestResults.Scenario) -> (kind: String, mark: String) {
        scenario.failing ? ("failed", "✕ FAIL") : scenario.passed ? ("passed", "✓ PASS") : ("missing", "⚠ MISSING BASELINES")
    }

    // MARK: A scenario

    private func section(_ scenario: TestResults.Scenario, _ s: Int) -> [String] {
        let (kind, mark) = Self.result(of: scenario)
        let frames = scenario.frames.enumerated().sorted { $0.element.time < $1.element.time }
        var lines = [#"<section id="s\#(s)" aria-labelledby="s\#(s)-h">"#,
                     #"<h2 id="s\#(s)-h" class="\#(kind)">\#(e(scenario.name)) <span class="badge">\#(mark)</span></h2>"#,
                     #"<p><code>\#(e(scenario.file))</code>: \#(scenario.frames.count) frames, \#(scenario.failed.count) failed, "#
                        + "\(scenario.missing.count) missing baselines, \(scenario.failedAssertions.count) failed expects.</p>",
                     #"<h3 id="s\#(s)-strip">Frames in time order</h3>"#, #"<ol class="strip">"#]
        for (f, frame) in frames { lines.append(stripItem(frame, scenario, FrameKey(scenario: s, frame: f))) }
        lines.append("</ol>")

        let failedAssertions = scenario.failedAssertions.sorted { $0.time < $1.time }
        if !failedAssertions.isEmpty {
            lines += ["<h3>Failed expects</h3>", "<table>", "<caption>What the state held where the scenario expected otherwise</caption>",
                      #"<thead><tr><th scope="col">Time</th><th scope="col">Path</th><th scope="col">Expected</th>"#
                        + #"<th scope="col">Actual</th></tr></thead>"#, "<tbody>"]
            for a in failedAssertions {
                lines.append(#"<tr><td class="n">\#(TestResults.time(a.time))</td><td><code>\#(e(a.path))</code></td>"#
                             + "<td><code>\(e(a.expected))</code></td><td><code>\(e(a.actual))</code></td></tr>")
            }
            lines += ["</tbody>", "</table>"]
        }
        if !scenario.extra.isEmpty {
            lines += ["<h3>Baselines with no frame</h3>",
                      "<p>The scenario has no frame at these times now (it got shorter, or its fps changed):</p>", "<ul>"]
            lines += scenario.extra.map { #"<li><a class="path" href="\#(href($0))">\#(e($0))</a></li>"# }
            lines.append("</ul>")
        }
        for (f, frame) in frames where frame.outcome != .passed {
            lines += details(frame, scenario, FrameKey(scenario: s, frame: f))
        }
        lines.append("</section>")
        return lines
    }

    /// A frame in the strip: a passing one by its baseline's file, a failed or missing one by its
    /// actual frame's, marked in words and by its border, and linked to its details.
    private func stripItem(_ frame: TestResults.Frame, _ scenario: TestResults.Scenario, _ key: FrameKey) -> String {
        let time = TestResults.time(frame.time)
        let (kind, mark, file, which) = switch frame.outcome {
        case .passed: ("passed", "✓ passed", frame.baseline, "baseline")
        case .failed: ("failed", "✕ failed", frame.actual ?? frame.baseline, frame.actual == nil ? "baseline" : "actual frame")
        case .missing: ("missing", "⚠ no baseline", frame.actual ?? frame.baseline, "actual frame")
        }
        let inner = #"<img src="\#(href(file))" alt="\#(e(scenario.name)) at \#(time): \#(which)" loading="lazy">"#
            + #"<span class="time">\#(time)</span><span class="badge">\#(mark)</span>"#
        let tag = frame.outcome == .passed ? #"<span>\#(inner)</span>"# : "<a href=\"#\(id(key))\">\(inner)</a>"
        return #"<li class="\#(kind)">\#(tag)</li>"#
    }

    /// A failed or missing frame: what was measured, its pictures (when embedded), its files.
    private func details(_ frame: TestResults.Frame, _ scenario: TestResults.Scenario, _ key: FrameKey) -> [String] {
        let id = id(key), name = "\(scenario.name) at \(TestResults.time(frame.time))"
        let failed = Self.isFailure(frame)
        var lines = [#"<article class="frame \#(failed ? "failed" : "missing")" id="\#(id)" aria-labelledby="\#(id)-h">"#,
                     #"<h3 id="\#(id)-h">\#(e(name)) <span class="badge">\#(failed ? "✕ failed" : "⚠ no baseline")</span></h3>"#]
        if case .failed(let measures) = frame.outcome {
            lines.append(#"<p class="measures"><strong>Measures:</strong> \#(e(measures))</p>"#)
        } else {
            lines.append(#"<p>No baseline at <code>\#(e(frame.baseline))</code>: <code>--update missing</code> writes it.</p>"#)
        }
        if let pictures = pictures[key] {
            lines.append(#"<div class="pictures">"#)
            if failed {
                lines.append(figure(pictures.baseline, id: id + "-baseline", alt: name + ": baseline", caption: "Baseline"))
            }
            lines.append(figure(pictures.actual, id: id + "-actual", alt: name + ": actual frame", caption: "Actual"))
            if failed, let baseline = pictures.baseline, let actual = pictures.actual {
                lines += comparison("slider", id, name, baseline, actual,
                                    label: "Slider: actual left of the line, baseline right")
                lines += comparison("onion", id, name, baseline, actual, label: "Onion skin: actual over baseline")
            }
            if failed {
                lines.append(figure(pictures.diff, id: id + "-diff", alt: name + ": heat map of the differences", caption: "Heat map"))
            }
            lines.append("</div>")
        } else {
            lines.append("<p>Its pictures are left out of this report, to keep it small (see the summary).</p>")
        }
        var files = [("baseline", frame.baseline)]
        if let actual = frame.actual { files.append(("actual frame", actual)) }
        if let heatMap = frame.heatMap { files.append(("heat map", heatMap)) }
        if !failed { files.removeFirst() }
        if !files.isEmpty {
            lines.append("<p>Full size: " + files.map { #"<a href="\#(href($1))">\#($0)</a> <span class="path muted">\#(e($1))</span>"# }
                .joined(separator: "; ") + "</p>")
        }
        lines += ["<p><a href=\"#s\(key.scenario)-strip\">Back to \(e(scenario.name))’s frames</a></p>", "</article>"]
        return lines
    }

    /// An embedded picture with its caption, or a sentence saying it could not be read.
    private func figure(_ picture: ReportImages.Thumbnail?, id: String, alt: String, caption: String) -> String {
        guard let picture else { return "<p>\(e(caption)): not there, or not readable.</p>" }
        let (width, height) = displaySize(picture)
        return #"<figure><img id="\#(id)" src="\#(picture.dataURI)" width="\#(width)" height="\#(height)" alt="\#(e(alt))">"#
            + "<figcaption>\(e(caption))</figcaption></figure>"
    }

    /// The slider or the onion skin: the actual frame over the baseline, and the range input that
    /// reveals or blends it. Its pictures are copied from the side-by-side ones by the page's script,
    /// which also shows it.
    private func comparison(_ kind: String, _ id: String, _ name: String, _ baseline: ReportImages.Thumbnail,
                            _ actual: ReportImages.Thumbnail, label: String) -> [String] {
        let input = id + "-" + kind
        let (bw, bh) = displaySize(baseline), (aw, ah) = displaySize(actual)
        let how = kind == "slider" ? "shown left of the slider’s line" : "blended over the baseline"
        return [#"<figure data-compare="\#(kind)" hidden>"#,
                #"<div class="stack"><img data-from="\#(id)-baseline" width="\#(bw)" height="\#(bh)" alt="\#(e(name)): baseline, under the \#(kind == "slider" ? "slider" : "onion skin")">"#
                    + #"<img class="over" data-from="\#(id)-actual" width="\#(aw)" height="\#(ah)" alt="\#(e(name)): actual frame, \#(how)">"#
                    + (kind == "slider" ? #"<span class="edge"></span>"# : "") + "</div>",
                #"<figcaption class="control"><label for="\#(input)">\#(e(label))</label>"#
                    + #"<input type="range" id="\#(input)" min="0" max="100" step="1" value="50" aria-valuetext="50 % actual">"#
                    + #"<output for="\#(input)">50 % actual</output></figcaption>"#,
                "</figure>"]
    }

    /// Small frames shown at a whole multiple of their size (sharp, pixel for pixel) so they are not
    /// tiny: 96 px shows at 192.
    private func displaySize(_ picture: ReportImages.Thumbnail) -> (Int, Int) {
        let scale = max(1, 256 / max(picture.width, picture.height, 1))
        return (picture.width * scale, picture.height * scale)
    }

    private func id(_ key: FrameKey) -> String { "s\(key.scenario)-f\(key.frame)" }

    /// A file as the page's `href` or `src` names it: from the report's folder, percent-encoded, escaped.
    private func href(_ file: String) -> String {
        e(ReportImages.urlPath(ReportImages.relativePath(from: folder, to: file)))
    }

    /// Text for the page: the markup characters escaped, as the JUnit file escapes them.
    private func e(_ text: String) -> String { JUnitReport.escaped(text) }
}
