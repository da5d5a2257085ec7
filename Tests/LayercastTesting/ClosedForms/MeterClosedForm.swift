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

    public func lengths(at t: Double) -> [Double] {
        var l = lengths
        if let start = pressedAt {
            let before = l.reduce(0, +)
            l[l.count - 1] += min(max(0, t - start) / duration, 1 - before)
        }
        return l
    }

    /// p, the recorded fraction of the ring.
    public func recorded(at t: Double) -> Double { lengths(at: t).reduce(0, +) }

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

    public mutating func reset() {
        self = MeterClosedForm(duration: duration)
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
