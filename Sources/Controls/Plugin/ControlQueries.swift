/// A question a control answers from its declarations alone, not from the scene (the play button's
/// shapes as path elements): `GET /{id}/{name}` with these parameters, answered with `Reply` as JSON.
public struct ControlQuery: Sendable {
    /// The last segment of its path ("paths").
    public let name: String
    /// A stable name for documents ("playButtonPaths").
    public let id: String
    public let summary: String
    public let description: String?
    public let parameters: [CommandParameter]
    /// The answer's type, whose schema the docs derive from it.
    public let replyType: any (Codable & Sendable).Type
    /// What the answer's JSON holds, for the docs.
    public let replyDescription: String
    private let answer: @Sendable (CommandArguments) throws(Refusal) -> any Codable & Sendable

    public init<Reply: Codable & Sendable>(
        _ name: String, id: String, summary: String, description: String? = nil, parameters: [CommandParameter] = [],
        reply: Reply.Type, _ replyDescription: String, _ answer: @escaping @Sendable (CommandArguments) throws(Refusal) -> Reply
    ) {
        self.name = name
        self.id = id
        self.summary = summary
        self.description = description
        self.parameters = parameters
        replyType = reply
        self.replyDescription = replyDescription
        self.answer = answer
    }

    /// The answer to arguments checked against `parameters`.
    public func answer(_ arguments: CommandArguments) throws(Refusal) -> any Codable & Sendable {
        try answer(arguments)
    }
}

/// A command that also takes its image as an upload (`PUT /player/artwork` with a PNG body): the
/// server keeps the PNG by its SHA-256 and runs the command with that hash as `parameter`, so a
/// recording and the replicated log keep the command, not the image.
public struct ImageUpload: Sendable {
    /// `PUT /player/artwork`.
    public let route: CommandRoute
    public let id: String
    public let summary: String
    /// The command's parameter that names the image by hash.
    public let parameter: String

    public init(_ route: CommandRoute, id: String, summary: String, parameter: String) {
        self.route = route
        self.id = id
        self.summary = summary
        self.parameter = parameter
    }
}
