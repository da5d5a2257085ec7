import Animation
import Controls

/// The play button as a Layercast control: its id, title and variants.
extension PlayButton {
    public static let id = FrameSubject(rawValue: "play-button")
    public static let title = "Play button"
    /// Its studio card, `play-button.card.js` beside this file.
    public static var pageCard: PageCard? { PageCard(source: PackageResources.play_button_card_js) }

    /// Each mode at rest, and each theme.
    public static var variants: ControlVariants<PlayButton> {
        ControlVariants(
            modes: [Mode.play, .pause, .stop, .buffering].map { mode in
                .init(mode.rawValue) { b, t in b.setMode(mode, animated: false, at: t) }
            },
            themes: Theme.all.map { theme in .init(theme.name) { b, t in b.setTheme(theme, at: t) } })
    }
}

extension PlayButton {
    public var noticeableState: String { "\(mode.rawValue)|\(animationState.name)|\(isEnabled)|\(isHighlighted)|\(themeName)" }

    static let shape = CommandParameter.choice("shape", Shape.self, "Which shape.")

    /// `GET /play-button/paths`: a shape's elements, so anyone can check the morph structure.
    public static let queries = [
        ControlQuery("paths", id: "playButtonPaths", summary: "One of the shapes as its path elements",
                     description: "In the 44×44 design space, so anyone can check that every shape has the same "
                         + "element structure (morphs need it).", parameters: [shape],
                     reply: ShapePathReply.self, "The shape's elements.") { a throws(Refusal) in
            let shape = try a.choice(shape, Shape.self)
            return ShapePathReply(shape: shape, path: shapePath(shape))
        },
    ]
}

/// A shape's elements in the 44×44 design space, so anyone can check the morph structure.
public struct ShapePathReply: Codable, Sendable, FieldNoted {
    public let shape: PlayButton.Shape
    public let elementCount: Int
    /// The element kinds in order: M, L, C or Z, separated by spaces.
    public let kinds: String
    public let elements: [PlayButton.State.Element]

    init(shape: PlayButton.Shape, path: Path) {
        self.shape = shape
        elementCount = path.elements.count
        kinds = path.elements.map { e in
            switch e {
            case .move: "M"
            case .line: "L"
            case .cubic: "C"
            case .close: "Z"
            }
        }.joined(separator: " ")
        elements = path.elements.map(PlayButton.State.Element.init)
    }

    public static let fieldNotes = ["elementCount": FieldNote(minimum: 0), "kinds": FieldNote(pattern: "^[MLCZ]( [MLCZ])*$")]
}

extension PlayButton.Mode: SchemaEnumerable {}
extension PlayButton.Shape: SchemaEnumerable {}

extension PlayButton.State: FieldNoted {
    public static let fieldNotes = [
        "animationState": FieldNote("The state machine's dotted name, e.g. barToPause.barSplit.",
                                    pattern: "^[A-Za-z]+\\.[A-Za-z]+$"),
        "background": FieldNote.hexColor,
        "opacity": FieldNote.unit,
    ]
}

extension PlayButton.State.ShapeState: FieldNoted {
    public static let fieldNotes = ["rotation": FieldNote("Degrees, clockwise on screen."), "fill": FieldNote.hexColor]
}

extension PlayButton.State.Element: FieldNoted {
    public static let fieldNotes = [
        "points": FieldNote("One point for move and line, control points then end point for cubic, none for close."),
    ]
}

extension FrameSubject {
    public static let playButton = PlayButton.id
}

extension Scene {
    /// The scene's play button; a scene built without it is a programming error.
    public var playButton: PlayButton {
        get {
            guard let control = self[PlayButton.self] else { preconditionFailure("this scene has no play button") }
            return control
        }
        set { self[PlayButton.self] = newValue }
    }
}
