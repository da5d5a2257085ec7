#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FrameCheck
#if canImport(Glibc)
import Glibc
#endif

/// What `layercast test` prints: a line per scenario, a line per failed or missing frame and per
/// baseline written, then the verdict with the exit status.
enum TestConsole {
    static func lines(_ results: TestResults, criterion: FrameCriterion, fps: Int) -> String {
        var lines = ["\(results.scenarios.count) scenario\(results.scenarios.count == 1 ? "" : "s") at \(fps) fps; a frame passes when \(criterion)"]
        for s in results.scenarios {
            let state = s.passed ? "PASS" : s.failing ? "FAIL" : "MISSING"
            let expects = s.assertions.isEmpty ? "" : "; \(s.assertions.count) expect\(s.assertions.count == 1 ? "" : "s"), \(s.failedAssertions.count) failed"
            lines.append("\(state)  \(s.name)  \(s.frames.count) frames, \(s.failed.count) failed, \(s.missing.count) missing" + expects)
            for (_, message, detail) in JUnitReport.failures(of: s) {
                lines.append("      \(message)")
                lines += detail.split(separator: "\n").map { "        " + $0 }
            }
            lines += s.written.map { "      wrote \($0)" }
        }
        let failed = results.scenarios.filter(\.failing).count
        let missing = results.scenarios.filter { !$0.failing && !$0.missing.isEmpty }.count
        let written = results.scenarios.reduce(0) { $0 + $1.written.count }
        lines.append("result: \(results.scenarios.count - failed - missing) passed, \(failed) failed, \(missing) missing baselines"
                     + (written > 0 ? ", \(written) baselines written" : "") + " (exit \(results.exitCode))")
        return lines.joined(separator: "\n")
    }

    /// Appends `text` to the file at `path` (made if missing), as GitHub's step summary expects.
    static func append(_ text: String, to path: String) throws {
        let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw RenderFailure.usage("cannot append to \(path)") }
        defer { close(fd) }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        guard written == bytes.count else { throw RenderFailure.usage("cannot append to \(path)") }
    }
}
