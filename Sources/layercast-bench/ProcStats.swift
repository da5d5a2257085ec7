import Foundation

/// One reading of a process from /proc: CPU time, memory, threads and open descriptors.
struct ProcSample {
    let time: Double
    let cpuSeconds: Double
    let rssKiB: Int
    let peakRSSKiB: Int
    let threads: Int
    let fds: Int

    static let ticksPerSecond = Double(sysconf(Int32(_SC_CLK_TCK)))

    /// nil when the process is gone.
    static func read(pid: Int32) -> ProcSample? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        // The command name may hold spaces; fields after the last ')' start at field 3 (state).
        guard let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let utime = Double(fields[11]), let stime = Double(fields[12]) else { return nil }
        func kib(_ key: String) -> Int {
            guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(key + ":") }) else { return 0 }
            return Int(line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first ?? "") ?? 0
        }
        return ProcSample(time: monotonicNow(), cpuSeconds: (utime + stime) / ticksPerSecond,
                          rssKiB: kib("VmRSS"), peakRSSKiB: kib("VmHWM"), threads: kib("Threads"),
                          fds: countFDs(pid: pid))
    }

    /// -1 when the process is gone (or its descriptors are not ours to read).
    static func countFDs(pid: Int32) -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd"))?.count ?? -1
    }
}
