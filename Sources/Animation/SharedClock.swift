#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import Synchronization

/// The clock of a scene that several processes, on several machines, show at once (replicas):
/// scene time is derived from wall-clock time since a shared epoch, and every change (pause,
/// speed, step) takes effect at a stated host time, the same in every process, so that every
/// process that makes the same changes reads the same scene time at the same wall-clock moment
/// (docs/design/replication.md §One clock).
///
/// Host time here is seconds of wall-clock time since the epoch. A change made while
/// `SharedClock.$changeTime` is bound takes effect at that host time; otherwise now. Changes
/// come in host-time order; one may lie in the future (a command's lead), and until then the
/// clock reads as before it.
public final class SharedClock: ControllableClock {
    /// Each timebase and the host time from which it holds, ascending; the first holds from the start.
    private let segments: Mutex<[(from: Double, timebase: Timebase)]>
    /// The epoch, in seconds of wall-clock time since 1970; set once the replicas agree on it.
    private let epochSeconds = Mutex(0.0)
    public var epoch: Double { epochSeconds.withLock { $0 } }

    /// The host time at which a change made on this thread takes effect, and at which `now`
    /// reads, while bound (a replica applying a log entry at the entry's time).
    @TaskLocal public static var changeTime: Double?

    /// Scene time 0 at the epoch, running at speed 1.
    public init() {
        segments = Mutex([(-.infinity, Timebase(hostAnchor: 0, sceneAnchor: 0))])
    }

    /// Seconds since 1970 from CLOCK_REALTIME, which machines keep in step (NTP).
    public static func wallTime() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    public func setEpoch(_ seconds: Double) {
        epochSeconds.withLock { $0 = seconds }
    }

    /// Host time now: the bound change time, or the wall clock's.
    public var host: Double { Self.changeTime ?? hostNow }

    /// Host time by the wall clock, whatever is bound.
    public var hostNow: Double { Self.wallTime() - epoch }

    /// Scene time at host time `host`, with the changes made so far.
    public func sceneTime(host: Double) -> Double {
        segments.withLock { Self.timebase(in: $0, at: host).sceneTime(host: host) }
    }

    public var now: Double { sceneTime(host: host) }
    public var isPaused: Bool { segments.withLock { Self.timebase(in: $0, at: host).isPaused } }
    public var speed: Double { segments.withLock { Self.timebase(in: $0, at: host).speed } }

    public func pause() { change { $0.pause(host: $1) } }
    public func resume() { change { $0.resume(host: $1) } }
    public func setSpeed(_ speed: Double) { change { $0.setSpeed(speed, host: $1) } }
    public func step(by seconds: Double) { change { t, _ in t.step(by: seconds) } }

    private func change(_ body: (inout Timebase, Double) -> Void) {
        let at = host
        segments.withLock { s in
            var timebase = Self.timebase(in: s, at: at)
            body(&timebase, at)
            // Changes come in host-time order, so nothing before the one in effect at `at` is read again.
            let current = s.lastIndex { $0.from <= at } ?? 0
            s = [s[current], (at, timebase)]
        }
    }

    /// The timebase in effect at host time `host`, with the changes made so far (a snapshot's clock).
    public func timebase(at host: Double) -> Timebase {
        segments.withLock { Self.timebase(in: $0, at: host) }
    }

    /// Starts again from a snapshot's timebase: it holds from the start until the next change.
    public func restore(_ timebase: Timebase) {
        segments.withLock { $0 = [(-.infinity, timebase)] }
    }

    private static func timebase(in segments: [(from: Double, timebase: Timebase)], at host: Double) -> Timebase {
        (segments.last { $0.from <= host } ?? segments[0]).timebase
    }
}
