import Animation
import Controls
import SeedControls

extension SceneConfiguration {
    /// The seed controls' configuration with the command line's options of theirs: what
    /// `--meter-duration`, `--seed` and `--artwork` set.
    public init(meterDuration: Double = RecordingMeter.defaultDuration, seed: UInt64 = 0x5EED, artwork: Bitmap? = nil) {
        SeedControls.bootstrap()
        self.init()
        var meter = RecordingMeter.Configuration()
        meter.duration = meterDuration
        meter.seed = seed
        var player = MusicPlayer.Configuration()
        player.artwork = artwork
        setDefaults(meter, of: .meter)
        setDefaults(player, of: .player)
    }
}

/// `make()` after the seed controls are registered: for a parameterized test's arguments, which
/// Swift Testing evaluates before any suite is made.
public func seeded<T>(_ make: () -> T) -> T {
    SeedControls.bootstrap()
    return make()
}
