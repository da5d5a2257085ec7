#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Rendering

/// A frame checked against a reviewed reference PNG. On a mismatch, or when there is no reference
/// yet, the actual frame and (when the sizes agree) a diff image are written to `failureDirectory`
/// under the reference's name, so that a person can look at them and, if the change was meant,
/// copy the actual over the reference. A match removes what an earlier failure left there.
public struct GoldenCheck: Sendable {
    public enum Outcome: Sendable {
        case match(ImageComparison)
        case mismatch(ImageComparison)
        case missingReference
    }

    public let referencePath: String
    public let failureDirectory: String
    public let tolerance: ImageTolerance

    public init(referencePath: String, failureDirectory: String, tolerance: ImageTolerance = .standard) {
        self.referencePath = referencePath
        self.failureDirectory = failureDirectory
        self.tolerance = tolerance
    }

    /// The reference's file name without ".png".
    public var name: String {
        let file = referencePath.split(separator: "/").last.map(String.init) ?? referencePath
        return file.hasSuffix(".png") ? String(file.dropLast(4)) : file
    }

    public var actualPath: String { "\(failureDirectory)/\(name).png" }
    public var diffPath: String { "\(failureDirectory)/\(name).diff.png" }

    /// Compares `actualPNG` with the reference and writes or removes the failure images.
    public func check(_ actualPNG: [UInt8]) throws -> Outcome {
        let files = FileManager.default
        for path in [actualPath, diffPath] where files.fileExists(atPath: path) { try files.removeItem(atPath: path) }
        guard let referencePNG = files.contents(atPath: referencePath) else {
            try write(actualPNG, to: actualPath)
            return .missingReference
        }
        let comparison = ImageComparison(actual: try PNGDecoder.decode(actualPNG),
                                         reference: try PNGDecoder.decode(Array(referencePNG)), tolerance: tolerance)
        if comparison.passes { return .match(comparison) }
        try write(actualPNG, to: actualPath)
        if let diff = comparison.diff { try write(try PNGEncoder.encode(diff), to: diffPath) }
        return .mismatch(comparison)
    }

    /// What a failed check says: the numbers and where to look.
    public func message(for outcome: Outcome) -> String {
        switch outcome {
        case .match(let comparison):
            return "\(name) matches its reference: \(comparison)"
        case .mismatch(let comparison):
            let diff = comparison.diff == nil ? "" : ", diff \(diffPath)"
            return "\(name) differs from \(referencePath): \(comparison). Actual \(actualPath)\(diff)"
        case .missingReference:
            return "\(name) has no reference at \(referencePath). Actual \(actualPath)"
        }
    }

    private func write(_ bytes: [UInt8], to path: String) throws {
        try FileManager.default.createDirectory(atPath: failureDirectory, withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }
}
