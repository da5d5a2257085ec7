import APIModel
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PreviewServer
#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import Scenes

/// Option defaults from LAYERCAST_* environment variables, so a container is configured without
/// a command line. A value that does not parse is reported, not silently ignored.
enum EnvironmentDefaults {
    static func string(_ option: String) -> String? {
        ProcessInfo.processInfo.environment[variable(option)]
    }

    /// A comma-separated list (for repeatable options); empty items are dropped.
    static func list(_ option: String) -> [String] {
        string(option)?.split(separator: ",").map { String($0.filter { $0 != " " }) }
            .filter { !$0.isEmpty } ?? []
    }

    static func int(_ option: String, _ fallback: Int) -> Int {
        guard let raw = string(option) else { return fallback }
        guard let v = Int(raw) else { complain(option, raw); return fallback }
        return v
    }

    /// A budget's setting, or its declared default.
    static func int(_ limit: ServerLimit) -> Int {
        int(limit.option, limit.defaultValue)
    }

    static func double(_ option: String, _ fallback: Double) -> Double {
        guard let raw = string(option) else { return fallback }
        guard let v = Double(raw), v.isFinite else { complain(option, raw); return fallback }
        return v
    }

    static func variable(_ option: String) -> String {
        PreviewServerConfiguration.environmentVariable(option)
    }

    private static func complain(_ option: String, _ raw: String) {
        let line = "layercast: ignoring \(variable(option))=\(raw): not a number\n"
        _ = line.withCString { write(2, $0, strlen($0)) }
    }
}
