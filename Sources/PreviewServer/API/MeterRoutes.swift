import Controls
import HTTPServer

/// `/meter/press`, `/meter/release`, `/meter/hold`, `/meter/reset` and `/meter/config`.
extension APIContext {
    enum MeterCommand {
        case press, release, reset
        case hold(Double)
    }

    func meter(_ command: MeterCommand) -> HTTPResponse {
        answer { () throws(APIError) in
            try meterReply { () throws(MeterError) in
                try scene.apply { (s: inout Scene, t: Double) throws(MeterError) -> RecordingMeter.State in
                    switch command {
                    case .press: try s.meter.press(at: t)
                    case .release: s.meter.release(at: t)
                    case .reset: s.meter.reset(at: t)
                    case .hold(let seconds): try s.meter.hold(seconds: seconds, at: t)
                    }
                    return s.meter.state(at: t)
                }
            }
        }
    }

    func meterHold(_ request: HTTPRequest) -> HTTPResponse {
        answer { () throws(APIError) in
            let p = try ParameterValues(command: request)
            let range = RecordingMeter.holdRange
            guard let seconds = try p.double("seconds", in: range) else {
                throw .missing("seconds", allowed: "a number from \(range.lowerBound) to \(ParameterValues.format(range.upperBound))")
            }
            return meter(.hold(seconds))
        }
    }

    func meterConfig(_ request: HTTPRequest) -> HTTPResponse {
        answer { () throws(APIError) in
            let p = try ParameterValues(command: request)
            let range = RecordingMeter.durationRange
            guard let duration = try p.double("duration", in: range) else {
                throw .missing("duration", allowed: "seconds from \(ParameterValues.format(range.lowerBound)) to \(ParameterValues.format(range.upperBound))")
            }
            return try meterReply { () throws(MeterError) in
                try scene.apply { (s: inout Scene, t: Double) throws(MeterError) -> RecordingMeter.State in
                    try s.meter.setDuration(duration)
                    return s.meter.state(at: t)
                }
            }
        }
    }

    /// The reply to a meter command, or the meter's refusal as the API error it answers with.
    private func meterReply(_ command: () throws(MeterError) -> (result: RecordingMeter.State, time: Double, revision: UInt64)) throws(APIError) -> HTTPResponse {
        do {
            return commandReply(try command())
        } catch {
            switch error {
            case .complete: throw APIError(409, error.description, allowed: "POST /meter/reset, then press again")
            case .notEmpty: throw APIError(409, error.description, allowed: "POST /meter/reset, then change the duration")
            case .durationOutOfRange, .holdOutOfRange: throw APIError(400, error.description)
            }
        }
    }
}
