/// Why a control refused new props: the one whose change it cannot take now, and why. Nothing of the
/// change was applied.
public struct PropRefusal: Error, Sendable, Equatable {
    public let prop: String
    public let reason: String

    public init(prop: String, reason: String) {
        self.prop = prop
        self.reason = reason
    }
}

/// Every control's props through one door, by the names the API uses for the controls, so that the
/// server needs no knowledge of any one control's configuration. None for `.all`.
extension SceneConfiguration {
    /// The props `control` declares, each with its default: its value in this configuration (the
    /// server's settings, such as `--meter-duration`, are defaults too).
    public func propDeclarations(of control: FrameSubject) -> [PropDeclaration] {
        switch control {
        case .all: []
        case .meter: RecordingMeter.Configuration.declarations(defaults: meter)
        case .player: MusicPlayer.Configuration.declarations(defaults: player)
        case .playButton: PlayButton.Configuration.declarations(defaults: playButton)
        case .spinner: Spinner.Configuration.declarations(defaults: spinner)
        }
    }
}

extension Scene {
    /// The value of every prop of `control` now.
    public func props(of control: FrameSubject) -> PropValues {
        switch control {
        case .all: PropValues()
        case .meter: meter.configuration.values
        case .player: player.configuration.values
        case .playButton: playButton.configuration.values
        case .spinner: spinner.configuration.values
        }
    }

    /// Sets the props of `control` given in `values` (the rest keep their values) at `time`, at once
    /// (docs/design/props.md §Immediately). Throws, changing nothing, when the control cannot take
    /// the change now.
    public mutating func setProps(_ values: PropValues, of control: FrameSubject, at time: Double) throws(PropRefusal) {
        advance(to: time)
        switch control {
        case .all: break
        case .meter: try meter.configure(meter.configuration.setting(values), at: time)
        case .player: player.configure(player.configuration.setting(values), at: time)
        case .playButton: playButton.configure(playButton.configuration.setting(values), at: time)
        case .spinner: spinner.configure(spinner.configuration.setting(values), at: time)
        }
    }
}
