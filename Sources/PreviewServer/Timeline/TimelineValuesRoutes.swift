import APIModel
import Animation
import Controls
import HTTPServer
import Scenes

/// `GET /timeline/values`: one layer property's presentation values sampled over a window, for plotting.
extension TimelineRoutes {
    enum TimelineValuesParameters {
        static let control = Param.control("control", all: false, in: .query, "The control whose layer is sampled.").required()
        static let layer = Param.text(
            "layer", maxLength: 200, in: .query,
            "The layer's path from the control's root, steps separated by `/` (as `/timeline` lists them; empty for "
                + "the root). A step is the layer's name; a layer control's layer without one is named by its place, "
                + "`sublayers[2]` or `mask`.").defaulting(wire: "")
        static let key = Param.choice("key", LayerProperty.self, in: .query, example: "path",
                                      "The key path sampled.").required()
        static let fps = Param.integer("fps", 1...240, in: .query, example: "60", "Samples per second of scene time.")
            .defaulting(60)
        /// What one answer may hold: a minute at 60 samples a second, the default window at the top rate.
        static let maxSamples = 4000
    }

    static let getTimelineValues = Endpoint<Self>(
        APIOperation(
            .get, "/timeline/values", id: "getTimelineValues", tag: "timeline",
            summary: "One layer property's presentation values sampled over a window of scene time",
            description: "Samples at `fps` from `from` to `to` (defaults as `/timeline`'s), each the value on screen then: "
                + "a number, a point, a colour, a transform, or a path's elements with their points. The window is cut "
                + "to the kept history and as far ahead. At most \(TimelineValuesParameters.maxSamples) samples.",
            parameters: [TimelineValuesParameters.control, TimelineValuesParameters.layer, TimelineValuesParameters.key,
                         TimelineParameters.from, TimelineParameters.to, TimelineValuesParameters.fps],
            answerSize: .atMost(8 << 20)),
        reply: TimelineValuesReply.self, "The samples.", headers: [.noStore]
    ) { group, input in try group.timelineValues(input) }

    func timelineValues(_ input: Input) throws(Refusal) -> TimelineValuesReply {
        typealias P = TimelineValuesParameters
        let control = try input[P.control], key = try input[P.key], fps = try input[P.fps]
        let layerText = try input[P.layer]
        let path = LayerPath(layerText.split(separator: "/").map(String.init))
        let showable = scene.showableTimes()
        let window = try TimelineParameters.window(input, now: showable.now)
        let from = max(window.from, showable.from), to = max(min(window.to, showable.to), from)
        // A whole number of intervals, not one short when (to − from) × fps rounds just below it.
        let count = Int(((to - from) * Double(fps) + 1e-9).rounded(.down)) + 1
        guard count <= P.maxSamples else {
            throw Refusal(.invalid, "\(count) samples is too many", parameter: P.fps.spec.name,
                           allowed: "at most \(P.maxSamples) samples: (to − from) × fps + 1; lower fps or narrow the window")
        }
        let times = (0..<count).map { from + Double($0) / Double(fps) }
        var samples: [TimelineValuesReply.Sample] = []
        var found = true
        scene.forEachCopy(at: times) { copy, t in
            guard let value = copy.control(control)?.layers.presentationValue(key, of: path, at: t) else {
                found = false
                return
            }
            samples.append(.init(time: t, value: TimelineValue(value)))
        }
        guard found else {
            let names = scene.snapshot().scene.control(control)?.layers.layerPaths.map { $0.names.joined(separator: "/") } ?? []
            throw Refusal(.invalid, "\(control.rawValue) has no layer '\(Refusal.quote(layerText))'", parameter: P.layer.spec.name,
                           allowed: names.map { "'\($0)'" }.joined(separator: ", "))
        }
        return TimelineValuesReply(control: control, layer: path.names, key: key.rawValue, fps: fps, samples: samples)
    }
}

extension LayerProperty: DeclaredEnum {}

struct TimelineValuesReply: Codable, Sendable {
    struct Sample: Codable, Sendable {
        let time: Double
        let value: TimelineValue
    }

    let control: FrameSubject
    let layer: [String]
    let key: String
    let fps: Int
    let samples: [Sample]
}
