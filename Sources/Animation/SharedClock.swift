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
/// Host time here is seconds of wall-clock time since the epoch. A change takes effect at the host
/// time it is made at (a log entry's effect time). Changes come in host-time order; one may lie in
/// the future (a command's lead), and until then the clock reads as before it.
public final class SharedClock: ControllableClock {
    /// Each timebase and the host time from which it holds, ascending; the first holds from the start.
    private let segments: Mutex<[(from: Double, timebase: Timebase)]>
    /// The epoch, in seconds of wall-clock time since 1970; set once the replicas agree on it.
    private let epochSeconds = Mutex(0.0)
    public var epoch: Double { epochSeconds.withLock { $0 } }

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

    /// Host time by the wall clock.
    public var hostNow: Double { Self.wallTime() - epoch }

    public func change(_ change: ClockChange, at: Double) {
        segments.withLock { s in
            var timebase = Self.timebase(in: s, at: at)
            timebase.apply(change, host: at)
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
