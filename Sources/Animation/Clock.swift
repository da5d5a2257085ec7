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

/// A clock that can be paused, slowed down or sped up, and stepped while paused.
public protocol ControllableClock: Clock {
    var isPaused: Bool { get }
    var speed: Double { get }
    func pause()
    func resume()
    /// Changes the rate without a jump in scene time.
    func setSpeed(_ speed: Double)
    /// Moves scene time by `seconds`; only while paused, so that stepping is exact.
    func step(by seconds: Double)
}

/// Maps a host time source onto scene time: anchored at a (host, scene) pair, scaled by speed.
/// Coded in a snapshot of a replicated scene, so that a restored clock reads exactly as the original.
public struct Timebase: Sendable, Equatable, Codable {
    var hostAnchor: Double
    var sceneAnchor: Double
    var speed: Double = 1
    var isPaused = false

    func sceneTime(host: Double) -> Double {
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

    public var now: Double { state.withLock { $0.sceneTime(host: Self.hostTime()) } }
    public var isPaused: Bool { state.withLock { $0.isPaused } }
    public var speed: Double { state.withLock { $0.speed } }

    public func pause() { state.withLock { $0.pause(host: Self.hostTime()) } }
    public func resume() { state.withLock { $0.resume(host: Self.hostTime()) } }
    public func setSpeed(_ speed: Double) { state.withLock { $0.setSpeed(speed, host: Self.hostTime()) } }
    public func step(by seconds: Double) { state.withLock { $0.step(by: seconds) } }
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

    public var now: Double { state.withLock { $0.timebase.sceneTime(host: $0.host) } }
    public var isPaused: Bool { state.withLock { $0.timebase.isPaused } }
    public var speed: Double { state.withLock { $0.timebase.speed } }

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

    public func pause() { state.withLock { $0.timebase.pause(host: $0.host) } }
    public func resume() { state.withLock { $0.timebase.resume(host: $0.host) } }
    public func setSpeed(_ speed: Double) { state.withLock { $0.timebase.setSpeed(speed, host: $0.host) } }
    public func step(by seconds: Double) { state.withLock { $0.timebase.step(by: seconds) } }
}
