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
/// server needs no knowledge of any one control's configuration.
extension Scene {
    /// The props `control` declares, each with its default in this scene (the server's settings, such
    /// as `--meter-duration`, are defaults too). None for `.all`.
    public func propDeclarations(of control: FrameSubject) -> [PropDeclaration] {
        switch control {
        case .all, .meter, .player, .spinner: []
        case .playButton: PlayButton.Configuration.declarations(defaults: configuration.playButton)
        }
    }

    /// The value of every prop of `control` now.
    public func props(of control: FrameSubject) -> PropValues {
        switch control {
        case .all, .meter, .player, .spinner: PropValues()
        case .playButton: playButton.configuration.values
        }
    }

    /// The value of every prop of `control` in a scene as made.
    public func defaultProps(of control: FrameSubject) -> PropValues {
        switch control {
        case .all, .meter, .player, .spinner: PropValues()
        case .playButton: configuration.playButton.values
        }
    }

    /// Sets the props of `control` given in `values` (the rest keep their values) at `time`, at once.
    /// Throws, changing nothing, when the control cannot take a change now.
    public mutating func setProps(_ values: PropValues, of control: FrameSubject, at time: Double) throws(PropRefusal) {
        advance(to: time)
        switch control {
        case .all, .meter, .player, .spinner: break
        case .playButton: playButton.configure(playButton.configuration.setting(values), at: time)
        }
    }
}
