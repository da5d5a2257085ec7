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
    /// Applies a command to the live scene and replies with what `body` returns.
    func command<State, Failure: Error>(
        _ body: (inout Scene, Double) throws(Failure) -> State
    ) throws(Failure) -> CommandReply<State> {
        let applied = try scene.apply(body)
        return CommandReply(sceneTime: applied.time, revision: applied.revision, state: applied.result)
    }
}
