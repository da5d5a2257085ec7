import Animation
import Controls

extension PlayButton {
    /// A named preset of the four colours of docs/design/play-button.md §Defaults (one background and one
    /// tint for play and buffering, one pair for pause and stop) and of the view behind the button.
    public struct Theme: Sendable, Hashable, Codable {
        public var name: String
        public var playBufferingBackground: Color
        public var playBufferingTint: Color
        public var pauseStopBackground: Color
        public var pauseStopTint: Color
        /// The view the button sits on, when the theme comes with one (not a button property: the
        /// sample app's `view.backgroundColor`). nil leaves the frame's background.
        public var viewBackground: Color?

        public init(name: String, playBufferingBackground: Color, playBufferingTint: Color,
                    pauseStopBackground: Color, pauseStopTint: Color, viewBackground: Color? = nil) {
            self.name = name
            self.playBufferingBackground = playBufferingBackground
            self.playBufferingTint = playBufferingTint
            self.pauseStopBackground = pauseStopBackground
            self.pauseStopTint = pauseStopTint
            self.viewBackground = viewBackground
        }

        /// The library's defaults: light grey (170,170,170) behind black shapes in every mode.
        public static let `default`: Theme = {
            let c = Configuration()
            return Theme(name: "default", playBufferingBackground: c.playBufferingBackgroundColor,
                         playBufferingTint: c.playBufferingTintColor, pauseStopBackground: c.pauseStopBackgroundColor,
                         pauseStopTint: c.pauseStopTintColor)
        }()

        /// The sample app's colours: black on white for play and buffering, white on systemBlue for pause
        /// and stop (its switch to systemOrange before stop is left out), on the sample's grey view:
        /// lightGray at alpha 0.8 over a window with no colour, which shows black, so RGB (136,136,136)
        /// (docs/design/play-button.md §Sample backdrop).
        public static let sample = Theme(
            name: "sample", playBufferingBackground: .white, playBufferingTint: .black,
            pauseStopBackground: Color(r: 0, g: 122, b: 255), pauseStopTint: .white,
            viewBackground: Color.black.lerp(to: .lightGray, 0.8))

        public static let all: [Theme] = [.default, .sample]

        /// What `/state` reports when the colours match no preset.
        public static let customName = "custom"

        public static func named(_ name: String) -> Theme? {
            all.first { $0.name == name }
        }

        /// The preset whose colours (view included) `configuration` has, if any.
        public static func matching(_ configuration: Configuration) -> Theme? {
            all.first { theme in
                var c = configuration
                theme.apply(to: &c)
                return c == configuration
            }
        }

        /// Sets the four colours of `configuration` and its view background to this preset's.
        public func apply(to configuration: inout Configuration) {
            configuration.playBufferingBackgroundColor = playBufferingBackground
            configuration.playBufferingTintColor = playBufferingTint
            configuration.pauseStopBackgroundColor = pauseStopBackground
            configuration.pauseStopTintColor = pauseStopTint
            configuration.viewBackgroundColor = viewBackground ?? .clear
        }
    }
}
