import Controls

/// Layercast's own four controls, the ports of the seed posts (docs/design/), in the order frames
/// and the page show them. The executable serves them (`Sources/layercast`); the tests run on them.
public enum SeedControls {
    public static let all: [any Control.Type] = [RecordingMeter.self, PlayButton.self, MusicPlayer.self, Spinner.self]

    /// Registers them as this process's controls (`ControlSystem.bootstrap`); the seeds are a
    /// valid list, so this cannot fail.
    public static func bootstrap() {
        do {
            try ControlSystem.bootstrap(all)
        } catch {
            preconditionFailure("the seed controls: \(error)")
        }
    }
}
