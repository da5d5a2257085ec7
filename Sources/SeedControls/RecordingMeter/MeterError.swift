import Animation
import Controls

/// Why the meter refused a command: a conflict with its state (`complete`, `notEmpty`) or an
/// argument out of range, never an internal failure (`Refusal(meter:)`).
public enum MeterError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The ring is full: presses are ignored until a reset (the original's `circleComplete`).
    case complete
    /// The duration can change only while the meter has no segments.
    case notEmpty
    /// A duration outside `RecordingMeter.durationRange` seconds.
    case durationOutOfRange(Double)
    /// A hold outside `RecordingMeter.holdRange` seconds.
    case holdOutOfRange(Double)

    public var description: String {
        switch self {
        case .complete: "the meter is complete: reset first"
        case .notEmpty: "the duration can change only while the meter is empty: reset first"
        case .durationOutOfRange(let d):
            "duration \(d) s is outside \(RecordingMeter.durationRange.lowerBound)…\(RecordingMeter.durationRange.upperBound) s"
        case .holdOutOfRange(let s):
            "hold \(s) s is outside \(RecordingMeter.holdRange.lowerBound)…\(RecordingMeter.holdRange.upperBound) s"
        }
    }
}
