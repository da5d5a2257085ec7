/// Why a server cannot use a data folder. `inUse` and `cannotOpen` stop it from starting (two
/// servers on one folder would each push the other's rows out); a bad store file does not: the
/// server serves from memory and says so (`StoreState.degraded`).
package enum SavedWorkProblem: Error, Equatable, CustomStringConvertible {
    case inUse(folder: String, process: Int?)
    case cannotOpen(folder: String, reason: String)

    package var description: String {
        switch self {
        case .inUse(let folder, let process):
            let holder = process.map { "process \($0)" } ?? "another process"
            return "the data folder \(folder) is in use by \(holder), another layercast server: stop it, "
                + "or give this one another folder with --data DIR (or --data none to keep nothing)"
        case .cannotOpen(let folder, let reason):
            return "cannot use the data folder \(folder): \(reason)"
        }
    }
}
