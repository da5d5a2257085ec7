import Foundation
import Testing

/// Runs openapi-spec-validator (what the fuzz run's schemathesis relies on) over a document and
/// expects it to pass; a missing validator fails the test with the command that installs it.
func expectValidOpenAPI(_ document: [UInt8], name: String) throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("layercast-\(name)-\(getpid()).json")
    try Data(document).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let validator = Process()
    validator.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    validator.arguments = ["python3", "-m", "openapi_spec_validator", file.path]
    let output = Pipe()
    validator.standardOutput = output
    validator.standardError = output
    try validator.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    validator.waitUntilExit()
    #expect(validator.terminationStatus == 0, "pip install openapi-spec-validator if it is missing: \(text)")
}
