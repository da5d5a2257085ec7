import Animation

/// Placeholder until the play button lands (issue 5).
public struct PlayButton: Control {
    public let designSize = Size(44, 44)
    public init(at time: Double) {}
    public mutating func advance(to time: Double) {}
    public func snapshot(at time: Double) -> LayerSnapshot { LayerSnapshot(name: "play-button") }
}
