#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// What an animation shows outside its active interval (CAMediaTimingFillMode).
public enum FillMode: String, Sendable, Codable, CaseIterable {
    case removed, forwards, backwards, both

    var fillsForwards: Bool { self == .forwards || self == .both }
    var fillsBackwards: Bool { self == .backwards || self == .both }
}

/// CAMediaTiming: how an object's local time derives from its parent's.
public struct MediaTiming: Hashable, Sendable, Codable {
    /// In the parent's time. 0 on a top-level animation means "when added", as in Core Animation.
    public var beginTime: Double = 0
    /// 0 or less becomes 0.25 s when the animation is added, as Core Animation does.
    public var duration: Double = 0
    public var speed: Double = 1
    /// Added after `speed`, so it is not scaled by it; it wraps round the active duration.
    public var timeOffset: Double = 0
    /// 0 plays once; fractional counts end mid-cycle; `.infinity` repeats forever.
    public var repeatCount: Double = 0
    /// Repeat for this long instead; 0 is ignored.
    public var repeatDuration: Double = 0
    public var autoreverses: Bool = false
    public var fillMode: FillMode = .removed

    public init(beginTime: Double = 0, duration: Double = 0, speed: Double = 1, timeOffset: Double = 0,
                repeatCount: Double = 0, repeatDuration: Double = 0, autoreverses: Bool = false,
                fillMode: FillMode = .removed) {
        self.beginTime = beginTime
        self.duration = duration
        self.speed = speed
        self.timeOffset = timeOffset
        self.repeatCount = repeatCount
        self.repeatDuration = repeatDuration
        self.autoreverses = autoreverses
        self.fillMode = fillMode
    }

    public static let defaultDuration = 0.25

    var effectiveDuration: Double { duration > 0 ? duration : Self.defaultDuration }

    /// One forward pass, plus the way back when autoreversing.
    var cycleDuration: Double { effectiveDuration * (autoreverses ? 2 : 1) }

    /// The length of the active interval in local time; infinite for endless repeats.
    public var activeDuration: Double {
        if repeatDuration > 0 { return repeatDuration }
        if repeatCount.isInfinite || repeatCount >= Double(Float.greatestFiniteMagnitude) { return .infinity }
        return cycleDuration * (repeatCount > 0 ? repeatCount : 1)
    }

    /// When the active interval ends, in the parent's time.
    public var endTime: Double {
        guard speed > 0 else { return .infinity }
        return beginTime + activeDuration / speed
    }

    /// The basic local time (0…duration, after repeats and autoreverse are folded) at parent time
    /// `parentTime`, or nil when the object does not apply then.
    public func basicLocalTime(at parentTime: Double) -> Double? {
        let active = activeDuration
        let elapsed = speed == 0 ? 0 : (parentTime - beginTime) * speed
        if elapsed < 0 {
            guard fillMode.fillsBackwards else { return nil }
            return fold(wrappedOffset(timeOffset, active: active), atEnd: false)
        }
        // The end is judged in local time and in parent time against `endTime` (the time stops are
        // reported at): (beginTime + d) − beginTime can round past d, and must still show the end.
        let atParentEnd = speed > 0 && parentTime == endTime
        if elapsed >= active || atParentEnd {
            // At the exact end the end value shows whatever the fill mode; after it only a forwards fill.
            guard elapsed == active || atParentEnd || fillMode.fillsForwards else { return nil }
            return fold(endLocalTime(active: active), atEnd: true)
        }
        return fold(wrappedOffset(elapsed + timeOffset, active: active), atEnd: false)
    }

    private func wrappedOffset(_ t: Double, active: Double) -> Double {
        guard active.isFinite, active > 0, t >= active else { return t }
        return t.truncatingRemainder(dividingBy: active)
    }

    private func endLocalTime(active: Double) -> Double {
        guard timeOffset != 0 else { return active }
        let t = timeOffset.truncatingRemainder(dividingBy: active)
        return t == 0 ? active : t
    }

    /// Folds active local time into one forward pass. At the end of the active interval a whole
    /// number of cycles lands on the cycle's end, not back on its start.
    private func fold(_ t: Double, atEnd: Bool) -> Double {
        let d = effectiveDuration
        let cycle = cycleDuration
        var u = t - floor(t / cycle) * cycle
        if atEnd && t > 0 && u <= cycle * 1e-12 { u = cycle }
        if autoreverses && u > d { u = 2 * d - u }
        return min(max(u, 0), d)
    }
}
