import Animation
import Synchronization

/// The live scene shared by every request and stream: the model behind a lock, on one clock.
/// Commands apply at the clock's time; readers take a copy at a time, then work unlocked.
///
/// The clock may be stepped back while paused. The scene cannot run backwards (completions have
/// fired), so it keeps a copy after every command: the scene at an earlier time t is the last
/// copy taken at or before t, advanced to t, which is exact since no command came in between.
/// A command issued at such an earlier time rewrites the history from there.
public final class LiveScene: Sendable {
    public let clock: any ControllableClock
    private let state: Mutex<History>
    private let changes = Atomic<UInt64>(0)

    /// Enough to step back through a long review session; older copies are dropped.
    static let historyLimit = 1024

    struct History {
        var live: Scene
        var checkpoints: [Scene]

        /// The scene as it was (or will be, with no further commands) at `t`.
        mutating func scene(at t: Double) -> Scene {
            if t >= live.time {
                live.advance(to: t)
                return live
            }
            var copy = checkpoints.last { $0.time <= t } ?? checkpoints.first ?? live
            copy.advance(to: t)
            return copy
        }
    }

    public init(clock: any ControllableClock, configuration: SceneConfiguration = SceneConfiguration()) {
        self.clock = clock
        let initial = Scene(configuration: configuration, time: clock.now)
        state = Mutex(History(live: initial, checkpoints: [initial]))
    }

    /// Counts commands, so that watchers (events, static-frame detection) can tell something changed.
    public var changeCount: UInt64 { changes.load(ordering: .acquiring) }

    /// Runs `command` on the scene at the clock's current time, after every earlier completion has
    /// fired. Returns the command's result and the scene time it was applied at.
    public func apply<R>(_ command: (inout Scene, Double) throws -> R) rethrows -> (result: R, time: Double) {
        let r: (R, Double) = try state.withLock { h in
            let t = clock.now
            if t < h.live.time {
                h.live = h.scene(at: t)
                h.checkpoints.removeAll { $0.time > t }
            }
            h.live.advance(to: t)
            let result = try command(&h.live, t)
            h.checkpoints.append(h.live)
            if h.checkpoints.count > Self.historyLimit { h.checkpoints.removeFirst(h.checkpoints.count - Self.historyLimit) }
            return (result, t)
        }
        changes.add(1, ordering: .releasing)
        return r
    }

    /// A copy of the scene at the clock's time, and that time.
    public func snapshot() -> (scene: Scene, time: Double) {
        state.withLock { h in
            let t = clock.now
            return (h.scene(at: t), t)
        }
    }
}
