import APIModel
import Controls
import HTTPServer
import Scenes

/// What a decoded request of a command's route stands for: the command's value, and the PNG of an
/// upload the value names by its hash, which the log carries to the other replicas.
typealias CommandValue = @Sendable (Input, ArtworkLibrary) throws(Refusal) -> (command: Command, upload: [UInt8]?)

extension APIOperation {
    /// "POST /meter/hold": how messages name the operation.
    var routeName: String { "\(method.rawValue) \(path)" }

    /// The value of a request whose parameters are the command's arguments: a command's operation
    /// id is the command's.
    var plainCommand: CommandValue {
        let (id, parameters) = (id, parameterSet)
        return { input, _ in (Command(id, input.arguments(of: parameters)), nil) }
    }

    /// A control's command as an operation: what is HTTP's alone follows from its declaration. A PUT
    /// of one word (a theme, a hash) takes it as a bare form body; loading artwork is priced as
    /// decoding the largest image and runs off the server's thread.
    init(_ declaration: CommandDeclaration) {
        let word = declaration.parameters.count == 1 && declaration.parameters.allSatisfy {
            switch $0.kind {
            case .choice, .text: true
            default: false
            }
        }
        // Only the command's name and parameters make the operation; the stage runs its own copy.
        self.init(command: SceneCommand(declaration, controls: .empty), tag: declaration.control.rawValue,
                  summary: declaration.summary, description: declaration.description,
                  answers: declaration.refusals.map(Answer.init), offload: declaration.decodesArtwork ? .shared : nil,
                  bareWord: declaration.route.method == .put && word ? declaration.parameters.first?.name : nil,
                  cost: declaration.decodesArtwork ? { @Sendable _ in ControlRoutes.artworkCost(nil) } : nil)
    }

    /// A command's route: its method, path and operation id are the command's route and id, its
    /// parameters and rules the command's own.
    init(command: SceneCommand, tag: String, summary: String, description: String? = nil,
         body: Body? = nil, answers: [Answer] = [], offload: DeferredWork.Lane? = nil, bareWord: String? = nil,
         answerSize: AnswerSize = .atMost(defaultAnswerBytes), cost: (@Sendable (Input) throws(Refusal) -> RequestCost)? = nil) {
        self.init(Method(command.route.method), command.route.path, id: command.id, tag: tag, summary: summary,
                  description: description, parameters: command.parameters.parameters, command: true, body: body,
                  answers: answers, rules: command.parameters.rules, offload: offload, bareWord: bareWord,
                  answerSize: answerSize, cost: cost)
    }
}

/// A route group with commands: they run on its stage.
protocol CommandRoutes: RouteGroup {
    var stage: Stage { get }
}

extension Endpoint where Group: CommandRoutes {
    /// A control's command, as its declaration says (docs/design/architecture.md §Commands are
    /// values): the route's method and path come from its id, its answers from its refusals, its
    /// reply's schema from its state's type.
    init(declaration: CommandDeclaration) {
        self.init(command: APIOperation(declaration), produces: Success(
            description: "The control's new state, the scene time the command applied at and the scene's revision.",
            content: .json(Self.replySchema(declaration.stateType))))
    }

    private static func replySchema<State: Codable & Sendable>(_ state: State.Type) -> SchemaSource {
        .of(CommandReply<State>.self)
    }

    /// A command's route: it makes the request's value (`value`) and runs it on the live scene, as a
    /// replica runs it from the log. An upload's value is another command's.
    init(command operation: APIOperation, produces success: Success, value: CommandValue? = nil) {
        let value = value ?? operation.plainCommand
        let constant = success.constantHeaders
        self.init(operation, produces: success) { group, input in
            .json(raw: try group.stage.run(try value(input, group.stage.artworks).command), headers: constant)
        }
        commandValue = value
    }
}

extension Answer {
    init(_ refusal: Refusal.Documented) {
        self = refusal.kind == .notFound ? .notFound(refusal.description) : .conflict(refusal.description)
    }
}
