import Foundation
import Testing

/// The example's executable, `hamburger-button`, as a user runs it: `api --markdown` prints the
/// README's API tables for the five controls of `main.swift`. (The test process's own list, with
/// `Blinker`, has no such table: the function that writes it is not in the SDK's public API.)
@Suite struct ExecutableTests {

    /// The executable `swift build --build-tests` (or `swift test`) built beside this test bundle.
    static var executable: URL? {
        var candidates: [URL] = []
        if let bundle = Bundle.main.executableURL { candidates.append(bundle.deletingLastPathComponent()) }
        // This file is Tests/HamburgerButtonTests/ExecutableTests.swift in the package.
        let package = URL(fileURLWithPath: "\(#filePath)").deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        candidates.append(package.appendingPathComponent(".build/debug"))
        return candidates.map { $0.appendingPathComponent("hamburger-button") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    @Test func apiMarkdownHasTheButtonsRows() throws {
        let executable = try #require(Self.executable, "no hamburger-button beside the tests: swift build --build-tests")
        let process = Process()
        process.executableURL = executable
        process.arguments = ["api", "--markdown"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let markdown = String(decoding: data, as: UTF8.self)
        for row in ["<!-- api:hamburger-button -->", "| `POST /hamburger-button/toggle` (`hamburgerButtonToggle`) |",
                    "| `POST /hamburger-button/open` (`hamburgerButtonOpen`) |",
                    "| `POST /hamburger-button/close` (`hamburgerButtonClose`) |", "| `GET /controls/hamburger-button/props` |"] {
            #expect(markdown.contains(row), "\(row)")
        }
        // Layercast's own four are served beside it, and nothing of the tests' Blinker.
        #expect(markdown.contains("<!-- api:spinner -->") && !markdown.contains("blinker"))
    }
}
