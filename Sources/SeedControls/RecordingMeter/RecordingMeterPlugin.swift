import Animation
import Controls

/// The meter as a Layercast control: its id, title, command-line options and variants.
extension RecordingMeter {
    public static let id = FrameSubject(rawValue: "meter")
    public static let title = "Recording meter"
    /// Its studio card, `meter.card.js` beside this file.
    public static var pageCard: PageCard? { PageCard(source: PackageResources.meter_card_js) }

    public init(at time: Double, configuration: Configuration) {
        self.init(configuration: configuration)
    }

    public static let options: [ControlOption] = [
        .prop("meter-duration", "duration", help: "Seconds a full ring of the recording meter takes."),
        .prop("seed", "seed", help: "Fixes the recording meter's random segment colours."),
    ]

    /// Empty, recording and complete. Commands cannot go back in time on a live copy, so a fresh
    /// meter with its props is driven from a few seconds earlier and settles (a ring part recorded)
    /// by the variant's time.
    public static var variants: ControlVariants<RecordingMeter> {
        ControlVariants(modes: ["empty", "recording", "complete"].map { mode in
            .init(mode) { meter, time in
                let duration = meter.duration
                var m = RecordingMeter(configuration: meter.configuration)
                // A fresh meter is empty and never complete, so these presses cannot fail.
                switch mode {
                case "recording":
                    try? m.press(at: time - 0.35 * duration)
                    m.release(at: time - 0.2 * duration)
                    try? m.press(at: time - 0.1 * duration)
                case "complete": try? m.press(at: time - duration - 0.5)
                default: break
                }
                m.advance(to: time)
                meter = m
            }
        })
    }
}

extension RecordingMeter {
    public var noticeableState: String { "\(segmentCount)|\(isRecording)|\(isComplete)|\(duration)" }
}

extension RecordingMeter.Configuration {
    public static let refusals = ["The duration cannot change while the meter has segments: POST /meter/reset first."]
}

extension RecordingMeter.State: FieldNoted {
    public static var fieldNotes: [String: FieldNote] {
        [
            "duration": .range(RecordingMeter.durationRange),
            "elapsed": FieldNote(minimum: 0),
            "label": FieldNote(pattern: "^[0-9]+:[0-9]{2}\\.[0-9]$"),
            "segmentCount": FieldNote(minimum: 0),
            "segments": FieldNote("Oldest first; together they cover the recorded part of the ring without gaps."),
            "scheduledRelease": FieldNote("When a pending hold releases (scene time); absent when none."),
        ]
    }
}

extension RecordingMeter.State.Segment: FieldNoted {
    public static let fieldNotes = ["color": FieldNote.hexColor]
}

extension RecordingMeter.State.Stroke: FieldNoted {
    public static let fieldNotes = ["strokeStart": FieldNote.unit, "strokeEnd": FieldNote.unit]
}

extension RecordingMeter.State.Track: FieldNoted {
    public static let fieldNotes = ["modelStrokeStart": FieldNote.unit, "presentationStrokeStart": FieldNote.unit]
}

extension FrameSubject {
    public static let meter = RecordingMeter.id
}

extension Scene {
    /// The scene's meter; a scene built without it is a programming error.
    public var meter: RecordingMeter {
        get {
            guard let control = self[RecordingMeter.self] else { preconditionFailure("this scene has no meter") }
            return control
        }
        set { self[RecordingMeter.self] = newValue }
    }
}
