import Foundation

/// Order statistics of a sample, by the nearest-rank method (no interpolation, so a p99 is a value
/// that was actually measured).
struct Distribution {
    let sorted: [Double]

    init(_ values: [Double]) { sorted = values.sorted() }

    var count: Int { sorted.count }

    func percentile(_ p: Double) -> Double {
        guard !sorted.isEmpty else { return .nan }
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
        return sorted[Swift.min(Swift.max(rank, 1), sorted.count) - 1]
    }

    var median: Double { percentile(50) }
    var p90: Double { percentile(90) }
    var p99: Double { percentile(99) }
    var max: Double { sorted.last ?? .nan }
    var min: Double { sorted.first ?? .nan }
    var mean: Double { sorted.isEmpty ? .nan : sorted.reduce(0, +) / Double(sorted.count) }
}

/// Fixed-precision numbers for the tables ("–" for a missing value).
func fmt(_ v: Double, _ digits: Int = 2) -> String {
    v.isFinite ? String(format: "%.\(digits)f", v) : "–"
}

/// Milliseconds from seconds.
func ms(_ seconds: Double, _ digits: Int = 1) -> String { fmt(seconds * 1000, digits) }

/// Left-aligned table columns, for the terminal and for pasting into Markdown.
func printTable(_ header: [String], _ rows: [[String]]) {
    let widths = header.indices.map { i in
        ([header[i]] + rows.map { i < $0.count ? $0[i] : "" }).map(\.count).max() ?? 0
    }
    func line(_ cells: [String]) -> String {
        "| " + cells.enumerated().map { i, c in c.padding(toLength: widths[i], withPad: " ", startingAt: 0) }
            .joined(separator: " | ") + " |"
    }
    print(line(header))
    print("|" + widths.map { String(repeating: "-", count: $0 + 2) }.joined(separator: "|") + "|")
    for row in rows { print(line(row)) }
}

func seconds(on clock: clockid_t) -> Double {
    var ts = timespec()
    clock_gettime(clock, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

/// CLOCK_MONOTONIC seconds: for gaps, durations and deadlines.
func monotonicNow() -> Double { seconds(on: CLOCK_MONOTONIC) }

/// CLOCK_REALTIME seconds: compared with the server's X-Timestamp (same machine, same clock).
func wallNow() -> Double { seconds(on: CLOCK_REALTIME) }

/// This thread's CPU seconds: unlike wall time, not inflated when other processes take the core.
func threadCPUNow() -> Double { seconds(on: CLOCK_THREAD_CPUTIME_ID) }

/// This process's own CPU seconds (user + system), to show what the load generator cost.
func selfCPUSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
        + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
}

/// The machine line every report starts with: the numbers only mean something next to it.
func machineLine() -> String {
    let cpu = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))?
        .split(separator: "\n").first { $0.hasPrefix("model name") }
        .map { String($0.split(separator: ":", maxSplits: 1).last ?? "").trimmingCharacters(in: .whitespaces) } ?? "?"
    let cores = sysconf(Int32(_SC_NPROCESSORS_ONLN))
    let date = ISO8601DateFormatter().string(from: Date())
    return "\(date)  nproc=\(cores)  cpu=\(cpu)  loadavg=\(loadAverage())"
}

/// /proc/loadavg's three averages.
func loadAverage() -> String {
    guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return "?" }
    return text.split(separator: " ").prefix(3).joined(separator: " ")
}
