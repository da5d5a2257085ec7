import APIModel
import Controls
import HTTPServer
import Scenes

/// A control's queries (`ControlQuery`): `GET /{id}/{name}`, its parameters checked as a command's
/// are, answered from the control's declarations alone.
extension ControlRoutes {
    static func query(_ control: FrameSubject, _ query: ControlQuery) -> Endpoint<Self> {
        let parameters = ParameterSet(name: "GET /\(control.rawValue)/\(query.name)", parameters: query.parameters.map(\.declared))
        return Endpoint<Self>(
            APIOperation(.get, "/\(control.rawValue)/\(query.name)", id: query.id, tag: control.rawValue, summary: query.summary,
                         description: query.description, parameters: parameters.parameters),
            produces: Success(description: query.replyDescription, content: .json(.of(query.replyType)))
        ) { _, input in
            let arguments = CommandArguments(input.arguments(of: parameters))
            return try Endpoint<Self>.encoded(try query.answer(arguments))
        }
    }
}
