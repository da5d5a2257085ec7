/// A command on the scene as a value: the public name of what it runs, as a scenario's step names
/// it (`POST /meter/hold`), and what it was given. The same value is a request's command, a
/// scenario's step, a recording's step, a replicated log entry and a timeline's cause, so that
/// renaming how it travels migrates nothing (docs/design/architecture.md §Commands are values).
public struct Command: Sendable, Hashable, Codable {
    public struct Argument: Sendable, Hashable, Codable {
        public let name: String
        /// The value as its parameter's type accepts and writes it ("true", "2.5", "pause").
        public let value: String

        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    public let name: String
    /// In the order the command declares its parameters.
    public let arguments: [Argument]
    /// The JSON document a command reads whole (a props patch), as its text.
    public let document: String?

    public init(_ name: String, _ arguments: [Argument] = [], document: String? = nil) {
        self.name = name
        self.arguments = arguments
        self.document = document
    }

    public func argument(_ name: String) -> String? {
        arguments.first { $0.name == name }?.value
    }
}

/// A command as the scene's history keeps it: the command, the control it acted on (nil for one
/// on every control or on none), the scene time it applied at and its revision.
public struct AppliedCommand: Sendable, Hashable, Codable {
    public let command: Command
    public let control: FrameSubject?
    public let time: Double
    public let revision: UInt64
}
