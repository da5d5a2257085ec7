/// What became of one animation added to a layer, kept after the layer has let it go, so a
/// timeline can show it: the resolved animation, when it was added, and when and why it stopped
/// early (replaced under its key, or removed). Kept per layer in `ShapeLayer.records`, in the
/// order added, until `forgetRecords(endedBefore:)` drops it (docs/design/engine.md §Timeline).
public struct AnimationRecord: Sendable, Codable {
    /// How an animation stands at a time.
    public enum Outcome: String, Sendable, Codable, CaseIterable {
        case running, finished, replaced, removed
    }

    /// An animation stopped before its end: by another under the same key, or by a removal.
    public struct Interruption: Sendable, Hashable, Codable {
        public let time: Double
        public let replaced: Bool
    }

    /// The newest records a layer keeps, whatever the span. Every copy of a scene the history keeps
    /// holds its layers' records, so a storm of commands must not grow each copy without end: 64
    /// records of about 64 bytes are 4 KiB per stormed layer and copy at most.
    public static let maxPerLayer = 64

    public let key: String
    /// As resolved when added (begin time set, missing values filled); edits in place show here too.
    public internal(set) var animation: LayerAnimation
    /// The scene time `add` ran at.
    public let addedAt: Double
    public internal(set) var interruption: Interruption?
    let sequence: Int

    /// When it stopped showing: its interruption, or the end of its active interval.
    public var end: Double {
        let natural = animation.timing.endTime
        guard let interruption, interruption.time < natural else { return natural }
        return interruption.time
    }

    /// What it is at scene time `t`: interrupted, finished, or running (also before it begins).
    public func outcome(at t: Double) -> Outcome {
        if let interruption, interruption.time <= t, interruption.time < animation.timing.endTime {
            return interruption.replaced ? .replaced : .removed
        }
        return animation.timing.endTime <= t ? .finished : .running
    }
}

extension ShapeLayer {
    /// Every record of this layer and its sublayers, each with the path from this layer.
    public func allRecords(under path: LayerPath = .root) -> [(path: LayerPath, record: AnimationRecord)] {
        records.map { (path, $0) } + sublayers.flatMap { $0.allRecords(under: path.appending($0.name)) }
    }

    /// Drops the records, here and below, of animations that stopped showing before `t`. Arrays
    /// with nothing to drop are left alone, so copies sharing them stay shared.
    public mutating func forgetRecords(endedBefore t: Double) {
        if records.contains(where: { $0.end < t }) { records.removeAll { $0.end < t } }
        for i in sublayers.indices where sublayers[i].holdsRecords(endedBefore: t) {
            sublayers[i].forgetRecords(endedBefore: t)
        }
    }

    private func holdsRecords(endedBefore t: Double) -> Bool {
        records.contains { $0.end < t } || sublayers.contains { $0.holdsRecords(endedBefore: t) }
    }
}
