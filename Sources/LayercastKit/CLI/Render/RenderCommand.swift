import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FrameCheck
#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import Scenes

/// `layercast render SCENARIO.json --out DIR`: a scenario's frames or clip with no server and no
/// socket, byte for byte what the server gives; with `--compare DIR`, a visual regression check.
struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render a scenario's frames (or a WebP, GIF, MP4 or WebM of it, or a contact sheet) with no server; or compare its frames.",
        discussion: """
            Frame i shows the scenario at i / fps seconds, from a fresh scene, with the server's built-in settings, \
            so its PNG is the same bytes as GET /frame.png?scenario=ID&ahead=i/fps with the same options.
            --format filmstrip writes one PNG of the frames at 0, N, 2N, … ms (--every N) before the scenario's end, \
            in a grid with their times under them, pixel for pixel the PNG frames at those times.
            Exit status: 0 done (with --compare: every frame matches), 1 a frame differs beyond the tolerance, \
            2 an invalid scenario or option, 3 a frame missing from the compared folder, an extra one, or one of \
            another size.
            """)

    @Argument(help: "The scenario (JSON).")
    var scenario: String

    @Option(help: "Folder to write into (made if missing). With --compare: the frames that differ, and their diffs.")
    var out: String

    @Option(help: "png (one file per frame), webp, gif, mp4, webm, or filmstrip (one PNG of frames every --every ms).")
    var format: String = HeadlessRender.Format.png.rawValue

    @Option(help: ArgumentHelp("With --format filmstrip: a frame every MS milliseconds, \(Filmstrip.everyRange.lowerBound)–"
            + "\(Filmstrip.everyRange.upperBound), a multiple of 20 or 25. Default \(Filmstrip.defaultEvery).", valueName: "ms"))
    var every: Int?

    @Option(help: ArgumentHelp("With --format filmstrip: frames across, \(Filmstrip.columnsRange.lowerBound)–"
            + "\(Filmstrip.columnsRange.upperBound). Default \(Filmstrip.defaultColumns), or fewer if fewer frames."))
    var columns: Int?

    @Option(help: "Frames per second, \(HeadlessRender.values(of: "fps", controls: ServedControls.list)) (gif: at most 50). Default \(HeadlessRender.defaultText(of: "fps")).")
    var fps: Int?

    @OptionGroup var frame: FrameOptions

    @Option(help: "Lossy WebP quality, \(HeadlessRender.values(of: "quality", controls: ServedControls.list)).")
    var quality: Int?

    @Option(help: "Compare each frame with DIR/frame-NNNN.png instead of writing it.")
    var compare: String?

    @Option(help: ArgumentHelp("With --compare: the largest difference per channel (of 255) allowed on at least "
            + "\(FrameComparison.matchingPercent) of a frame's pixels."))
    var tolerance: Int = ImageTolerance.standard.channelDelta

    func run() throws {
        let out = Files.trimmed(self.out), compare = self.compare.map(Files.trimmed)
        if format == Filmstrip.formatName {
            try renderFilmstrip(out: out)
            return
        }
        guard let format = HeadlessRender.Format(rawValue: format) else {
            throw RenderFailure.usage("--format must be one of "
                + (HeadlessRender.Format.allCases.map(\.rawValue) + [Filmstrip.formatName]).joined(separator: ", "))
        }
        if every != nil { throw RenderFailure.usage("--every goes with --format filmstrip") }
        if columns != nil { throw RenderFailure.usage("--columns goes with --format filmstrip") }
        guard (0...255).contains(tolerance) else { throw RenderFailure.usage("--tolerance must be 0–255") }
        if let compare {
            guard format == .png else { throw RenderFailure.usage("--compare compares PNG frames: leave out --format or give png") }
            // The output folder receives the actual frames that differ: never over the references.
            guard Files.realPath(compare) != Files.realPath(out) else {
                throw RenderFailure.usage("--out must be another folder than --compare (it receives the frames that differ)")
            }
        }
        let render = try makeRender(format: format, options: options)
        try Files.makeDirectory(out)
        let progress = ProgressBar(total: render.timing.frameCount)
        defer { progress.finish() }
        if let compare {
            let comparison = FrameComparison(render: render, referenceDirectory: compare, failureDirectory: out,
                                             tolerance: tolerance)
            let outcome = try comparison.run(progress: progress)
            progress.finish()
            print(comparison.summary(outcome))
            if outcome.exitCode != 0 { throw ExitCode(outcome.exitCode) }
            return
        }
        switch format {
        case .png:
            try render.renderFrames { index, _, image in
                try Files.write(try render.png(image), to: out + "/" + render.frameFileName(index))
                progress.update(index + 1)
            }
        case .webp, .gif, .mp4, .webm:
            let bytes = try render.clip { done, _ in progress.update(done) }
            try Files.write(bytes, to: out + "/" + clipFileName(format))
        }
        progress.finish()
        print("\(scenario): \(render.timing.frameCount) frames, \(render.pixelWidth)×\(render.pixelHeight) px at "
              + "\(render.timing.fps) fps → \(out)/\(format == .png ? "frame-*.png" : clipFileName(format))")
    }

    /// The scenario read and checked with `options`; a refusal is a usage error.
    func makeRender(format: HeadlessRender.Format, options: [(name: String, value: String)]) throws -> HeadlessRender {
        do {
            return try HeadlessRender(document: try Files.read(scenario, what: "scenario"), controls: ServedControls.list,
                                      artworks: try frame.artworks(),
                                      format: format, options: options)
        } catch let problem as HeadlessRender.Problem {
            throw RenderFailure.usage("\(scenario): \(problem)")
        }
    }

    /// The options given, as the clip operation's parameters name them.
    var options: [(name: String, value: String)] {
        var out = frame.parameters
        if let fps { out.append(("fps", String(fps))) }
        if let quality { out.append(("quality", String(quality))) }
        return out
    }

    /// The scenario's file name with the format's extension: `press.json` → `press.webp`.
    private func clipFileName(_ format: HeadlessRender.Format) -> String {
        outputFileName(format.rawValue)
    }

    /// The scenario's file name with `extension`: `press.json` → `press.filmstrip.png`.
    func outputFileName(_ extension: String) -> String {
        let file = scenario.split(separator: "/").last.map(String.init) ?? scenario
        let base = file.hasSuffix(".json") ? String(file.dropLast(5)) : file
        return base + "." + `extension`
    }
}

/// A refusal of the scenario or the options: exit status 2.
enum RenderFailure: Error, CustomStringConvertible {
    case usage(String)

    var description: String {
        switch self {
        case .usage(let message): message
        }
    }
}

/// Reading and writing the files a render touches.
enum Files {
    static func read(_ path: String, what: String) throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw RenderFailure.usage("\(what): cannot read \(path)")
        }
        return Array(data)
    }

    static func write(_ bytes: [UInt8], to path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
            throw RenderFailure.usage("cannot write \(path)")
        }
    }

    /// The path without trailing slashes, so file names join it with one.
    static func trimmed(_ path: String) -> String {
        var path = path
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        return path
    }

    /// The path with symbolic links and `..` resolved, for a path that exists; the path as given otherwise.
    static func realPath(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    static func makeDirectory(_ path: String) throws {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw RenderFailure.usage("cannot make \(path): \(error)")
        }
    }

    /// The folder a file is in: `out/report.html` → `out`, `report.html` → `.`.
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// Writes a report, making its folder first (a CI job names `reports/junit.xml` before it exists).
    static func writeReport(_ text: String, to path: String) throws {
        try makeDirectory(folder(of: path))
        try write(Array(text.utf8), to: path)
    }
}
