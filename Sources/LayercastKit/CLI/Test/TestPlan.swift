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

/// Which scenario files `layercast test` runs: the files named, and the `*.json` files of the
/// folders named (not their subfolders), in name order; then `--filter`, then `--shard`, so that
/// every CI machine of a sharded run computes the same split.
struct TestPlan {
    /// (name, path), in the order they run and are reported.
    let scenarios: [(name: String, path: String)]

    init(paths: [String], filter: String?, shard: Shard?) throws {
        var files: [String] = []
        for path in paths.map(Files.trimmed) {
            guard FileManager.default.fileExists(atPath: path) else {
                throw RenderFailure.usage("\(path): no such file or folder")
            }
            if let names = try? FileManager.default.contentsOfDirectory(atPath: path) {
                files += names.filter { $0.hasSuffix(".json") }.sorted().map { path + "/" + $0 }
            } else {
                files.append(path)
            }
        }
        var seen = Set<String>()
        var scenarios: [(name: String, path: String)] = []
        for file in files {
            let name = Self.name(of: file)
            guard seen.insert(name).inserted else {
                throw RenderFailure.usage("two scenarios are named \(name): baselines are kept by name, so names must differ")
            }
            scenarios.append((name, file))
        }
        if let filter { scenarios = scenarios.filter { Self.matches($0.name, filter) } }
        if let shard { scenarios = scenarios.enumerated().filter { $0.offset % shard.count == shard.index - 1 }.map(\.element) }
        self.scenarios = scenarios
    }

    /// `press.json` → `press`.
    static func name(of file: String) -> String {
        let base = file.split(separator: "/").last.map(String.init) ?? file
        return base.hasSuffix(".json") ? String(base.dropLast(5)) : base
    }

    /// A shell-style pattern (`*` any run, `?` one character) over the whole name; without either,
    /// a part of the name.
    static func matches(_ name: String, _ pattern: String) -> Bool {
        guard pattern.contains("*") || pattern.contains("?") else { return name.contains(pattern) }
        return fnmatch(pattern, name, 0) == 0
    }

    /// `--shard I/N`: the I-th of N parts, 1-based.
    struct Shard {
        let index: Int
        let count: Int

        init(_ text: String) throws {
            let parts = text.split(separator: "/")
            guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]), n >= 1, (1...n).contains(i) else {
                throw RenderFailure.usage("--shard must be I/N with 1 ≤ I ≤ N, such as 2/4; got \(text)")
            }
            (index, count) = (i, n)
        }
    }
}
