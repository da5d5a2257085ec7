import Animation

/// Placeholder until the recording meter lands (issue 4).
public struct RecordingMeter: Control {
    public static let defaultDuration = 45.0
    public let designSize = Size(480, 480)
    public init(duration: Double, seed: UInt64) {}
    public mutating func advance(to time: Double) {}
    public func snapshot(at time: Double) -> LayerSnapshot { LayerSnapshot(name: "meter") }
}
