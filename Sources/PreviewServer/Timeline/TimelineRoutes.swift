import Controls
import HTTPServer

/// `GET /timeline`: what the scene's history knows about every animation in a window of time.
extension APIContext {
    static let getTimeline = Endpoint<APIContext>(
        APIOperation(
            .get, "/timeline", id: "getTimeline", tag: "timeline",
            summary: "Every animation on every layer of every control overlapping a window of scene time",
            description: "Each animation with its control, layer path and key paths; its begin, duration, repeats and "
                + "autoreverse; its timing curve (named, and as Bézier points); its from/to/by or keyframes; additive; "
                + "fill mode; its outcome at the window's end (running, finished, replaced under its key, or removed); "
                + "and the command that caused it (method, path, parameters, scene time). Animations still to come "
                + "show as the scene will run them if no further command arrives. The window is cut to the kept "
                + "history (`keptFrom`, see --history-span).",
            parameters: [TimelineParameters.from, TimelineParameters.to]),
        reply: TimelineReply.self, "The animations and commands of the window.", headers: [.noStore]
    ) { context, input in
        let (from, to) = try TimelineParameters.window(input, now: context.scene.showableTimes().now)
        return TimelineReply(context.scene.timeline(from: from, to: to), historySpan: context.scene.historySpan)
    }
}
