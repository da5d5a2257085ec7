/// Editing an animation that is already running, as a design knob turned mid-flight changes it: the
/// same animation, retimed or retargeted in place, rather than a new one added from what is on screen.
extension LayerAnimation {
    /// The whole animation's timing curve; nil is linear.
    public var timingFunction: TimingFunction? {
        get {
            switch self {
            case .basic(let a): a.timingFunction
            case .keyframe(let a): a.timingFunction
            case .group(let a): a.timingFunction
            }
        }
        set {
            switch self {
            case .basic(var a): a.timingFunction = newValue; self = .basic(a)
            case .keyframe(var a): a.timingFunction = newValue; self = .keyframe(a)
            case .group(var a): a.timingFunction = newValue; self = .group(a)
            }
        }
    }

    /// Every value it blends (from, to, by, keyframes, children's) passed through `transform`, which
    /// must keep each value's kind.
    public func mappingValues(_ transform: (AnimatableValue) -> AnimatableValue) -> LayerAnimation {
        switch self {
        case .basic(var a):
            a.fromValue = a.fromValue.map(transform)
            a.toValue = a.toValue.map(transform)
            a.byValue = a.byValue.map(transform)
            return .basic(a)
        case .keyframe(var a):
            a.values = a.values.map(transform)
            return .keyframe(a)
        case .group(var g):
            g.animations = g.animations.map { $0.mappingValues(transform) }
            return .group(g)
        }
    }
}

extension MediaTiming {
    /// Stretches time by `factor` about parent time `time`: the duration and the time since the
    /// beginning scale alike, so the progress shown at `time` stays, and what is left of the
    /// animation takes `factor` times as long. A repeating animation keeps its phase.
    public mutating func rescale(by factor: Double, around time: Double) {
        guard factor > 0, factor.isFinite else { return }
        beginTime = time - (time - beginTime) * factor
        duration = effectiveDuration * factor
        repeatDuration *= factor
    }
}

extension ShapeLayer {
    /// Edits the animation under `key` in place: it keeps its key, its place in the order and its
    /// stop (no `finished = false` is reported, since nothing was replaced). The edit must animate
    /// the same properties with values that fit them, and give every duration, since it is not
    /// resolved again as `add` resolves a new animation. Nothing happens when no animation runs under
    /// `key`.
    public mutating func editAnimation(forKey key: String, _ edit: (inout LayerAnimation) -> Void) {
        guard let i = animations.firstIndex(where: { $0.key == key }) else { return }
        var animation = animations[i].animation
        edit(&animation)
        animations[i].animation = animation
        let sequence = animations[i].sequence
        if let r = records.lastIndex(where: { $0.sequence == sequence }) { records[r].animation = animation }
    }
}
