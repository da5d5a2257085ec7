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

    static func countFDs(pid: Int32) -> Int {
        guard let dir = opendir("/proc/\(pid)/fd") else { return -1 }
        defer { closedir(dir) }
        var n = 0
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name != "." && name != ".." { n += 1 }
        }
        return n
    }
}
