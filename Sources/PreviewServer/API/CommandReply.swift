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
    /// What a recording writes for it; nil for its own operation with the parameters the request gave.
    var recorded: Recorded?
    /// An artwork the change puts on show: the route has the renderer prepare its images first.
    var shows: Bitmap?

    init(recorded: Recorded? = nil, shows: Bitmap? = nil,
         _ change: @escaping @Sendable (inout Scene, Double) throws(APIError) -> State) {
        self.change = change
        self.recorded = recorded
        self.shows = shows
    }
}

/// The step a recording writes for a command that a step cannot repeat as it came (an upload
/// becomes the same image named by its hash).
struct Recorded: Sendable {
    let operation: APIOperation
    let with: [(name: String, value: String)]
    /// For an operation that reads a JSON document (a props patch): the document.
    let body: JSONValue?

    init(_ operation: APIOperation, _ with: [(name: String, value: String)], body: JSONValue? = nil) {
        self.operation = operation
        self.with = with
        self.body = body
    }
}

/// What a command on the scene does to any scene at any time: the live one when its route is
/// called, a scenario's own when a step names it.
struct SceneCommand: Sendable {
    /// The change for an input; `artworks` resolves artwork given by its hash.
    let prepare: @Sendable (Input, ArtworkLibrary) throws(APIError) -> PreparedCommand<Void>
}

extension Endpoint where Context == APIContext {
    /// A command on one control: `prepare` reads the input (and the artwork library) and returns the
    /// change. The route applies it to the live scene, answers with the `CommandReply`, and hands
    /// it to a running recording.
    init<State: Codable & Sendable>(
        command operation: APIOperation, state: State.Type,
        prepare: @escaping @Sendable (Input, ArtworkLibrary) throws(APIError) -> PreparedCommand<State>
    ) {
        self.init(operation, reply: CommandReply<State>.self,
                  "The control's new state, the scene time the command applied at and the scene's revision.") { context, input in
            let command = try prepare(input, context.artworks)
            if let artwork = command.shows {
                // Off the streams' ticks: their next frames then draw the new cover from the cache.
                context.frameRenderer.renderer.prepareCachedImages(of: artwork, like: context.scene.snapshot().scene.player.artwork)
            }
            let step = command.recorded ?? Recorded(operation, input.recordedParameters(of: operation))
            let reply = try context.command(cause: step.cause(path: command.recorded == nil ? input.request.path
                                                                  : step.operation.path), command.change)
            context.recorder.record(step, at: reply.sceneTime)
            return reply
        }
        sceneCommand = SceneCommand { input, artworks throws(APIError) in
            let command = try prepare(input, artworks)
            return PreparedCommand(recorded: command.recorded) { s, t throws(APIError) in _ = try command.change(&s, t) }
        }
    }
}

extension Input {
    /// The parameters the request gave, in declaration order, as their accepted text.
    func recordedParameters(of operation: APIOperation) -> [(name: String, value: String)] {
        operation.parameters.compactMap { p in givenTexts[p.spec.name].map { (p.spec.name, $0) } }
    }
}

extension APIContext {
    /// Applies a command to the live scene, named by `cause` in the timeline, and replies with what
    /// `body` returns.
    func command<State, Failure: Error>(
        cause: CommandCause, _ body: (inout Scene, Double) throws(Failure) -> State
    ) throws(Failure) -> CommandReply<State> {
        let applied = try scene.apply(cause: cause, body)
        return CommandReply(sceneTime: applied.time, revision: applied.revision, state: applied.result)
    }
}

extension Recorded {
    /// The step as a timeline names the cause of what it started: its method, path and parameters
    /// (a document as its JSON text, under `body`). An upload is named as a recording keeps it, by
    /// its hash.
    func cause(path: String) -> CommandCause {
        let document = body.map { [("body", String(decoding: $0.serialized, as: UTF8.self))] } ?? []
        return CommandCause(method: operation.method.rawValue, path: path,
                            parameters: (with + document).map { CommandCause.Parameter(name: $0.0, value: $0.1) })
    }
}
