/// CABasicAnimation: from/to/by between two values of one property.
public struct BasicAnimation: Sendable, Codable {
    public var property: LayerProperty
    public var fromValue: AnimatableValue?
    public var toValue: AnimatableValue?
    public var byValue: AnimatableValue?
    public var timing: MediaTiming
    /// nil is linear, as in Core Animation.
    public var timingFunction: TimingFunction?
    public var isAdditive = false
    public var isRemovedOnCompletion = true

    public init(_ property: LayerProperty, from: AnimatableValue? = nil, to: AnimatableValue? = nil,
                by: AnimatableValue? = nil, duration: Double = 0, timingFunction: TimingFunction? = nil) {
        self.property = property
        self.fromValue = from
        self.toValue = to
        self.byValue = by
        self.timing = MediaTiming(duration: duration)
        self.timingFunction = timingFunction
    }
}

/// CAKeyframeAnimation with linear or discrete calculation.
public struct KeyframeAnimation: Sendable, Codable {
    public enum CalculationMode: String, Sendable, Codable { case linear, discrete }

    public var property: LayerProperty
    public var values: [AnimatableValue]
    /// Linear: one per value, rising from 0 to 1. Discrete: one more than the values. nil spaces evenly.
    public var keyTimes: [Double]?
    /// One per segment, applied after the animation's own timing function.
    public var timingFunctions: [TimingFunction]?
    public var calculationMode: CalculationMode = .linear
    public var timing: MediaTiming
    public var timingFunction: TimingFunction?
    public var isAdditive = false
    public var isRemovedOnCompletion = true

    public init(_ property: LayerProperty, values: [AnimatableValue], keyTimes: [Double]? = nil,
                duration: Double = 0, calculationMode: CalculationMode = .linear) {
        self.property = property
        self.values = values
        self.keyTimes = keyTimes
        self.calculationMode = calculationMode
        self.timing = MediaTiming(duration: duration)
    }
}

/// CAAnimationGroup: children run concurrently in the group's local time.
public struct AnimationGroup: Sendable, Codable {
    public var animations: [LayerAnimation]
    public var timing: MediaTiming
    public var timingFunction: TimingFunction?
    public var isRemovedOnCompletion = true

    public init(_ animations: [LayerAnimation], duration: Double = 0) {
        self.animations = animations
        self.timing = MediaTiming(duration: duration)
    }
}

/// Any animation a layer can run. (Not named `Animation`, which is the module: `Animation.X` must
/// keep naming the module's types where Foundation has a type of the same name.)
public indirect enum LayerAnimation: Sendable, Codable {
    case basic(BasicAnimation)
    case keyframe(KeyframeAnimation)
    case group(AnimationGroup)

    public var timing: MediaTiming {
        get {
            switch self {
            case .basic(let a): a.timing
            case .keyframe(let a): a.timing
            case .group(let a): a.timing
            }
        }
        set {
            switch self {
            case .basic(var a): a.timing = newValue; self = .basic(a)
            case .keyframe(var a): a.timing = newValue; self = .keyframe(a)
            case .group(var a): a.timing = newValue; self = .group(a)
            }
        }
    }

    public var isRemovedOnCompletion: Bool {
        switch self {
        case .basic(let a): a.isRemovedOnCompletion
        case .keyframe(let a): a.isRemovedOnCompletion
        case .group(let a): a.isRemovedOnCompletion
        }
    }

    /// Every property this animation (or any child) changes.
    public var properties: Set<LayerProperty> {
        switch self {
        case .basic(let a): [a.property]
        case .keyframe(let a): [a.property]
        case .group(let g): g.animations.reduce(into: []) { $0.formUnion($1.properties) }
        }
    }
}

extension BasicAnimation {
    public var animation: LayerAnimation { .basic(self) }
}

extension KeyframeAnimation {
    public var animation: LayerAnimation { .keyframe(self) }
}

extension AnimationGroup {
    public var animation: LayerAnimation { .group(self) }
}
