import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Scenes

/// `layercast data export FILE` and `layercast data import FILE`: a data folder's saved work as one
/// portable file (docs/security.md §Saved work). Export reads while a server runs on the folder;
/// import writes, so it takes the folder as a server does and refuses while one holds it.
struct DataCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "data", abstract: "Move saved work (scenarios, recordings, artwork) in and out of a data folder.",
        subcommands: [Export.self, Import.self])

    /// `--data`, as `serve` reads it.
    struct Folder: ParsableArguments {
        @Option(help: ArgumentHelp("The data folder, as `serve --data` takes it. [env: LAYERCAST_DATA]", valueName: "dir"))
        var data: String?

        func path() throws -> String {
            guard let path = DataFolder.chosen(data ?? EnvironmentDefaults.string("data"),
                                               environment: ProcessInfo.processInfo.environment) else {
                throw ValidationError("--data none has no saved work; name a folder")
            }
            return path
        }
    }

    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Write the folder's saved work to FILE (a new SQLite file).")
        @Argument(help: "The file to write; it must not exist.") var file: String
        @OptionGroup var folder: Folder

        func run() throws {
            let path = try folder.path()
            guard !FileManager.default.fileExists(atPath: file) else { throw ValidationError("\(file) exists; name a new file") }
            do {
                let saved = try SavedWork.exported(at: path + "/" + DataFolder.fileName)
                try saved.export(to: file)
                print("exported \(try saved.rows(.scenarios).count) scenarios and \(try saved.rows(.artwork).count) images "
                      + "from \(path) to \(file)")
            } catch {
                throw ValidationError("cannot export \(path): \(error)")
            }
        }
    }

    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add the saved work in FILE (made by export) to the folder, or to a replicated scene's Redis; "
                + "their bounds apply.")
        @Argument(help: "A file `layercast data export` wrote.") var file: String
        @OptionGroup var folder: Folder
        @Option(help: ArgumentHelp("Import into the scene replicas of redis://HOST:PORT/NAME share instead of a folder: "
                                   + "each scenario with the artwork it names.", valueName: "url"))
        var replicate: String?

        func run() throws {
            let source: SavedWork
            do {
                source = try SavedWork.exported(at: file)
            } catch {
                throw ValidationError("cannot read \(file): \(error)")
            }
            if let replicate { return try Self.intoRedis(source, from: file, into: replicate) }
            let path = try folder.path()
            let target: DataFolder
            do {
                target = try DataFolder(path: path)
            } catch {
                throw ValidationError("\(error)")
            }
            guard let saved = target.savedWork else { throw ValidationError(target.problem ?? "the store in \(path) cannot be used") }
            let imported = try saved.importRows(from: source)
            print("imported \(imported.scenarios) scenarios and \(imported.artwork) images from \(file) into \(path)")
        }

        static func intoRedis(_ source: SavedWork, from file: String, into url: String) throws {
            let log: CommandLog
            switch ReplicationTarget.parse(url) {
            case .success(let target): log = CommandLog(target: target)
            case .failure(let error): throw ValidationError(error.description)
            }
            let done: SavedWork.Replicated
            do {
                done = try source.replicate(into: log, on: try log.connect())
            } catch {
                throw ValidationError("cannot import into \(url): \(error)")
            }
            var line = "imported \(done.scenarios) scenarios with \(done.artwork) images from \(file) into \(url)"
            if done.refused > 0 { line += "; \(done.refused) rows are not scenarios and were left out" }
            if done.unnamedArtwork > 0 {
                line += "; \(done.unnamedArtwork) images no scenario names were left out (replicas keep artwork with its scenarios)"
            }
            print(line)
        }
    }
}
