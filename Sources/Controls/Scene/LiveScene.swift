import Animation
import Synchronization

/// The live scene shared by every request and stream: the model behind a lock, on one clock.
/// Commands apply at the clock's time; readers take a copy advanced to a time, then work unlocked.
public final class LiveScene: Sendable {
    public let clock: any ControllableClock
    private let scene: Mutex<Scene>
    private let changes = Atomic<UInt64>(0)

    public init(clock: any ControllableClock, configuration: SceneConfiguration = SceneConfiguration()) {
        self.clock = clock
        scene = Mutex(Scene(configuration: configuration, time: clock.now))
    }

    /// Counts commands, so that watchers (events, static-frame detection) can tell something changed.
    public var changeCount: UInt64 { changes.load(ordering: .acquiring) }

    /// Runs `command` on the scene at the clock's current time, after every earlier completion has
    /// fired. Returns the command's result and the scene time it was applied at.
    public func apply<R>(_ command: (inout Scene, Double) throws -> R) rethrows -> (result: R, time: Double) {
        let r: (R, Double) = try scene.withLock { s in
            let t = max(clock.now, s.time)
            s.advance(to: t)
            return (try command(&s, t), t)
        }
        changes.add(1, ordering: .releasing)
        return r
    }

    /// A copy of the scene advanced to now (the live model advances with it), and that time.
    public func snapshot() -> (scene: Scene, time: Double) {
        scene.withLock { s in
            let t = max(clock.now, s.time)
            s.advance(to: t)
            return (s, t)
        }
    }
}
