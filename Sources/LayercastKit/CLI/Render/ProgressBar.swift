#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import Scenes

/// A progress bar on stderr when stderr is a terminal and no CI variable is set; silent otherwise,
/// so a CI log holds the results and not hundreds of redrawn lines.
final class ProgressBar {
    private let total: Int
    private let enabled: Bool
    private var drawn = -1
    private var visible = false

    static let width = 30

    init(total: Int, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.total = max(total, 1)
        enabled = isatty(2) != 0 && environment["CI"] == nil && environment["TERM"] != "dumb"
    }

    /// Redraws when the bar has moved by a cell or the count by a percent.
    func update(_ done: Int) {
        guard enabled else { return }
        let step = done * 100 / total
        guard step != drawn else { return }
        drawn = step
        let cells = done * Self.width / total
        let bar = String(repeating: "█", count: cells) + String(repeating: "·", count: Self.width - cells)
        emit("\r\(bar) \(done)/\(total) frames")
        visible = true
    }

    /// Clears the bar, so what is printed next starts on a clean line.
    func finish() {
        guard visible else { return }
        emit("\r\u{1B}[2K")
        visible = false
    }

    private func emit(_ text: String) {
        _ = text.withCString { write(2, $0, strlen($0)) }
    }
}
