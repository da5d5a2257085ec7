import Animation
import Controls

/// The spinner as a Layercast control: its id, title and variants.
extension Spinner {
    public static let id = FrameSubject(rawValue: "spinner")
    public static let title = "Spinner"
    /// Its studio card, `spinner.card.js` beside this file.
    public static var pageCard: PageCard? { PageCard(source: PackageResources.spinner_card_js) }

    public init(at time: Double, configuration: Configuration) {
        self.init(startingAt: time, configuration: configuration)
    }

    /// Animating (as made) and stopped (a full ring).
    public static var variants: ControlVariants<Spinner> {
        ControlVariants(modes: [
            .init("animating") { s, t in if !s.isAnimating { s = Spinner(startingAt: t, configuration: s.configuration) } },
            .init("stopped") { s, t in s.stop(at: t) },
        ])
    }
}

extension Spinner {
    public var noticeableState: String { String(isAnimating) }
}

extension Spinner.State.Values: FieldNoted {
    public static let fieldNotes = ["rotation": FieldNote("Radians, clockwise on screen.")]
}

extension FrameSubject {
    public static let spinner = Spinner.id
}

extension Scene {
    /// The scene's spinner; a scene built without it is a programming error.
    public var spinner: Spinner {
        get {
            guard let control = self[Spinner.self] else { preconditionFailure("this scene has no spinner") }
            return control
        }
        set { self[Spinner.self] = newValue }
    }
}
