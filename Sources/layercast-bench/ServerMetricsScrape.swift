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

/// The `/metrics` figures the stream bench follows, read at one time.
struct MetricsReading {
    let time: Double
    let rendered: Double
    let keepAlives: Double
    let openStreams: Double
    let skipped: Double
}

extension Sampler where Reading == MetricsReading {
    /// The server's `/metrics` every 0.5 s.
    convenience init(baseURL: String) {
        self.init(every: 0.5) {
            guard let page = MetricsPage.fetch(baseURL) else { return [] }
            return [MetricsReading(time: monotonicNow(), rendered: page.total("layercast_frames_rendered_total"),
                                   keepAlives: page.total("layercast_keepalive_resends_total"),
                                   openStreams: page.total("layercast_open_streams"),
                                   skipped: page.total("layercast_frames_skipped_total"))]
        }
    }

    /// The first reading at or after `start` and the last at or before `end`, for rates over a window.
    func window(_ start: Double, _ end: Double) -> (MetricsReading, MetricsReading)? {
        let rs = all
        guard let a = rs.first(where: { $0.time >= start }), let b = rs.last(where: { $0.time <= end }),
              b.time > a.time else { return nil }
        return (a, b)
    }
}
