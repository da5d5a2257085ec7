import Animation
import Controls

/// SplitMix64 (Steele, Lea & Flood, 2014): a tiny, fast generator whose whole state is one word, so
/// the meter's segment colours are a pure function of the seed and the number of segments drawn.
public struct SeededGenerator: RandomNumberGenerator, Sendable, Equatable, Codable {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    /// The generator after `draws` draws from `seed`: each draw only adds the step to the state.
    public init(seed: UInt64, skipping draws: Int) {
        state = seed &+ UInt64(max(0, draws)) &* Self.step
    }

    private static let step: UInt64 = 0x9E37_79B9_7F4A_7C15

    public mutating func next() -> UInt64 {
        state &+= Self.step
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
