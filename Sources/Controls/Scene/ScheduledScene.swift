import Animation

/// A command for a scene time that has not come yet: a scenario's step. The scene applies it when
/// it reaches that time, at that very time, however late anyone looks.
public struct ScheduledCommand: Sendable {
    public var time: Double
    /// The change to the scene; nil for a step that only changes the clock. A change a control
    /// refuses when its time comes (a press on a complete meter) changes nothing.
    public var change: (@Sendable (inout Scene, Double) -> Void)?
    /// Applied to a live scene's clock only (a copy has no clock), after `change`.
    public var clock: [ClockChange]
    /// The command the step stands for, as a timeline names the cause of what it starts, and the
    /// control it acts on.
    public var command: Command?
    public var control: FrameSubject?

    public init(time: Double, clock: [ClockChange] = [], command: Command? = nil, control: FrameSubject? = nil,
                change: (@Sendable (inout Scene, Double) -> Void)?) {
        self.time = time
        self.change = change
        self.clock = clock
        self.command = command
        self.control = control
    }
}

/// A scene with commands scheduled on it: advancing it applies each command at its own time before
/// moving on, so it shows at every time what a scene that received those commands then shows.
/// A scenario plays this way from a fresh scene; a copy of the live scene carries the live
/// scene's pending steps this way into frames of the future and clips.
public struct ScheduledScene: Sendable {
    public private(set) var scene: Scene
    /// In time order (commands at one time in the order given).
    public private(set) var pending: [ScheduledCommand]

    public init(_ scene: Scene, pending: [ScheduledCommand] = []) {
        self.scene = scene
        self.pending = pending.enumerated().sorted { a, b in
            a.element.time != b.element.time ? a.element.time < b.element.time : a.offset < b.offset
        }.map(\.element)
    }

    /// Changes the scene itself (a variant's mode, a render's props), keeping the commands still to come.
    public mutating func modify<E: Error>(_ change: (inout Scene) throws(E) -> Void) throws(E) {
        try change(&scene)
    }

    /// Applies every command due by `t`, each at its own time, then advances to `t`; never goes back.
    public mutating func advance(to t: Double) {
        while let next = pending.first, next.time <= t {
            pending.removeFirst()
            scene.advance(to: next.time)
            next.change?(&scene, max(next.time, scene.time))
        }
        scene.advance(to: t)
    }
}
