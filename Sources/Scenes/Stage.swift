import APIModel
import Controls
import Logging

/// The live scene and what works on it, with no transport: its settings, the renderer, the artwork
/// library, the stored scenarios, the recorder, the replica that shares its log, and the commands
/// it runs. The HTTP edge holds one and decodes requests into its commands
/// (docs/design/architecture.md §The life of a command).
package struct Stage: Sendable {
    package let settings: SceneSettings
    package let scene: LiveScene
    package let frameRenderer: FrameRenderer
    package let artworks: ArtworkLibrary
    package let scenarios = ScenarioStore()
    /// Where the user's saved work lives on disk (`--data`); nil: in memory only.
    package let dataFolder: DataFolder?
    package let recorder = ScenarioRecorder()
    /// The shared command log, when the scene is a replica's.
    package let replica: Replica?
    package let logger: Logger
    /// The commands it runs, by their ids.
    package let commands: [String: SceneCommand]

    package init(settings: SceneSettings, scene: LiveScene, frameRenderer: FrameRenderer, replica: Replica?,
                 logger: Logger, commands: [String: SceneCommand]? = nil, dataFolder: DataFolder? = nil) {
        self.settings = settings
        self.scene = scene
        self.frameRenderer = frameRenderer
        self.replica = replica
        self.logger = logger
        self.commands = commands ?? SceneCommand.named(settings.controls)
        self.dataFolder = dataFolder
        artworks = ArtworkLibrary(controls: settings.controls, saved: dataFolder?.savedWork)
        loadSavedWork()
    }

    /// Runs a command's value on the live scene at a host time of its clock (now when nil), as its
    /// declaration says: the one way a request and a replica's log entry change the scene. Returns
    /// the reply's JSON.
    package func run(_ value: Command, at host: Double? = nil) throws(Refusal) -> [UInt8] {
        guard let command = commands[value.id] else {
            throw Refusal(.invalid, "'\(Refusal.quote(value.id))' is not a command of this server", parameter: "do",
                          allowed: Scenario.runnableList(settings.controls))
        }
        return try command.run(self, value, host)
    }
}
