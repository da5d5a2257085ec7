import Animation

extension PlayButton {
    /// The four colours of docs/design/play-button.md §Defaults: one background and one tint for play and
    /// buffering, one pair for pause and stop.
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
        public static let `default` = Theme(
            name: "default", playBufferingBackground: .lightGray, playBufferingTint: .black,
            pauseStopBackground: .lightGray, pauseStopTint: .black)

        /// The sample app's colours: black on white for play and buffering, white on systemBlue for pause
        /// and stop (its switch to systemOrange before stop is left out), on the sample's grey view:
        /// lightGray at alpha 0.8 over a window with no colour, which shows black, so RGB (136,136,136)
        /// (docs/design/play-button.md §Sample backdrop).
        public static let sample = Theme(
            name: "sample", playBufferingBackground: .white, playBufferingTint: .black,
            pauseStopBackground: Color(r: 0, g: 122, b: 255), pauseStopTint: .white,
            viewBackground: Color.black.lerp(to: .lightGray, 0.8))

        public static let all: [Theme] = [.default, .sample]

        public static func named(_ name: String) -> Theme? {
            all.first { $0.name == name }
        }

        /// The background colour for the pause/stop side (`vertical`) or the play/buffering side.
        func background(vertical: Bool) -> Color {
            vertical ? pauseStopBackground : playBufferingBackground
        }

        func tint(vertical: Bool) -> Color {
            vertical ? pauseStopTint : playBufferingTint
        }
    }
}
