import Foundation
import FrameCheck
import Rendering
import Testing

/// Golden-image assertions: a frame against a reviewed reference PNG, within a stated tolerance.
///
/// A mismatch fails the test, and leaves the actual frame and a diff image under the package's
/// `.build/golden-failures/`, at the path the reference has in the repository; the failure names
/// both files. Nothing a test run does rewrites a reference. After an intended visual change, look
/// at the images a failed run left, then `scripts/accept-golden.sh` copies the actuals over the
/// references, and the next run must pass.
public struct Golden: Sendable {
    public let directory: String
    public let failureDirectory: String
    public let tolerance: ImageTolerance

    /// References in `folder` beside the calling test file.
    public init(_ folder: String = "Golden", tolerance: ImageTolerance = .standard, file: StaticString = #filePath) {
        let directory = URL(fileURLWithPath: "\(file)").deletingLastPathComponent().appendingPathComponent(folder).path
        var root = URL(fileURLWithPath: directory)
        while root.path != "/", !FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path) {
            root.deleteLastPathComponent()
        }
        let relative = directory.hasPrefix(root.path + "/") ? String(directory.dropFirst(root.path.count + 1)) : folder
        self.init(directory: directory, failureDirectory: root.path + "/.build/golden-failures/" + relative, tolerance: tolerance)
    }

    public init(directory: String, failureDirectory: String, tolerance: ImageTolerance = .standard) {
        self.directory = directory
        self.failureDirectory = failureDirectory
        self.tolerance = tolerance
    }

    public func check(_ name: String) -> GoldenCheck {
        GoldenCheck(referencePath: "\(directory)/\(name).png", failureDirectory: failureDirectory, tolerance: tolerance)
    }

    /// Expects the PNG `png` to match the reference `name`.png.
    public func expect(_ png: [UInt8], named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let check = check(name)
        do {
            let outcome = try check.check(png)
            if case .match = outcome { return }
            Issue.record("\(check.message(for: outcome)). If the change is meant, look at them, then run scripts/accept-golden.sh.",
                         sourceLocation: sourceLocation)
        } catch {
            Issue.record(error, "\(name): the golden check failed", sourceLocation: sourceLocation)
        }
    }

    public func expect(_ image: RenderedImage, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        expect(try PNGEncoder.encode(image), named: name, sourceLocation: sourceLocation)
    }
}
