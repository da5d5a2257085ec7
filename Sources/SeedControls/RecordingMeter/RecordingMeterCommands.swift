import Animation
import Controls

/// The meter's commands: press, release, hold, reset and its `duration`.
extension RecordingMeter {
    static let seconds = CommandParameter("seconds", .number(holdRange), unit: "seconds", "How long to hold.")
    /// The `duration` prop's, for its alias `PUT /meter/config`.
    static let duration = CommandParameter.number(prop: "duration", of: Configuration.self)

    static let complete = Refusal.Documented.conflict("The meter is complete: POST /meter/reset first.")

    public static let commands: [CommandDeclaration] = [
        command("meterPress", summary: "Starts recording a new segment (a no-op while pressed)",
                description: "Refused once the meter is complete, with a hint to reset.", refusals: [complete]) { _ in
            { m, t throws(MeterError) in try m.press(at: t) }
        },
        command("meterRelease",
                summary: "Pauses recording: everything freezes where it is on screen",
                description: "Ends the current segment (nothing happens when not recording).") { _ in
            { m, t throws(MeterError) in m.release(at: t) }
        },
        command("meterHold", summary: "Presses now and releases `seconds` later",
                description: "A press or release in between takes over.", parameters: [seconds], refusals: [complete]) { a throws(Refusal) in
            let seconds = try a.number(seconds)
            return { m, t throws(MeterError) in try m.hold(seconds: seconds, at: t) }
        },
        command("meterReset", summary: "Clears every segment", description: "Removes every segment.") { _ in
            { m, t throws(MeterError) in m.reset(at: t) }
        },
        command("meterConfig", method: .put, summary: "Sets the recording `duration`",
                description: "The same as the meter's `duration` prop (PATCH /controls/meter/props): only while the meter "
                    + "is empty (refused otherwise).", parameters: [duration],
                refusals: [.conflict("The meter is not empty: POST /meter/reset first.")]) { a throws(Refusal) in
            let duration = try a.number(duration)
            return { m, t throws(MeterError) in try m.setDuration(duration, at: t) }
        },
    ]

    /// A meter change: what it does to the meter at a scene time.
    typealias Change = @Sendable (inout RecordingMeter, Double) throws(MeterError) -> Void

    private static func command(
        _ id: String, method: CommandRoute.Method = .post, summary: String, description: String,
        parameters: [CommandParameter] = [], refusals: [Refusal.Documented] = [],
        _ change: @escaping @Sendable (CommandArguments) throws(Refusal) -> Change
    ) -> CommandDeclaration {
        CommandDeclaration(id, on: RecordingMeter.self, method: method, summary: summary, description: description,
                           parameters: parameters, refusals: refusals) { arguments, _ throws(Refusal) in
            // The arguments are read before the scene is locked.
            let apply = try change(arguments)
            return ControlChange { m, t throws(Refusal) in
                do throws(MeterError) {
                    try apply(&m, t)
                } catch {
                    throw Refusal(meter: error)
                }
            }
        }
    }
}

extension Refusal {
    /// The meter's refusal: a conflict with its state, and how to get past it.
    init(meter error: MeterError) {
        switch error {
        case .complete: self.init(.conflict, error.description, allowed: "POST /meter/reset, then press again")
        case .notEmpty: self.init(.conflict, error.description, allowed: "POST /meter/reset, then change the duration")
        case .durationOutOfRange, .holdOutOfRange: self.init(.invalid, error.description)
        }
    }
}
