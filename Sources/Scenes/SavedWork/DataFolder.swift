#if canImport(Glibc)
import Glibc
#endif
import SQLite

/// The folder a server keeps its saved work in (`--data DIR`, docs/security.md §Saved work): its
/// lock, held while the server runs, and the store in `layercast.sqlite`. A store file that cannot
/// be used (damaged, another program's, from a newer Layercast) does not stop the server: it serves
/// from memory, leaves the file as it is and says why (`problem`).
package final class DataFolder: Sendable {
    package static let fileName = "layercast.sqlite"

    package let path: String
    /// The store; nil while the server keeps its work in memory only (see `problem`).
    package let savedWork: SavedWork?
    /// Why the store file is not used, as `/healthz` and the log say it.
    package let problem: String?
    private let lock: FolderLock

    /// Makes the folder if need be, takes its lock and opens its store; throws when the folder
    /// cannot be made or another server holds it.
    package init(path: String) throws(SavedWorkProblem) {
        self.path = path
        try Self.makeFolder(path)
        lock = try FolderLock(folder: path)
        let file = path + "/" + Self.fileName
        do {
            savedWork = try SavedWork(database: try Database.open(path: file, knownVersion: SavedWork.schemaVersion))
            problem = nil
        } catch let error as StoreFileProblem {
            savedWork = nil
            problem = "\(error.description) Until then, saved work is kept in memory only."
        } catch {
            savedWork = nil
            problem = "The store \(file) cannot be used: \(error). Saved work is kept in memory only."
        }
    }

    /// Lets the folder go when the server stops (`FolderLock.release`).
    package func release() { lock.release() }

    /// The folder `--data` names: `option` itself, nil for `none`, or the default when not given.
    package static func chosen(_ option: String?, environment: [String: String]) -> String? {
        let chosen = option ?? defaultPath(environment: environment)
        return chosen == "none" ? nil : chosen
    }

    /// The default folder: `$XDG_DATA_HOME/layercast`, else `~/.local/share/layercast`; nil when
    /// neither variable is set.
    package static func defaultPath(environment: [String: String]) -> String? {
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") { return data + "/layercast" }
        if let home = environment["HOME"], !home.isEmpty { return home + "/.local/share/layercast" }
        return nil
    }

    /// `mkdir -p`, private to the user (saved work is theirs alone).
    private static func makeFolder(_ path: String) throws(SavedWorkProblem) {
        var prefix = path.hasPrefix("/") ? "" : "."
        for part in path.split(separator: "/") {
            prefix += "/" + part
            if mkdir(prefix, 0o700) != 0 && errno != EEXIST {
                throw .cannotOpen(folder: path, reason: "making \(prefix): \(FolderLock.errorText())")
            }
        }
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
            throw .cannotOpen(folder: path, reason: "not a folder")
        }
    }
}
