/// A request that changed the scene, as a timeline names the cause of the animations it started:
/// the HTTP method, the path and the parameters as given.
public struct CommandCause: Sendable, Hashable, Codable {
    public struct Parameter: Sendable, Hashable, Codable {
        public let name: String
        public let value: String

        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    public let method: String
    public let path: String
    public let parameters: [Parameter]

    public init(method: String, path: String, parameters: [Parameter] = []) {
        self.method = method
        self.path = path
        self.parameters = parameters
    }

    /// The control the path names (`/play-button/mode`, `/controls/meter/props`); nil for a
    /// command on every control or on none.
    public var control: FrameSubject? {
        let components = path.split(separator: "/").map(String.init)
        return FrameSubject.controls.first { components.contains($0.rawValue) }
    }
}

/// A command as the scene's history keeps it: its cause, the scene time it applied at and its revision.
public struct AppliedCommand: Sendable, Hashable, Codable {
    public let cause: CommandCause
    public let time: Double
    public let revision: UInt64
}
