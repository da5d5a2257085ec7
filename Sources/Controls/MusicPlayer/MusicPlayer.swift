import Animation

/// Placeholder until the music progress button lands (issue 6).
public struct MusicPlayer: Control {
    public let designSize = Size(240, 240)
    public init(artwork: Bitmap?, at time: Double) {}
    public mutating func advance(to time: Double) {}
    public func snapshot(at time: Double) -> LayerSnapshot { LayerSnapshot(name: "player") }
}
