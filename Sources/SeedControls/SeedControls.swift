import Controls

/// Layercast's own four controls, the ports of the seed posts (docs/design/), in the order frames
/// and the page show them. The executable serves them (`Sources/layercast`); the tests run on them.
public enum SeedControls {
    public static let all: [any Control.Type] = [RecordingMeter.self, PlayButton.self, MusicPlayer.self, Spinner.self]

    /// Them as a list to serve (`ControlList`). The seeds are a valid list (their tests check it),
    /// so making it cannot fail.
    public static let list: ControlList = {
        do {
            return try ControlList(all)
        } catch {
            preconditionFailure("the seed controls: \(error)")
        }
    }()
}
