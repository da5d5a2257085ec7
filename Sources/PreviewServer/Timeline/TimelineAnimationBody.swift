import Animation

/// An animation's own description: its timing, its curve and its values. A group's children are
/// listed beside it (`TimelineAnimation.children`), not inside, so the reply is not recursive.
struct TimelineAnimationBody: Codable, Sendable {
    enum Kind: String, Codable, Sendable, CaseIterable, SchemaEnumerable { case basic, keyframe, group }

    let kind: Kind
    /// The key path it animates; null for a group.
    let keyPath: String?
    /// In the parent's time: scene seconds for a top-level animation, the group's local time for a child.
    let begin: Double
    let duration: Double
    let speed: Double
    let timeOffset: Double
    /// null when it repeats forever.
    let repeatCount: Double?
    let repeatDuration: Double
    let autoreverses: Bool
    let fillMode: FillMode
    let removedOnCompletion: Bool
    /// Linear when the animation sets none, as in Core Animation.
    let timingFunction: TimelineCurve
    let additive: Bool
    let from: TimelineValue?
    let to: TimelineValue?
    let by: TimelineValue?
    let keyframes: TimelineKeyframes?

    init(_ animation: LayerAnimation) {
        let timing = animation.timing
        begin = timing.beginTime
        duration = timing.duration > 0 ? timing.duration : MediaTiming.defaultDuration
        speed = timing.speed
        timeOffset = timing.timeOffset
        repeatCount = timing.repeatCount.isFinite ? timing.repeatCount : nil
        repeatDuration = timing.repeatDuration
        autoreverses = timing.autoreverses
        fillMode = timing.fillMode
        removedOnCompletion = animation.isRemovedOnCompletion
        timingFunction = TimelineCurve(animation.timingFunction ?? .linear)
        switch animation {
        case .basic(let a):
            kind = .basic
            keyPath = a.property.rawValue
            additive = a.isAdditive
            from = a.fromValue.map(TimelineValue.init)
            to = a.toValue.map(TimelineValue.init)
            by = a.byValue.map(TimelineValue.init)
            keyframes = nil
        case .keyframe(let a):
            kind = .keyframe
            keyPath = a.property.rawValue
            additive = a.isAdditive
            (from, to, by) = (nil, nil, nil)
            keyframes = TimelineKeyframes(a)
        case .group:
            kind = .group
            keyPath = nil
            additive = false
            (from, to, by) = (nil, nil, nil)
            keyframes = nil
        }
    }

    /// A group's children, depth first (a nested group, then its own children); empty for others.
    static func children(of animation: LayerAnimation) -> [TimelineAnimationBody] {
        guard case .group(let g) = animation else { return [] }
        return g.animations.flatMap { [TimelineAnimationBody($0)] + children(of: $0) }
    }
}

/// A cubic-Bézier timing curve: its Core Animation name when it is a named one, and its control points.
struct TimelineCurve: Codable, Sendable {
    let name: String?
    /// x1, y1, x2, y2.
    let points: [Double]

    init(_ curve: TimingFunction) {
        name = curve.name
        points = [curve.c1.x, curve.c1.y, curve.c2.x, curve.c2.y]
    }
}

struct TimelineKeyframes: Codable, Sendable {
    let values: [TimelineValue]
    let keyTimes: [Double]?
    let calculationMode: String
    /// One per segment; null entries are linear.
    let timingFunctions: [TimelineCurve]?

    init(_ a: KeyframeAnimation) {
        values = a.values.map(TimelineValue.init)
        keyTimes = a.keyTimes
        calculationMode = a.calculationMode.rawValue
        timingFunctions = a.timingFunctions?.map(TimelineCurve.init)
    }
}

/// A value an animation carries, by its kind: exactly one member is set.
struct TimelineValue: Codable, Sendable {
    var number: Double?
    var point: [Double]?
    /// `#rrggbb` or `#rrggbbaa`.
    var color: String?
    /// Each element's kind (M, L, C, Z) and its points, flattened x, y.
    var path: [TimelinePathElement]?
    /// a, b, c, d, tx, ty.
    var transform: [Double]?

    init(_ value: AnimatableValue) {
        switch value {
        case .double(let v): number = v
        case .point(let p): point = [p.x, p.y]
        case .color(let c): color = c.hexWithAlpha
        case .path(let p): path = p.elements.map(TimelinePathElement.init)
        case .transform(let t): transform = [t.a, t.b, t.c, t.d, t.tx, t.ty]
        }
    }
}

struct TimelinePathElement: Codable, Sendable {
    let kind: String
    let points: [Double]

    init(_ element: PathElement) {
        switch element {
        case .move(let p): kind = "M"; points = [p.x, p.y]
        case .line(let p): kind = "L"; points = [p.x, p.y]
        case .cubic(let c1, let c2, let p): kind = "C"; points = [c1.x, c1.y, c2.x, c2.y, p.x, p.y]
        case .close: kind = "Z"; points = []
        }
    }
}
