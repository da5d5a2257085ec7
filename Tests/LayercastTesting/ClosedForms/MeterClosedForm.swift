import Controls
import SeedControls
import Testing

/// The recording meter's closed form (docs/design/recording-meter.md §Closed form), independent of
/// the engine: segment lengths ℓ1…ℓn oldest first, p = Σℓ; only the newest grows, at 1/duration per
/// second while pressed, until p = 1. Drawn: newest [0, ℓn], the one before [ℓn, ℓn + ℓn−1], …,
/// oldest [p − ℓ1, p], track [p, 1].
///
/// Completion (§Behaviour there): a press starts the track's animation to 1 over
/// R = duration × (1 − p), and the ring is complete when it ends, at the press time + R. (Deciding it
/// from p ≥ 1 − ε instead calls the ring complete up to ε·duration early.) From then on presses are
/// refused and releases ignored.
public struct MeterClosedForm {
    public let duration: Double
    /// Lengths as of the last press or release.
    private var lengths: [Double] = []
    /// When the newest segment started growing, while pressed.
    private var pressedAt: Double?
    /// When the ring fills, while pressed.
    private var completion: Double?

    public init(duration: Double) {
        self.duration = duration
    }

    public func isComplete(at t: Double) -> Bool { completion.map { t >= $0 } ?? false }
    public func isRecording(at t: Double) -> Bool { pressedAt != nil && !isComplete(at: t) }

    private func lengths(at t: Double) -> [Double] {
        var l = lengths
        if let start = pressedAt {
            let before = l.reduce(0, +)
            l[l.count - 1] += min(max(0, t - start) / duration, 1 - before)
        }
        return l
    }

    /// Returns false when the ring is complete (the meter refuses the press).
    @discardableResult
    public mutating func press(at t: Double) -> Bool {
        if isComplete(at: t) { return false }
        guard pressedAt == nil else { return true }
        lengths.append(0)
        pressedAt = t
        completion = t + duration * (1 - lengths.reduce(0, +))
        return true
    }

    public mutating func release(at t: Double) {
        guard pressedAt != nil, !isComplete(at: t) else { return }
        lengths = lengths(at: t)
        pressedAt = nil
        completion = nil
    }

    /// The drawn intervals at `t`: segments oldest first, then the track's start.
    public func intervals(at t: Double) -> (segments: [(start: Double, end: Double)], track: Double) {
        Self.intervals(lengths: lengths(at: t))
    }

    public static func intervals(lengths: [Double]) -> (segments: [(start: Double, end: Double)], track: Double) {
        var newestFirst: [(start: Double, end: Double)] = []
        var edge = 0.0
        for length in lengths.reversed() {
            newestFirst.append((edge, edge + length))
            edge += length
        }
        return (newestFirst.reversed(), edge)
    }
}

/// Expects the meter's state at `t` to match the closed form within 1e-9: every segment as shown,
/// the track, the recording and complete flags, elapsed and remaining.
public func expectMeter(_ state: RecordingMeter.State, matches reference: MeterClosedForm, at t: Double,
                        sourceLocation: SourceLocation = #_sourceLocation) {
    let (segments, track) = reference.intervals(at: t)
    #expect(state.segmentCount == segments.count && state.segments.count == segments.count, "segments at \(t)",
            sourceLocation: sourceLocation)
    for (i, (got, want)) in zip(state.segments, segments).enumerated() {
        #expect(abs(got.presentation.strokeStart - want.start) <= 1e-9 && abs(got.presentation.strokeEnd - want.end) <= 1e-9,
                "segment \(i + 1) at \(t): \(got.presentation) vs \(want)", sourceLocation: sourceLocation)
    }
    #expect(abs(state.track.presentationStrokeStart - track) <= 1e-9,
            "track start at \(t): \(state.track.presentationStrokeStart) vs \(track)", sourceLocation: sourceLocation)
    #expect(state.recording == reference.isRecording(at: t), "recording at \(t)", sourceLocation: sourceLocation)
    #expect(state.complete == reference.isComplete(at: t), "complete at \(t)", sourceLocation: sourceLocation)
    let elapsed = track * reference.duration
    #expect(abs(state.elapsed - elapsed) <= 1e-9 * reference.duration, "elapsed at \(t)", sourceLocation: sourceLocation)
    #expect(abs(state.remaining - (reference.duration - elapsed)) <= 1e-9 * reference.duration, sourceLocation: sourceLocation)
}
