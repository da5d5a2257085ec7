import Animation
import Controls
import Scenes

// What the replies' Swift types cannot say about their fields: ranges, patterns and meanings, for
// /openapi.json (schemathesis checks every reply against them). Ranges a request parameter also
// has come from that parameter's declaration.

private let hexColor = FieldNote(pattern: "^#[0-9a-f]{6}$")
private let unit = FieldNote(minimum: 0, maximum: 1)

private func range(_ parameter: ParameterSpec, _ description: String? = nil) -> FieldNote {
    switch parameter.type {
    case .integer(let r): FieldNote(description, minimum: Double(r.lowerBound), maximum: Double(r.upperBound))
    case .number(let r): FieldNote(description, minimum: r.lowerBound, maximum: r.upperBound)
    default: FieldNote(description)
    }
}

extension ClockState: SchemaAnnotated {
    static var fieldNotes: [String: FieldNote] {
        [
            "sceneTime": FieldNote("Seconds on the scene's one animation clock."),
            "speed": range(ClockParameters.speed.spec),
            "fps": range(FrameRoutes.streamFPS.spec, "The server's default stream rate."),
        ]
    }
}

extension ClockReply: SchemaAnnotated {
    static var fieldNotes: [String: FieldNote] { ClockState.fieldNotes }
}

extension Spinner.State.Values: SchemaAnnotated {
    static let fieldNotes = ["rotation": FieldNote("Radians, clockwise on screen.")]
}

extension RecordingMeter.State: SchemaAnnotated {
    static var fieldNotes: [String: FieldNote] {
        [
            "duration": range(MeterParameters.duration.spec),
            "elapsed": FieldNote(minimum: 0),
            "label": FieldNote(pattern: "^[0-9]+:[0-9]{2}\\.[0-9]$"),
            "segmentCount": FieldNote(minimum: 0),
            "segments": FieldNote("Oldest first; together they cover the recorded part of the ring without gaps."),
            "scheduledRelease": FieldNote("When a pending hold releases (scene time); absent when none."),
        ]
    }
}

extension RecordingMeter.State.Segment: SchemaAnnotated {
    static let fieldNotes = ["color": hexColor]
}

extension RecordingMeter.State.Stroke: SchemaAnnotated {
    static let fieldNotes = ["strokeStart": unit, "strokeEnd": unit]
}

extension RecordingMeter.State.Track: SchemaAnnotated {
    static let fieldNotes = ["modelStrokeStart": unit, "presentationStrokeStart": unit]
}

extension MusicPlayer.State: SchemaAnnotated {
    static let fieldNotes = [
        "blurOpacity": FieldNote("0 sharp, 1 fully blurred."),
        "maskScale": FieldNote("1.5 square, 1.0 disc."),
        "nextTick": FieldNote("When the next progress tick is due; absent while the ticker is stopped."),
    ]
}

extension MusicPlayer.State.Progress: SchemaAnnotated {
    static var fieldNotes: [String: FieldNote] {
        [
            "model": FieldNote("The ticker's integer progress.", minimum: 0, maximum: 100),
            "presentation": FieldNote("The ring's presented strokeEnd × 100.", minimum: 0, maximum: 100),
        ]
    }
}

extension MusicPlayer.State.Artwork: SchemaAnnotated {
    static var fieldNotes: [String: FieldNote] {
        let side = FieldNote(minimum: 1, maximum: Double(ArtworkLibrary.maxSide))
        return ["width": side, "height": side]
    }
}

extension PlayButton.State: SchemaAnnotated {
    static let fieldNotes = [
        "animationState": FieldNote("The state machine's dotted name, e.g. barToPause.barSplit.",
                                    pattern: "^[A-Za-z]+\\.[A-Za-z]+$"),
        "background": hexColor,
        "opacity": unit,
    ]
}

extension PlayButton.State.ShapeState: SchemaAnnotated {
    static let fieldNotes = ["rotation": FieldNote("Degrees, clockwise on screen."), "fill": hexColor]
}

extension PlayButton.State.Element: SchemaAnnotated {
    static let fieldNotes = [
        "points": FieldNote("One point for move and line, control points then end point for cubic, none for close."),
    ]
}

extension ShapePathReply: SchemaAnnotated {
    static let fieldNotes = ["elementCount": FieldNote(minimum: 0), "kinds": FieldNote(pattern: "^[MLCZ]( [MLCZ])*$")]
}
