import APIModel
import Animation
import Controls
import Scenes

// What the replies' Swift types cannot say about their fields: ranges, patterns and meanings, for
// /openapi.json (schemathesis checks every reply against them). Ranges a request parameter also
// has come from that parameter's declaration.

private func range(_ parameter: ParameterSpec, _ description: String? = nil) -> FieldNote {
    switch parameter.type {
    case .integer(let r): FieldNote(description, minimum: Double(r.lowerBound), maximum: Double(r.upperBound))
    case .number(let r): FieldNote(description, minimum: r.lowerBound, maximum: r.upperBound)
    default: FieldNote(description)
    }
}

extension ClockState: SchemaAnnotated {
    package static var fieldNotes: [String: FieldNote] {
        [
            "sceneTime": FieldNote("Seconds on the scene's one animation clock."),
            "speed": range(ClockParameters.speed.spec),
            "fps": range(FrameRoutes.streamFPS.spec, "The server's default stream rate."),
        ]
    }
}

extension ClockReply: SchemaAnnotated {
    package static var fieldNotes: [String: FieldNote] { ClockState.fieldNotes }
}

