import Animation
import Controls
import HTTPServer

/// Every command answers with the control's new state, the scene time it applied at, so a client
/// can wait for the first frame that shows it, and its revision, so a client can tell it from
/// older states still on their way (events).
struct CommandReply<State: Codable & Sendable>: Codable, Sendable {
    let sceneTime: Double
    let revision: UInt64
    let state: State
}

/// A control's state of any type, as a reply writes it.
struct AnyState: Codable, Sendable {
    let value: any Codable & Sendable

    init(_ value: any Codable & Sendable) { self.value = value }

    init(from decoder: any Decoder) throws {
        throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "a reply's state is only written"))
    }

    func encode(to encoder: any Encoder) throws { try value.encode(to: encoder) }
}

/// A command on the scene, as its input decides it before any scene is locked: the change and the
/// control's state after it.
struct PreparedCommand<State>: Sendable {
    let change: @Sendable (inout Scene, Double) throws(Refusal) -> State
    /// An artwork the change puts on show: the route has the renderer prepare its images first.
    var shows: Bitmap?

    init(shows: Bitmap? = nil, _ change: @escaping @Sendable (inout Scene, Double) throws(Refusal) -> State) {
        self.change = change
        self.shows = shows
    }
}

/// What a command does when a scenario's step names it: a change to any scene, or (`POST /clock`)
/// to the live scene's clock.
enum CommandEffect: Sendable {
    case scene(PreparedCommand<Void>)
    /// Meaningful on the live scene only: frames are sampled by scene time, whatever the clock.
    case clock([ClockChange])
}

/// A command on the scene, declared once with its operation: what its value does to a scenario's
/// scene, and how the live scene runs it, whoever sent it: the route, or a replica reading the
/// shared log (docs/design/architecture.md §Commands are values).
struct SceneCommand: Sendable {
    /// The control it acts on; nil for one on every control or on none (the clock).
    let control: FrameSubject?
    /// What the value does as a scenario's step.
    let prepare: @Sendable (Command, ArtworkLibrary) throws(Refusal) -> CommandEffect
    /// Applies the value to the live scene at a host time of its clock (now when nil), hands it to
    /// a running recording, and answers as its route does.
    let run: @Sendable (APIContext, Command, Double?) throws(Refusal) -> HTTPResponse
}

/// What a decoded request of a command's route stands for: the command's value, and the PNG of an
/// upload the value names by its hash, which the log carries to the other replicas.
typealias CommandValue = @Sendable (Input, ArtworkLibrary) throws(Refusal) -> (command: Command, upload: [UInt8]?)

extension APIOperation {
    /// "POST /meter/press": a command's public name, as a scenario's step names it.
    var commandName: String { "\(method.rawValue) \(path)" }

    /// A control's command as an operation: what is HTTP's alone follows from its declaration. A PUT
    /// of one word (a theme, a hash) takes it as a bare form body; loading artwork is priced as
    /// decoding the largest image and runs off the server's thread.
    init(_ declaration: CommandDeclaration) {
        let name = declaration.name.split(separator: " ", maxSplits: 1).map(String.init)
        let method = Method(rawValue: name.first ?? "") ?? .post
        let parameters = declaration.parameters.map(\.declared)
        let word = declaration.parameters.count == 1 && declaration.parameters.allSatisfy {
            switch $0.kind {
            case .choice, .text: true
            default: false
            }
        }
        self.init(method, name.last ?? declaration.name, id: declaration.id, tag: declaration.control.rawValue,
                  summary: declaration.summary, description: declaration.description, parameters: parameters,
                  command: true, answers: declaration.refusals.map(Answer.init),
                  offload: declaration.decodesArtwork ? .shared : nil,
                  bareWord: method == .put && word ? declaration.parameters.first?.name : nil,
                  cost: declaration.decodesArtwork ? { @Sendable _ in APIContext.artworkCost(nil) } : nil)
    }

    /// The value of a request whose parameters are the command's arguments.
    var plainCommand: CommandValue {
        { input, _ in (Command(commandName, input.recordedParameters(of: self)), nil) }
    }
}

extension Endpoint where Context == APIContext {
    /// A control's command, as its declaration says (docs/design/architecture.md §Commands are
    /// values): the route's method and path come from its name, its answers from its refusals, its
    /// reply's schema from its state's type. The route, a scenario's step and the log all run it as
    /// a `Command` value; the live scene answers with the `CommandReply`.
    init(declaration: CommandDeclaration) {
        let operation = APIOperation(declaration)
        let scenario = PreviewServerConfiguration()
        @Sendable func change(_ value: Command, _ configuration: PreviewServerConfiguration,
                    _ artworks: ArtworkLibrary) throws(Refusal) -> CommandDeclaration.Change {
            // Checked against the parameters as the route checks a request (a log entry's and a
            // step's values too), then read typed by the control.
            _ = try Input(command: value, for: operation, configuration: configuration)
            return try declaration.change(CommandArguments(value.arguments), artworks: artworks)
        }
        self.init(command: operation, produces: Success(
            description: "The control's new state, the scene time the command applied at and the scene's revision.",
            content: .json(Self.replySchema(declaration.stateType))), SceneCommand(control: declaration.control) {
            value, artworks throws(Refusal) in
            let prepared = try change(value, scenario, artworks)
            return .scene(PreparedCommand(shows: prepared.shows) { s, t throws(Refusal) in _ = try prepared.apply(to: &s, at: t) })
        } run: { context, value, host throws(Refusal) in
            let prepared = try change(value, context.configuration, context.artworks)
            if let artwork = prepared.shows {
                // Off the streams' ticks: their next frames then draw the new cover from the cache.
                context.frameRenderer.renderer.prepareCachedImages(of: artwork, like: context.scene.snapshot().scene.player.artwork)
            }
            let applied = try context.scene.apply(value, on: declaration.control, at: host) { s, t throws(Refusal) in
                try prepared.apply(to: &s, at: t)
            }
            context.recorder.record(value, at: applied.time)
            return try Self.encoded(CommandReply(sceneTime: applied.time, revision: applied.revision,
                                                 state: AnyState(applied.result)))
        })
    }

    private static func replySchema<State: Codable & Sendable>(_ state: State.Type) -> SchemaSource {
        .of(CommandReply<State>.self)
    }

    /// A command declared by its `SceneCommand`: the route makes the request's value (`value`) and
    /// runs it on the live scene, as a replica runs it from the log. An upload has none of its own:
    /// its value is another command's.
    init(command operation: APIOperation, produces success: Success, value: CommandValue? = nil,
         _ command: SceneCommand?) {
        let value = value ?? operation.plainCommand
        self.init(operation, produces: success) { context, input in
            try context.run(try value(input, context.artworks).command)
        }
        sceneCommand = command
        commandValue = value
    }
}

extension APIContext {
    /// Runs a command's value on the live scene at a host time of its clock (now when nil), as its
    /// declaration says: the one way a request, a replica's log entry and nothing else change it.
    func run(_ value: Command, at host: Double? = nil) throws(Refusal) -> HTTPResponse {
        guard let command = commands[value.name] else {
            throw Refusal(.invalid, "'\(Refusal.quote(value.name))' is not a command of this server", parameter: "do",
                           allowed: Scenario.runnableList)
        }
        return try command.run(self, value, host)
    }
}

extension CommandParameter {
    /// The parameter as the decoder, the docs and the boundary tests read it: its value is the text
    /// its type accepts, which the command reads typed.
    var declared: any DeclaredParameter {
        let type: ParameterType = switch kind {
        case .number(let range): .number(range)
        case .integer(let range): .integer(range)
        case .flag: .boolean
        case .choice(let words): .enumeration(words)
        case .text(let maxLength, let pattern): .string(maxLength: maxLength, pattern: pattern)
        }
        let parameter = Parameter<String?>(name, type, unit: unit, description) { $0 }
        return defaultText.map { parameter.defaulting(wire: $0) } ?? parameter.required()
    }
}

extension Answer {
    init(_ refusal: Refusal.Documented) {
        self = refusal.kind == .notFound ? .notFound(refusal.description) : .conflict(refusal.description)
    }
}

extension Command {
    /// The document's bytes (none when it has none).
    var documentBytes: [UInt8] { document.map { Array($0.utf8) } ?? [] }
}

extension Input {
    /// The parameters the request gave, in declaration order, as their accepted text.
    func recordedParameters(of operation: APIOperation) -> [Command.Argument] {
        operation.parameters.compactMap { p in givenTexts[p.spec.name].map { Command.Argument(name: p.spec.name, value: $0) } }
    }
}
