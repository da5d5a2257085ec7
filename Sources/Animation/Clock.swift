#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import Synchronization

/// Scene time in seconds. Every animation of a scene reads one clock.
public protocol Clock: Sendable {
    var now: Double { get }
}

/// A change to a controllable clock, as a value: what a clock command, a scenario's step or a
/// replicated log entry asks of it.
public enum ClockChange: Sendable, Equatable, Codable {
    case pause, resume
    /// Changes the rate without a jump in scene time.
    case speed(Double)
    /// Moves scene time by these seconds; only while paused, so that stepping is exact.
    case step(Double)
}

/// A clock that can be paused, slowed down or sped up, and stepped while paused. Every change is
/// made at a stated host time, so a change applied later (a replica reading the shared log) takes
/// effect exactly where it was asked for (docs/design/replication.md §One clock).
public protocol ControllableClock: Clock {
    /// Host time now, in the clock's own seconds.
    var hostNow: Double { get }
    /// The timebase in effect at host time `host`, with the changes made so far.
    func timebase(at host: Double) -> Timebase
    /// Makes `change` at host time `host`.
    func change(_ change: ClockChange, at host: Double)
}

extension ControllableClock {
    public var now: Double { sceneTime(at: hostNow) }
    public var isPaused: Bool { timebase(at: hostNow).isPaused }
    public var speed: Double { timebase(at: hostNow).speed }

    /// Scene time at host time `host`.
    public func sceneTime(at host: Double) -> Double { timebase(at: host).sceneTime(host: host) }

    public func pause() { change(.pause, at: hostNow) }
    public func resume() { change(.resume, at: hostNow) }
    public func setSpeed(_ speed: Double) { change(.speed(speed), at: hostNow) }
    public func step(by seconds: Double) { change(.step(seconds), at: hostNow) }
}

/// Maps a host time source onto scene time: anchored at a (host, scene) pair, scaled by speed.
/// Coded in a snapshot of a replicated scene, so that a restored clock reads exactly as the original.
public struct Timebase: Sendable, Equatable, Codable {
    var hostAnchor: Double
    var sceneAnchor: Double
    public internal(set) var speed: Double = 1
    public internal(set) var isPaused = false

    public func sceneTime(host: Double) -> Double {
        isPaused ? sceneAnchor : sceneAnchor + (host - hostAnchor) * speed
    }

    private mutating func reanchor(host: Double) {
        sceneAnchor = sceneTime(host: host)
        hostAnchor = host
    }

    mutating func pause(host: Double) {
        guard !isPaused else { return }
        reanchor(host: host)
        isPaused = true
    }

    mutating func resume(host: Double) {
        guard isPaused else { return }
        hostAnchor = host
        isPaused = false
    }

    mutating func setSpeed(_ newSpeed: Double, host: Double) {
        if !isPaused { reanchor(host: host) }
        speed = newSpeed
    }

    mutating func step(by seconds: Double) {
        if isPaused { sceneAnchor += seconds }
    }

    mutating func apply(_ change: ClockChange, host: Double) {
        switch change {
        case .pause: pause(host: host)
        case .resume: resume(host: host)
        case .speed(let speed): setSpeed(speed, host: host)
        case .step(let seconds): step(by: seconds)
        }
    }
}

/// Real time from the monotonic system clock, starting at scene time 0.
public final class MonotonicClock: ControllableClock {
    private let state: Mutex<Timebase>

    public init(startingAt sceneTime: Double = 0) {
        state = Mutex(Timebase(hostAnchor: Self.hostTime(), sceneAnchor: sceneTime))
    }

    /// Seconds from CLOCK_MONOTONIC: never jumps with wall-clock changes.
    public static func hostTime() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    public var hostNow: Double { Self.hostTime() }
    public func timebase(at host: Double) -> Timebase { state.withLock { $0 } }
    public func change(_ change: ClockChange, at host: Double) { state.withLock { $0.apply(change, host: host) } }
}

/// A clock that moves only when told: for tests, golden frames and previews of exact times.
public final class ManualClock: ControllableClock {
    private struct State {
        var host: Double = 0
        var timebase: Timebase
    }

    private let state: Mutex<State>

    public init(startingAt sceneTime: Double = 0) {
        state = Mutex(State(timebase: Timebase(hostAnchor: 0, sceneAnchor: sceneTime)))
    }

    public var hostNow: Double { state.withLock { $0.host } }
    public func timebase(at host: Double) -> Timebase { state.withLock { $0.timebase } }
    public func change(_ change: ClockChange, at host: Double) { state.withLock { $0.timebase.apply(change, host: host) } }

    /// Lets `seconds` of host time pass; scene time moves by seconds × speed unless paused.
    public func advance(by seconds: Double) {
        state.withLock { $0.host += seconds }
    }

    /// Jumps scene time to `sceneTime`.
    public func set(_ sceneTime: Double) {
        state.withLock { s in
            s.timebase.hostAnchor = s.host
            s.timebase.sceneAnchor = sceneTime
        }
    }

}
