import Animation

/// The animations of a window of scene time, as the live scene's history knows them
/// (docs/design/engine.md §Timeline): each with its control, layer, record and cause.
public struct SceneTimeline: Sendable {
    public struct Entry: Sendable {
        public let control: FrameSubject
        public let layer: LayerPath
        public let record: AnimationRecord
        /// The last command on this control (or on every control) at or before the animation was
        /// added: the one that added it, or started the chain it belongs to. nil for the scene as made.
        public let cause: AppliedCommand?
    }

    public let from: Double
    public let to: Double
    /// The clock's time when asked.
    public let now: Double
    /// The earliest time the history still holds.
    public let keptFrom: Double
    public let entries: [Entry]
    /// The commands applied inside the window.
    public let commands: [AppliedCommand]
}

extension Scene {
    /// Every record of every control's layers, in control order, then layer order, then as added.
    public func animationRecords() -> [(control: FrameSubject, layer: LayerPath, record: AnimationRecord)] {
        controls.flatMap { control -> [(control: FrameSubject, layer: LayerPath, record: AnimationRecord)] in
            let subject = type(of: control).id
            return control.layers.allRecords().map { (subject, $0.path, $0.record) }
        }
    }

    /// Drops every control's records of animations that stopped showing before `time`.
    public mutating func forgetAnimationRecords(endedBefore time: Double) {
        for i in controls.indices { controls[i].forgetAnimationRecords(endedBefore: time) }
    }
}

extension SceneHistory {
    /// The window [from, to]: the scene as it stands at the later of `to` and its own time (so a
    /// chain still to come, with no further command, shows too), each animation overlapping the
    /// window, and the commands in it.
    func timeline(from: Double, to: Double, now: Double, keptFrom: Double) -> SceneTimeline {
        var scene = live
        scene.advance(to: to)
        let entries = scene.animationRecords().compactMap { item -> SceneTimeline.Entry? in
            let start = min(item.record.addedAt, item.record.animation.timing.beginTime)
            guard start <= to, item.record.end >= from else { return nil }
            let cause = commands.last { c in
                c.time <= item.record.addedAt && (c.control == nil || c.control == item.control)
            }
            return SceneTimeline.Entry(control: item.control, layer: item.layer, record: item.record, cause: cause)
        }
        return SceneTimeline(from: from, to: to, now: now, keptFrom: keptFrom, entries: entries,
                             commands: commands.filter { $0.time >= from && $0.time <= to })
    }
}
