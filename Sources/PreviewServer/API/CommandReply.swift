import Controls

/// Every command answers with the control's new state, the scene time it applied at, so a client
/// can wait for the first frame that shows it, and its revision, so a client can tell it from
/// older states still on their way (events).
struct CommandReply<State: Codable & Sendable>: Codable, Sendable {
    let sceneTime: Double
    let revision: UInt64
    let state: State
}

extension Endpoint where Context == APIContext {
    /// A command on one control, answered with its `CommandReply`.
    init<State: Codable & Sendable>(
        command operation: APIOperation, state: State.Type,
        handle: @escaping @Sendable (APIContext, Input) throws -> CommandReply<State>
    ) {
        self.init(operation, reply: CommandReply<State>.self,
                  "The control's new state, the scene time the command applied at and the scene's revision.",
                  handle: handle)
    }
}

extension APIContext {
    /// Applies the command `input` asks for to the live scene and replies with what `body` returns.
    func command<State, Failure: Error>(
        _ input: Input, _ body: (inout Scene, Double) throws(Failure) -> State
    ) throws(Failure) -> CommandReply<State> {
        try command(cause: input.cause, body)
    }

    /// Applies a command to the live scene, named by `cause`, and replies with what `body` returns.
    func command<State, Failure: Error>(
        cause: CommandCause, _ body: (inout Scene, Double) throws(Failure) -> State
    ) throws(Failure) -> CommandReply<State> {
        let applied = try scene.apply(cause: cause, body)
        return CommandReply(sceneTime: applied.time, revision: applied.revision, state: applied.result)
    }
}

extension Input {
    /// The request as a timeline names the cause of what it started: method, path and parameters
    /// as given (props' values included).
    var cause: CommandCause {
        CommandCause(method: request.method, path: request.path,
                     parameters: (givenText + familyEntries).map { CommandCause.Parameter(name: $0.name, value: $0.value) })
    }
}
