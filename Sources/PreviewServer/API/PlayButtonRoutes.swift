import Animation
import Controls
import HTTPServer

/// `/play-button/mode`, `/highlighted`, `/enabled`, `/theme` and `GET /play-button/paths`.
extension APIContext {
    enum PlayButtonParameters {
        static let mode = Param.choice("mode", PlayButton.Mode.self, "The mode to change to.").required()
        static let animated = Param.boolean("animated", "Animate the change.").defaulting(true)
        static let value = Param.boolean("value", "The new value.").required()
        static let theme = Parameter<PlayButton.Theme?>(
            "theme", .enumeration(PlayButton.Theme.all.map(\.name)),
            "`default` (light grey, black) or `sample` (the original sample app's colours, on its grey view): a preset "
                + "that sets the four colour props and `viewBackgroundColor`.", convert: PlayButton.Theme.named
        ).required()
        static let shape = Param.choice("shape", PlayButton.Shape.self, in: .query, "Which shape.").required()
    }

    static let playButtonMode = Endpoint<APIContext>(
        command: APIOperation(
            .post, "/play-button/mode", id: "playButtonMode", tag: "play-button", summary: "Changes the mode",
            description: "Animates (or with animated=false jumps) to the mode; a change mid-animation is interrupted "
                + "as the original does.",
            parameters: [PlayButtonParameters.mode, PlayButtonParameters.animated], command: true),
        control: .playButton, state: PlayButton.State.self
    ) { input, _ throws(APIError) in
        let mode = try input[PlayButtonParameters.mode], animated = try input[PlayButtonParameters.animated]
        return PreparedCommand { s, t in
            s.playButton.setMode(mode, animated: animated, at: t)
            return s.playButton.state(at: t)
        }
    }

    static let playButtonHighlighted = flagEndpoint(
        "highlighted", summary: "Sets highlighted: scale 0.92, animated in 0.1 s") { $0.setHighlighted($1, at: $2) }

    static let playButtonEnabled = flagEndpoint(
        "enabled", summary: "Sets enabled: disabled is alpha 0.5") { $0.setEnabled($1, at: $2) }

    private static func flagEndpoint(
        _ name: String, summary: String, _ set: @escaping @Sendable (inout PlayButton, Bool, Double) -> Void
    ) -> Endpoint<APIContext> {
        Endpoint(
            command: APIOperation(.post, "/play-button/\(name)", id: "playButton\(name.capitalized)", tag: "play-button",
                                  summary: summary, parameters: [PlayButtonParameters.value], command: true),
            control: .playButton, state: PlayButton.State.self
        ) { input, _ throws(APIError) in
            let value = try input[PlayButtonParameters.value]
            return PreparedCommand { s, t in
                set(&s.playButton, value, t)
                return s.playButton.state(at: t)
            }
        }
    }

    static let playButtonTheme = Endpoint<APIContext>(
        command: APIOperation(.put, "/play-button/theme", id: "playButtonTheme", tag: "play-button",
                              summary: "Sets the colour theme", parameters: [PlayButtonParameters.theme], command: true,
                              bareWord: "theme"),
        control: .playButton, state: PlayButton.State.self
    ) { input, _ throws(APIError) in
        let theme = try input[PlayButtonParameters.theme]
        return PreparedCommand { s, t in
            s.playButton.setTheme(theme, at: t)
            return s.playButton.state(at: t)
        }
    }

    static let playButtonPaths = Endpoint<APIContext>(
        APIOperation(.get, "/play-button/paths", id: "playButtonPaths", tag: "play-button",
                     summary: "One of the shapes as its path elements",
                     description: "In the 44×44 design space, so anyone can check that every shape has the same "
                         + "element structure (morphs need it).",
                     parameters: [PlayButtonParameters.shape]),
        reply: ShapePathReply.self, "The shape's elements."
    ) { _, input in
        let shape = try input[PlayButtonParameters.shape]
        return ShapePathReply(shape: shape, path: PlayButton.shapePath(shape))
    }
}

/// A shape's elements in the 44×44 design space, so anyone can check the morph structure.
struct ShapePathReply: Codable, Sendable {
    let shape: PlayButton.Shape
    let elementCount: Int
    /// The element kinds in order: M, L, C or Z, separated by spaces.
    let kinds: String
    let elements: [PlayButton.State.Element]

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
}

extension PlayButton.Mode: DeclaredEnum {}
extension PlayButton.Shape: DeclaredEnum {}
extension PathElement.Kind: SchemaEnumerable {}
