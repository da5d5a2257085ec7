import Animation
import Controls

extension PlayButton {
    /// What the icon shows, and so what a tap triggers (docs/design/play-button.md §Modes at rest).
    public enum Mode: String, Sendable, CaseIterable, Codable {
        case buffering, pause, play, stop
    }

    /// The step that is running, or the idle state reached (docs/design/play-button.md §Animation states).
    /// The state is set to a step's result when the step starts. `playToBar.playIdle` ≡ `barToPlay.play`,
    /// `pauseToBar.pauseIdle` ≡ `barToPause.pause` and `stopToBar.stopIdle` ≡ `barToStop.stop`.
    public enum AnimationState: Hashable, Sendable, Codable, CustomStringConvertible {
        case playToBar(PlayToBar)
        case barToPause(BarToPause)
        case pauseToBar(PauseToBar)
        case barToStop(BarToStop)
        case stopToBar(StopToBar)
        case barToPlay(BarToPlay)
        case buffering(Buffering)

        public enum PlayToBar: String, Sendable, CaseIterable, Codable { case playIdle, triangleToBar }
        public enum BarToPause: String, Sendable, CaseIterable, Codable { case barRotateVertical, barSplit, pause }
        public enum PauseToBar: String, Sendable, CaseIterable, Codable { case pauseIdle, barsMerge, barRotateHorizontal }
        public enum BarToStop: String, Sendable, CaseIterable, Codable { case barRotateVertical, barExpand, stop }
        public enum StopToBar: String, Sendable, CaseIterable, Codable { case stopIdle, barShrink, barRotateHorizontal }
        public enum BarToPlay: String, Sendable, CaseIterable, Codable { case barToTriangle, play }
        public enum Buffering: String, Sendable, CaseIterable, Codable { case buffering, toBar }

        public static let allCases: [AnimationState] =
            PlayToBar.allCases.map(playToBar) + BarToPause.allCases.map(barToPause)
            + PauseToBar.allCases.map(pauseToBar) + BarToStop.allCases.map(barToStop)
            + StopToBar.allCases.map(stopToBar) + BarToPlay.allCases.map(barToPlay)
            + Buffering.allCases.map(buffering)

        /// The spec's dotted name, e.g. `pauseToBar.barsMerge`.
        public var name: String {
            switch self {
            case .playToBar(let s): "playToBar." + s.rawValue
            case .barToPause(let s): "barToPause." + s.rawValue
            case .pauseToBar(let s): "pauseToBar." + s.rawValue
            case .barToStop(let s): "barToStop." + s.rawValue
            case .stopToBar(let s): "stopToBar." + s.rawValue
            case .barToPlay(let s): "barToPlay." + s.rawValue
            case .buffering(let s): "buffering." + s.rawValue
            }
        }

        public init?(name: String) {
            guard let state = Self.allCases.first(where: { $0.name == name }) else { return nil }
            self = state
        }

        public var description: String { name }

        /// The idle state a non-animated change to `mode` lands in; buffering's loop state for buffering.
        public static func resting(_ mode: Mode) -> AnimationState {
            switch mode {
            case .play: .playToBar(.playIdle)
            case .pause: .pauseToBar(.pauseIdle)
            case .stop: .stopToBar(.stopIdle)
            case .buffering: .buffering(.buffering)
            }
        }
    }
}
