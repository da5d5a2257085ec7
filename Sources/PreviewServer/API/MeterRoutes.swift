import Controls
import HTTPServer

/// `/meter/press`, `/meter/release`, `/meter/hold`, `/meter/reset` and `/meter/config`.
extension APIContext {
    enum MeterParameters {
        static let seconds = Param.number("seconds", RecordingMeter.holdRange, unit: "seconds", "How long to hold.")
            .required()
        /// The `duration` prop's, for its alias `PUT /meter/config`.
        static let duration = Param.number(prop: "duration", of: .meter).required()
        /// The `seed` prop's, for `--seed`.
        static let seed = Param.number(prop: "seed", of: .meter)
    }

    static let meterComplete = Answer.conflict("The meter is complete: POST /meter/reset first.")

    static let meterPress = meterEndpoint(
        "/meter/press", id: "meterPress", summary: "Starts recording a new segment (a no-op while pressed)",
        description: "409 once the meter is complete, with a hint to reset.", answers: [meterComplete]
    ) { _ in { m, t throws(MeterError) in try m.press(at: t) } }

    static let meterRelease = meterEndpoint(
        "/meter/release", id: "meterRelease", summary: "Pauses recording: everything freezes where it is on screen",
        description: "Ends the current segment (nothing happens when not recording)."
    ) { _ in { m, t throws(MeterError) in m.release(at: t) } }

    static let meterHold = meterEndpoint(
        "/meter/hold", id: "meterHold", summary: "Presses now and releases `seconds` later",
        description: "A press or release in between takes over.", parameters: [MeterParameters.seconds],
        answers: [meterComplete]
    ) { input throws(APIError) in
        let seconds = try input[MeterParameters.seconds]
        return { m, t throws(MeterError) in try m.hold(seconds: seconds, at: t) }
    }

    static let meterReset = meterEndpoint(
        "/meter/reset", id: "meterReset", summary: "Clears every segment", description: "Removes every segment."
    ) { _ in { m, t throws(MeterError) in m.reset(at: t) } }

    static let meterConfig = meterEndpoint(
        "/meter/config", method: .put, id: "meterConfig", summary: "Sets the recording `duration`",
        description: "The same as the meter's `duration` prop (PATCH /controls/meter/props): only while the meter "
            + "is empty (409 otherwise).", parameters: [MeterParameters.duration],
        answers: [.conflict("The meter is not empty: POST /meter/reset first.")]
    ) { input throws(APIError) in
        let duration = try input[MeterParameters.duration]
        return { m, t throws(MeterError) in try m.setDuration(duration, at: t) }
    }

    /// A meter change: what it does to the meter at a scene time.
    typealias MeterChange = @Sendable (inout RecordingMeter, Double) throws(MeterError) -> Void

    private static func meterEndpoint(
        _ path: String, method: APIOperation.Method = .post, id: String, summary: String, description: String,
        parameters: [any DeclaredParameter] = [], answers: [Answer] = [],
        _ change: @escaping @Sendable (Input) throws(APIError) -> MeterChange
    ) -> Endpoint<APIContext> {
        let operation = APIOperation(method, path, id: id, tag: "meter", summary: summary, description: description,
                                     parameters: parameters, command: true, answers: answers)
        return Endpoint(command: operation, control: .meter, state: RecordingMeter.State.self) { input, _ throws(APIError) in
            // The parameters are read before the scene is locked.
            let apply = try change(input)
            return PreparedCommand { s, t throws(APIError) in
                do throws(MeterError) {
                    try apply(&s.meter, t)
                } catch {
                    throw APIError(meter: error)
                }
                return s.meter.state(at: t)
            }
        }
    }
}

extension APIError {
    /// The meter's refusal as the API answers it.
    init(meter error: MeterError) {
        switch error {
        case .complete: self.init(409, error.description, allowed: "POST /meter/reset, then press again")
        case .notEmpty: self.init(409, error.description, allowed: "POST /meter/reset, then change the duration")
        case .durationOutOfRange, .holdOutOfRange: self.init(400, error.description)
        }
    }
}
