import Animation
import Controls
import HTTPServer
import Scenes

/// `GET /play-button/paths` (the play button's commands are declared with it: `PlayButton.commands`).
extension ControlRoutes {
    enum PlayButtonParameters {
        static let shape = Param.choice("shape", PlayButton.Shape.self, in: .query, "Which shape.").required()
    }

    static let playButtonPaths = Endpoint<Self>(
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
