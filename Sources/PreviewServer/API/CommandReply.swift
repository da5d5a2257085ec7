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

/// A command on the scene, as its input decides it before any scene is locked: the change and the
/// control's state after it.
struct PreparedCommand<State>: Sendable {
    let change: @Sendable (inout Scene, Double) throws(APIError) -> State
    /// An artwork the change puts on show: the route has the renderer prepare its images first.
    var shows: Bitmap?

    init(shows: Bitmap? = nil, _ change: @escaping @Sendable (inout Scene, Double) throws(APIError) -> State) {
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
    let prepare: @Sendable (Command, ArtworkLibrary) throws(APIError) -> CommandEffect
    /// Applies the value to the live scene at a host time of its clock (now when nil), hands it to
    /// a running recording, and answers as its route does.
    let run: @Sendable (APIContext, Command, Double?) throws(APIError) -> HTTPResponse
}

/// What a decoded request of a command's route stands for: the command's value, and the PNG of an
/// upload the value names by its hash, which the log carries to the other replicas.
typealias CommandValue = @Sendable (Input, ArtworkLibrary) throws(APIError) -> (command: Command, upload: [UInt8]?)

extension APIOperation {
    /// "POST /meter/press": a command's public name, as a scenario's step names it.
    var commandName: String { "\(method.rawValue) \(path)" }

    /// The value of a request whose parameters are the command's arguments.
    var plainCommand: CommandValue {
        { input, _ in (Command(commandName, input.recordedParameters(of: self)), nil) }
    }
}

extension Endpoint where Context == APIContext {
    /// A command on one control: `prepare` reads the input (and the artwork library) and returns the
    /// change. The route, a scenario's step and the log all run it as a `Command` value; the live
    /// scene answers with the `CommandReply`.
    init<State: Codable & Sendable>(
        command operation: APIOperation, control: FrameSubject?, state: State.Type,
        prepare: @escaping @Sendable (Input, ArtworkLibrary) throws(APIError) -> PreparedCommand<State>
    ) {
        let scenario = PreviewServerConfiguration()
        self.init(command: operation, produces: Success(
            description: "The control's new state, the scene time the command applied at and the scene's revision.",
            content: .json(.of(CommandReply<State>.self))), SceneCommand(control: control) { value, artworks throws(APIError) in
            let prepared = try prepare(try Input(command: value, for: operation, configuration: scenario), artworks)
            return .scene(PreparedCommand(shows: prepared.shows) { s, t throws(APIError) in _ = try prepared.change(&s, t) })
        } run: { context, value, host throws(APIError) in
            let prepared = try prepare(try Input(command: value, for: operation, configuration: context.configuration),
                                       context.artworks)
            if let artwork = prepared.shows {
                // Off the streams' ticks: their next frames then draw the new cover from the cache.
                context.frameRenderer.renderer.prepareCachedImages(of: artwork, like: context.scene.snapshot().scene.player.artwork)
            }
            let applied = try context.scene.apply(value, on: control, at: host, prepared.change)
            context.recorder.record(value, at: applied.time)
            return try Self.encoded(CommandReply(sceneTime: applied.time, revision: applied.revision, state: applied.result))
        })
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
    func run(_ value: Command, at host: Double? = nil) throws(APIError) -> HTTPResponse {
        guard let command = commands[value.name] else {
            throw APIError(400, "'\(APIError.quote(value.name))' is not a command of this server", parameter: "do",
                           allowed: Scenario.runnableList)
        }
        return try command.run(self, value, host)
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
