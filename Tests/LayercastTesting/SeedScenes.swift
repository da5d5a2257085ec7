import APIModel
import Animation
import Controls
import PreviewServer
import Scenes
import SeedControls

// The seed controls as the values a test hands what it serves, renders or plays: every test names
// the list it runs on; these are Layercast's own four.

extension ControlList {
    /// Layercast's four seed controls (`SeedControls.list`).
    public static var seeds: ControlList { SeedControls.list }
}

extension SceneConfiguration {
    /// The seed controls at their defaults.
    public static var seeds: SceneConfiguration { SceneConfiguration(.seeds) }

    /// The seed controls' configuration with the command line's options of theirs: what
    /// `--meter-duration`, `--seed` and `--artwork` set.
    public init(meterDuration: Double = RecordingMeter.defaultDuration, seed: UInt64 = 0x5EED, artwork: Bitmap? = nil) {
        self.init(.seeds)
        var meter = RecordingMeter.Configuration()
        meter.duration = meterDuration
        meter.seed = seed
        var player = MusicPlayer.Configuration()
        player.artwork = artwork
        setDefaults(meter, of: .meter)
        setDefaults(player, of: .player)
    }
}

extension Scene {
    /// A scene of the seed controls at their defaults, made at `time`.
    public static func seeds(time: Double = 0) -> Scene { Scene(configuration: .seeds, time: time) }
}

extension SceneSettings {
    /// The built-in settings for the seed controls.
    public static var seeds: SceneSettings { SceneSettings(.seeds) }
}

extension PreviewServerConfiguration {
    /// A server of the seed controls with every other setting at its default.
    public static var seeds: PreviewServerConfiguration { PreviewServerConfiguration(controls: .seeds) }
}
