import Controls
import HTTPServer
import Scenes

/// Each control's commands as it declares them (`Scene.commandDeclarations`), with the routes that
/// are the HTTP edge's alone beside them: an upload (`PlayerRoutes.swift`) before the command its
/// value is, the play button's shapes (`PlayButtonRoutes.swift`) after its commands.
struct ControlRoutes: CommandRoutes {
    let stage: Stage

    init(_ services: EdgeServices) { stage = services.stage }

    static let endpoints: [Endpoint<Self>] = Scene.commandDeclarations.flatMap { declaration -> [Endpoint<Self>] in
        let endpoint = Endpoint<Self>(declaration: declaration)
        return switch declaration.name {
        case MusicPlayer.artworkByHash.name: [playerArtwork, endpoint]
        case PlayButton.commands.last?.name: [endpoint, playButtonPaths]
        default: [endpoint]
        }
    }
}
