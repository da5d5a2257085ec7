import Controls
import HTTPServer
import Scenes

/// Each control's commands as it declares them (`ControlList.commandDeclarations`), with the routes they
/// bring: a command's upload (`UploadRoutes.swift`) before it, and the control's queries
/// (`QueryRoutes.swift`) and its page card (`CardRoutes.swift`) after its commands.
struct ControlRoutes: CommandRoutes {
    let stage: Stage

    init(_ services: EdgeServices) { stage = services.stage }

    static func endpoints(for controls: ControlList) -> [Endpoint<Self>] {
        controls.types.flatMap { control -> [Endpoint<Self>] in
            control.commands.flatMap { declaration -> [Endpoint<Self>] in
                (declaration.upload.map { [upload($0, of: declaration)] } ?? []) + [Endpoint<Self>(declaration: declaration)]
            } + control.queries.map { query(control.id, $0) } + (control.pageCard.map { [card(control.id, $0)] } ?? [])
        }
    }
}
