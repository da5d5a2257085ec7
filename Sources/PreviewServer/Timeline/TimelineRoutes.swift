import APIModel
import Controls
import HTTPServer
import Scenes

/// `GET /timeline`, `GET /timeline/values` (`TimelineValuesRoutes.swift`) and `GET /timeline.svg`:
/// what the scene's history knows about every animation in a window of time.
struct TimelineRoutes: FixedRoutes {
    let scene: LiveScene
    let controls: ControlList

    init(_ services: EdgeServices) {
        scene = services.stage.scene
        controls = services.stage.settings.controls
    }

    static let endpoints = [getTimeline, getTimelineValues, timelinePicture]

    static let getTimeline = Endpoint<Self>(
        APIOperation(
            .get, "/timeline", id: "getTimeline", tag: "timeline",
            summary: "Every animation on every layer of every control overlapping a window of scene time",
            description: "Each animation with its control, layer path and key paths; its begin, duration, repeats and "
                + "autoreverse; its timing curve (named, and as Bézier points); its from/to/by or keyframes; additive; "
                + "fill mode; its outcome at the window's end (running, finished, replaced under its key, or removed); "
                + "and the command that caused it (its id, method, path, parameters and scene time). Animations still to come "
                + "show as the scene will run them if no further command arrives. The window is cut to the kept "
                + "history and as far ahead (`keptFrom`, see --history-span).",
            parameters: [TimelineParameters.from, TimelineParameters.to], answerSize: .atMost(8 << 20)),
        reply: TimelineReply.self, "The animations and commands of the window.", headers: [.noStore]
    ) { group, input in try group.timeline(input) }

    static let timelinePicture = Endpoint<Self>(
        APIOperation(
            .get, "/timeline.svg", id: "timelineSVG", tag: "timeline",
            summary: "The timeline as a standalone SVG picture, for bug reports and docs",
            description: "One lane per control, layer and key path; a bar per animation coloured by its outcome (blue "
                + "running, grey finished, orange replaced, red removed) and labelled with its duration and curve; a "
                + "dashed marker per command, its request in the tooltip; a line at the clock's time.",
            parameters: [TimelineParameters.control, TimelineParameters.from, TimelineParameters.to],
            answerSize: .atMost(8 << 20)),
        produces: Success(description: "An SVG document.", content: .media(["image/svg+xml"], binary: false),
                          headers: [.noStore])
    ) { group, input in
        var reply = try group.timeline(input)
        let control = try input[TimelineParameters.control]
        reply.keep(control)
        return HTTPResponse(status: 200, headers: [("Content-Type", "image/svg+xml; charset=utf-8"), ("Cache-Control", "no-store")],
                            body: .bytes(Array(TimelineSVG(reply: reply).document.utf8)))
    }

    func timeline(_ input: Input) throws(Refusal) -> TimelineReply {
        let (from, to) = try TimelineParameters.window(input, now: scene.showableTimes().now)
        return TimelineReply(scene.timeline(from: from, to: to), historySpan: scene.historySpan,
                             controls: controls)
    }
}
