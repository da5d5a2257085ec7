import Foundation
import LayercastTesting
import Testing
import SeedControls

/// `layercast test --report FILE`: one HTML file that loads nothing from the network, with each
/// failed frame's baseline, actual and heat map embedded, and the passing frames referenced by paths
/// that lead from the report's folder to their baselines. Two launches of the binary: the baselines,
/// then a failing run with the report.
@Suite struct TestReportTests {

    @Test func aFailingRunsReportEmbedsItsFailuresAndReferencesItsPasses() throws {
        try TestCommandTests.withProject { scenarios, baselines, dir in
            #expect(try TestCommandTests.test([scenarios, "--baseline", baselines, "--update", "all"]).status == 0)
            // busy's spinner line is drawn thicker (10 of its 12 frames fail), and its first baseline goes
            // missing; idle's 3 frames pass.
            try Scenarios.busyOnePropChanged.write(toFile: scenarios + "/busy.json", atomically: true, encoding: .utf8)
            try FileManager.default.removeItem(atPath: baselines + "/busy/0.000s.png")
            // And a new scenario, its two snapshots without baselines and one of its expects failing.
            try TestCommandTests.checked.write(toFile: scenarios + "/checked.json", atomically: true, encoding: .utf8)
            // In a folder of its own, two levels from the baselines, so its references must climb.
            let folder = dir + "/reports/run"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let report = folder + "/report.html"
            let run = try TestCommandTests.test([scenarios, "--baseline", baselines, "--report", report])
            #expect(run.status == 1, "\(run.stdout)\(run.stderr)")

            let html = try String(contentsOfFile: report, encoding: .utf8)
            let size = try #require(try FileManager.default.attributesOfItem(atPath: report)[.size] as? Int)
            #expect(size < 512 * 1024, "10 small failures: \(size) bytes")
            #expect(html.hasPrefix("<!doctype html>\n<html lang=\"en\">") && html.contains("<title>FAIL: "))
            // Nothing from the network: no URL with a scheme but data:, none protocol-relative.
            for remote in ["http:", "https:", "=\"//", "url(", "@import"] {
                #expect(!html.lowercased().contains(remote), "the page names \(remote)")
            }

            // Each failed frame's baseline, actual and heat map, embedded as PNGs scaled within 320 px;
            // the missing frame's actual.
            let articles = html.components(separatedBy: "<article ").dropFirst().map { $0.components(separatedBy: "</article>")[0] }
            let failed = articles.filter { $0.contains("✕ failed</span></h3>") }
            let missing = articles.filter { $0.contains("⚠ no baseline</span></h3>") }
            #expect(failed.count == 10 && missing.count == 3, "\(articles.count) articles")
            for article in failed + missing {
                let pictures = article.matches(of: /src="data:image\/png;base64,([A-Za-z0-9+\/=]+)"/).map { String($0.output.1) }
                #expect(pictures.count == (article.contains("✕ failed") ? 3 : 1), "\(article.prefix(120))")
                for picture in pictures {
                    let png = try #require(Data(base64Encoded: picture))
                    #expect(png.starts(with: [137, 80, 78, 71]))
                    let width = png[16..<20].reduce(0) { $0 << 8 | Int($1) }, height = png[20..<24].reduce(0) { $0 << 8 | Int($1) }
                    #expect((1...320).contains(width) && (1...320).contains(height), "\(width)×\(height)")
                }
                #expect(article.contains("type=\"range\"") == article.contains("✕ failed"), "a slider and an onion skin for failures")
            }
            #expect(html.matches(of: /type="range"[^>]*aria-valuetext="50 % actual"/).count == 20)

            // The passing frames (busy's second, idle's three) by relative paths that lead to their baselines.
            let passing = html.matches(of: /<li class="passed"><span><img src="([^"]+)"/).map { String($0.output.1) }
            #expect(passing.count == 4, "\(passing)")
            for path in passing {
                #expect(path.hasPrefix("../../baselines/") && !path.contains(":"), "\(path)")
                let file = folder + "/" + (path.removingPercentEncoding ?? path)
                #expect(FileManager.default.fileExists(atPath: file), "\(path) from \(folder)")
            }
            // The failed expect, with what was expected and what the state held.
            let expects = try #require(html.components(separatedBy: "<h3>Failed expects</h3>").dropFirst().first?
                .components(separatedBy: "</table>").first)
            #expect(expects.contains("<code>spinner.presentation.rotation</code>") && expects.contains("<code>3.14 ± 0.01</code>")
                    && expects.contains("<code>0.785") && !expects.contains("playButton.mode"), "\(expects)")
            // Failed frames in the strip link to their details.
            #expect(html.matches(of: /<li class="failed"><a href="#s0-f\d+">/).count == 10)
        }
    }
}
