import Foundation
import HTTPClient

/// A parsed `/metrics` page: each sample line's name, labels and value.
struct MetricsPage {
    struct Sample {
        let name: String
        let labels: [String: String]
        let value: Double
    }

    let samples: [Sample]

    static func fetch(_ baseURL: String) -> MetricsPage? {
        guard let r = try? HTTPProbe.get(baseURL + "/metrics", timeout: .seconds(3)), r.status == 200 else { return nil }
        return MetricsPage(text: r.text)
    }

    init(text: String) {
        var out: [Sample] = []
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            guard let space = line.lastIndex(of: " "), let value = Double(line[line.index(after: space)...]) else { continue }
            let series = line[..<space]
            var labels: [String: String] = [:]
            var name = Substring(series)
            if let brace = series.firstIndex(of: "{") {
                name = series[..<brace]
                let inner = series[series.index(after: brace)...].dropLast()
                // Label values here never hold '",' so a plain split is enough.
                for pair in inner.split(separator: "\",") {
                    let kv = pair.split(separator: "=", maxSplits: 1)
                    guard kv.count == 2 else { continue }
                    labels[String(kv[0])] = String(kv[1].drop { $0 == "\"" }.prefix { $0 != "\"" })
                }
            }
            out.append(Sample(name: String(name), labels: labels, value: value))
        }
        samples = out
    }

    /// The sum over every label set of `name`.
    func total(_ name: String) -> Double {
        samples.filter { $0.name == name }.reduce(0) { $0 + $1.value }
    }
}

/// Reads `/metrics` now and then on its own thread, so scraping never stalls the viewers' loop.
final class MetricsMonitor: @unchecked Sendable {
    struct Reading {
        let time: Double
        let rendered: Double
        let keepAlives: Double
        let openStreams: Double
        let skipped: Double
    }

    private let lock = NSLock()
    private var readings: [Reading] = []
    private var running = true

    init(baseURL: String, interval: Double = 0.5) {
        let thread = Thread { [weak self] in
            while let self, self.lock.withLock({ self.running }) {
                if let page = MetricsPage.fetch(baseURL) {
                    let r = Reading(time: monotonicNow(),
                                    rendered: page.total("layercast_frames_rendered_total"),
                                    keepAlives: page.total("layercast_keepalive_resends_total"),
                                    openStreams: page.total("layercast_open_streams"),
                                    skipped: page.total("layercast_frames_skipped_total"))
                    self.lock.withLock { self.readings.append(r) }
                }
                Thread.sleep(forTimeInterval: interval)
            }
        }
        thread.start()
    }

    func stop() { lock.withLock { running = false } }

    var all: [Reading] { lock.withLock { readings } }

    /// The first reading at or after `start` and the last at or before `end`, for rates over a window.
    func window(_ start: Double, _ end: Double) -> (Reading, Reading)? {
        let rs = all
        guard let a = rs.first(where: { $0.time >= start }), let b = rs.last(where: { $0.time <= end }),
              b.time > a.time else { return nil }
        return (a, b)
    }
}
