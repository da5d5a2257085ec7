import APIModel

/// `GET /timeline.svg`: the timeline as a standalone picture, for bug reports and docs. One lane per
/// control, layer and key path, a bar per animation coloured by its outcome and labelled with its
/// duration and curve, a dashed marker per command with its request as the tooltip.
package struct TimelineSVG {
    package static let width = 960.0
    package static let labelWidth = 300.0
    package static let laneHeight = 22.0
    /// Room for two rows of command labels, staggered so that neighbours do not overlap.
    package static let top = 40.0
    package static let margin = 12.0
    /// Fill of a bar by outcome; running is the accent, stopped early is warm.
    package static let colours: [String: String] = [
        "running": "#2f6fdf", "finished": "#8a94a6", "replaced": "#e08a1e", "removed": "#d64545",
    ]

    package let reply: TimelineReply

    package init(reply: TimelineReply) { self.reply = reply }

    package var document: String {
        let lanes = Self.lanes(of: reply.animations)
        let height = Self.top + Double(max(lanes.count, 1)) * Self.laneHeight + Self.margin + 16
        var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(n(Self.width))\" height=\"\(n(height))\" "
            + "viewBox=\"0 0 \(n(Self.width)) \(n(height))\" font-family=\"sans-serif\" font-size=\"11\">\n"
        out += "<title>Layercast timeline \(t(reply.from))–\(t(reply.to)) s</title>\n"
        out += "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n"
        out += axis(bottom: height - Self.margin - 12)
        for (i, lane) in lanes.enumerated() {
            let y = Self.top + Double(i) * Self.laneHeight
            if i % 2 == 0 {
                out += "<rect x=\"0\" y=\"\(n(y))\" width=\"\(n(Self.width))\" height=\"\(n(Self.laneHeight))\" fill=\"#f3f5f8\"/>\n"
            }
            out += "<text x=\"\(n(Self.margin))\" y=\"\(n(y + 15))\" fill=\"#222\">\(lane.label.markupEscaped)</text>\n"
            for a in lane.animations { out += bar(a, y: y) }
        }
        for (i, c) in reply.commands.enumerated() {
            let x = self.x(c.sceneTime)
            let parameters = c.parameters.map { "\($0.name)=\($0.valueText)" }.joined(separator: " ")
            let request = "\(c.method) \(c.path)" + (parameters.isEmpty ? "" : " " + parameters)
            let short = parameters.isEmpty || parameters.count > 24 ? c.path : parameters
            let labelY = Self.top - 8 - Double(i % 2) * 13
            let ignored = c.warnings.map { "; ignored: " + $0.joined(separator: "; ") } ?? ""
            out += "<g><title>\(request.markupEscaped) at \(t(c.sceneTime)) s (revision \(c.revision))\(ignored.markupEscaped)</title>"
                + "<line x1=\"\(n(x))\" y1=\"\(n(Self.top - 6))\" x2=\"\(n(x))\" y2=\"\(n(height - Self.margin - 12))\" "
                + "stroke=\"#c0392b\" stroke-dasharray=\"4 3\"/>"
                + "<text x=\"\(n(x + 3))\" y=\"\(n(labelY))\" fill=\"#c0392b\">\(short.markupEscaped)</text></g>\n"
        }
        let now = x(reply.sceneTime)
        if now >= Self.labelWidth && now <= Self.width - Self.margin {
            out += "<line x1=\"\(n(now))\" y1=\"\(n(Self.top))\" x2=\"\(n(now))\" y2=\"\(n(height - Self.margin - 12))\" "
                + "stroke=\"#111\" stroke-width=\"1.5\"><title>now: \(t(reply.sceneTime)) s</title></line>\n"
        }
        return out + "</svg>\n"
    }

    /// Lanes in the reply's order: control, layer path and key paths, each once.
    package static func lanes(of animations: [TimelineAnimation]) -> [(label: String, animations: [TimelineAnimation])] {
        var lanes: [(label: String, animations: [TimelineAnimation])] = []
        for a in animations {
            let label = ([a.control.rawValue] + a.layer).joined(separator: " › ") + " · " + a.keyPaths.joined(separator: ", ")
            if let i = lanes.firstIndex(where: { $0.label == label }) {
                lanes[i].animations.append(a)
            } else {
                lanes.append((label, [a]))
            }
        }
        return lanes
    }

    private func bar(_ a: TimelineAnimation, y: Double) -> String {
        let start = max(a.animation.begin, reply.from), end = min(a.end ?? reply.to, reply.to)
        guard end >= start else { return "" }
        let x0 = x(start), x1 = max(x(end), x0 + 1)
        let curve = a.animation.timingFunction.name ?? a.animation.timingFunction.points.map(t).joined(separator: ",")
        let label = "\(t(a.animation.duration)) s \(curve)"
        let tip = "\(a.key): begin \(t(a.animation.begin)) s, \(t(a.animation.duration)) s, \(curve), \(a.outcome.rawValue)"
            + (a.cause.map { " — \($0.method) \($0.path) at \(t($0.sceneTime)) s" } ?? "")
        var out = "<g><title>\(tip.markupEscaped)</title><rect x=\"\(n(x0))\" y=\"\(n(y + 3))\" width=\"\(n(x1 - x0))\" "
            + "height=\"\(n(Self.laneHeight - 6))\" rx=\"3\" fill=\"\(Self.colours[a.outcome.rawValue] ?? "#888")\"/>"
        if x1 - x0 > 60 {
            out += "<text x=\"\(n(x0 + 4))\" y=\"\(n(y + 15))\" fill=\"#fff\">\(label.markupEscaped)</text>"
        }
        return out + "</g>\n"
    }

    /// Ticks at a round step giving about eight of them.
    private func axis(bottom: Double) -> String {
        let span = max(reply.to - reply.from, 1e-3)
        let raw = span / 8
        let step = [0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 30, 60].first { $0 >= raw } ?? 60
        var out = ""
        var tick = (reply.from / step).rounded(.up) * step
        while tick <= reply.to + 1e-9 {
            let x = self.x(tick)
            out += "<line x1=\"\(n(x))\" y1=\"\(n(Self.top))\" x2=\"\(n(x))\" y2=\"\(n(bottom))\" stroke=\"#dde1e7\"/>"
                + "<text x=\"\(n(x))\" y=\"\(n(bottom + 12))\" text-anchor=\"middle\" fill=\"#555\">\(t(tick))</text>\n"
            tick += step
        }
        return out
    }

    private func x(_ time: Double) -> Double {
        let span = max(reply.to - reply.from, 1e-9)
        return Self.labelWidth + (time - reply.from) / span * (Self.width - Self.labelWidth - Self.margin)
    }

    /// Coordinates to a tenth of a pixel; times to a millisecond.
    private func n(_ v: Double) -> String { ParameterType.format((v * 10).rounded() / 10) }
    private func t(_ v: Double) -> String { ParameterType.format((v * 1000).rounded() / 1000) }
}
