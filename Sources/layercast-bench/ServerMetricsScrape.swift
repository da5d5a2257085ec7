import Foundation
import HTTPClient

/// A parsed `/metrics` page: each sample line's metric name and value. The labels are not kept:
/// the bench only adds a metric up over all its label sets.
struct MetricsPage {
    let samples: [(name: Substring, value: Double)]

    static func fetch(_ baseURL: String) -> MetricsPage? {
        guard let r = try? HTTPProbe.get(baseURL + "/metrics", timeout: .seconds(3)), r.status == 200 else { return nil }
        return MetricsPage(text: r.text)
    }

    init(text: String) {
        samples = text.split(separator: "\n").compactMap { line in
            guard !line.hasPrefix("#"), let space = line.lastIndex(of: " "),
                  let value = Double(line[line.index(after: space)...]) else { return nil }
            return (line[..<space].prefix { $0 != "{" }, value)
        }
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
