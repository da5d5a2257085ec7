import Animation
import Controls

/// The original's `FakePlayer` timer as a value (docs/design/music-player.md §Progress ticks): a tick
/// every 0.5 s raises the progress by 1, up to 100. Instead of a timer it stores when the next tick is due,
/// so that the control can fire ticks in time order, interleaved with animation stops, inside `advance(to:)`:
/// one large jump then gives exactly what many small steps give.
public struct ProgressTicker: Sendable, Equatable, Codable {
    public static let maximum = 100

    /// The timer interval. The post says "every second"; the code uses 0.5 s
    /// (docs/design/music-player.md §Post and code); the player's `tickInterval` sets it.
    public private(set) var interval: Double

    /// 0…100; each tick adds 1.
    public private(set) var progress = 0
    /// The scene time of the next tick, or nil while stopped (paused, or at 100).
    public private(set) var nextTick: Double?

    public init(progress: Int = 0, interval: Double = 0.5) {
        self.progress = Self.clamped(progress)
        self.interval = interval
    }

    public var isRunning: Bool { nextTick != nil }
    public var isComplete: Bool { progress >= Self.maximum }

    /// Starts (or restarts) the timer at `time`: the first tick is one interval later. Stays
    /// stopped at 100, where the original invalidates its timer.
    public mutating func start(at time: Double) {
        nextTick = isComplete ? nil : time + interval
    }

    /// A new interval at `time`: the time left to the next tick stretches as the interval does, so a
    /// tick's ring animation, stretched alike, still ends on it.
    public mutating func retime(interval new: Double, at time: Double) {
        if let due = nextTick { nextTick = time + (due - time) * new / interval }
        interval = new
    }

    public mutating func stop() {
        nextTick = nil
    }

    /// Sets the progress without touching the schedule, except that reaching 100 stops the timer.
    public mutating func set(progress: Int) {
        self.progress = Self.clamped(progress)
        if isComplete { nextTick = nil }
    }

    /// The tick due at or before `time`, if any: fires it (progress += 1, next tick one interval
    /// later, or none at 100) and returns its time.
    public mutating func fire(upTo time: Double) -> Double? {
        guard let due = nextTick, due <= time else { return nil }
        progress += 1
        // Adding the interval to the previous tick time (rather than multiplying from an origin)
        // makes each tick land exactly where the previous tick's 0.5 s animation ends.
        nextTick = isComplete ? nil : due + interval
        return due
    }

    static func clamped(_ p: Int) -> Int { min(max(p, 0), maximum) }
}
