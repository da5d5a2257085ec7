import Animation

/// The shared model: every control, at one scene time. A value, so a copy is an immutable snapshot
/// that any thread may advance and render without touching the live scene.
public struct Scene: Sendable, Codable {
    public var spinner: Spinner
    public var meter: RecordingMeter
    public var playButton: PlayButton
    public var player: MusicPlayer
    /// The latest time the scene has been advanced to; commands apply at or after it.
    public private(set) var time: Double
    /// What the scene was made from: the controls' default configurations.
    public let configuration: SceneConfiguration

    public init(configuration: SceneConfiguration = SceneConfiguration(), time: Double = 0) {
        self.time = time
        self.configuration = configuration
        spinner = Spinner(startingAt: time, configuration: configuration.spinner)
        meter = RecordingMeter(configuration: configuration.meter)
        playButton = PlayButton(at: time, configuration: configuration.playButton)
        player = MusicPlayer(artwork: configuration.artwork, at: time, configuration: configuration.player)
    }

    /// Fires every completion up to `t` in time order; never goes back in time.
    public mutating func advance(to t: Double) {
        guard t >= time else { return }
        spinner.advance(to: t)
        meter.advance(to: t)
        playButton.advance(to: t)
        player.advance(to: t)
        time = t
    }

    /// About what a copy of the scene holds besides its artwork (`SceneHistory` prices copies by it).
    public var estimatedBytes: Int {
        MemoryLayout<Scene>.stride + FrameSubject.controls.reduce(0) { $0 + (control($1)?.layerTree.estimatedBytes ?? 0) }
    }

    /// The control `subject` names; nil for `.all`, which is every control.
    public func control(_ subject: FrameSubject) -> (any Control)? {
        switch subject {
        case .all: nil
        case .spinner: spinner
        case .meter: meter
        case .playButton: playButton
        case .player: player
        }
    }
}

/// What the scene is built from: the command line's and the API's settings, and each control's
/// configuration as made (what its props' defaults are).
public struct SceneConfiguration: Sendable, Codable {
    public var artwork: Bitmap?
    public var meter = RecordingMeter.Configuration()
    public var playButton = PlayButton.Configuration()
    public var player = MusicPlayer.Configuration()
    public var spinner = Spinner.Configuration()

    /// `--meter-duration` (a meter clamps it into its range; the server refuses a flag outside it).
    public var meterDuration: Double {
        get { meter.duration }
        set { meter.duration = newValue }
    }

    /// `--seed`: the meter's colours.
    public var seed: UInt64 {
        get { meter.seed }
        set { meter.seed = newValue }
    }

    public init(meterDuration: Double = RecordingMeter.defaultDuration, seed: UInt64 = 0x5EED, artwork: Bitmap? = nil) {
        self.artwork = artwork
        self.meterDuration = meterDuration
        self.seed = seed
    }
}

extension Scene {
    /// Every control's commands, in the order the controls list them (docs/design/architecture.md §Commands are values).
    public static let commandDeclarations: [CommandDeclaration] =
        Spinner.commands + RecordingMeter.commands + MusicPlayer.commands + PlayButton.commands
}
