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

/// Samples a process every `interval` on its own thread, so the readings span a whole run and
/// the peaks (threads, RSS) are not missed between the start and end readings.
final class ProcMonitor: @unchecked Sendable {
    private let pid: Int32
    private let lock = NSLock()
    private var samples: [ProcSample] = []
    private var running = true
    private var thread: Thread?

    init(pid: Int32, interval: Double = 0.25) {
        self.pid = pid
        let t = Thread { [weak self] in
            while let self, self.isRunning {
                if let s = ProcSample.read(pid: self.pid) { self.append(s) }
                Thread.sleep(forTimeInterval: interval)
            }
        }
        thread = t
        t.start()
    }

    private var isRunning: Bool { lock.withLock { running } }
    private func append(_ s: ProcSample) { lock.withLock { samples.append(s) } }

    func stop() { lock.withLock { running = false } }

    func samples(from start: Double, to end: Double) -> [ProcSample] {
        lock.withLock { samples.filter { $0.time >= start && $0.time <= end } }
    }

    var all: [ProcSample] { lock.withLock { samples } }
}
