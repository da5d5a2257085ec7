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
            let outcome = scene.apply { s, t -> Result<RecordingMeter.State, MeterError> in
                do throws(MeterError) {
                    switch command {
                    case .press: try s.meter.press(at: t)
                    case .release: s.meter.release(at: t)
                    case .reset: s.meter.reset(at: t)
                    case .hold(let seconds): try s.meter.hold(seconds: seconds, at: t)
                    }
                    return .success(s.meter.state(at: t))
                } catch {
                    return .failure(error)
                }
            }
            return try reply(outcome.result, time: outcome.time)
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
            let outcome = scene.apply { s, t -> Result<RecordingMeter.State, MeterError> in
                do throws(MeterError) {
                    try s.meter.setDuration(duration)
                    return .success(s.meter.state(at: t))
                } catch {
                    return .failure(error)
                }
            }
            return try reply(outcome.result, time: outcome.time)
        }
    }

    private func reply(_ result: Result<RecordingMeter.State, MeterError>, time: Double) throws(APIError) -> HTTPResponse {
        switch result {
        case .success(let state): return commandReply(state, time: time)
        case .failure(let error):
            switch error {
            case .complete: throw APIError(409, error.description, allowed: "POST /meter/reset, then press again")
            case .notEmpty: throw APIError(409, error.description, allowed: "POST /meter/reset, then change the duration")
            case .durationOutOfRange, .holdOutOfRange: throw APIError(400, error.description)
            }
        }
    }
}
