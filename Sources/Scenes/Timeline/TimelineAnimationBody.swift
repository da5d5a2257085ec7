import Animation
import Controls

/// An animation's own description: its timing, its curve and its values. A group's children are
/// listed beside it (`TimelineAnimation.children`), not inside, so the reply is not recursive.
package struct TimelineAnimationBody: Codable, Sendable {
    package enum Kind: String, Codable, Sendable, CaseIterable, SchemaEnumerable { case basic, keyframe, group }

    package let kind: Kind
    /// The key path it animates; null for a group.
    package let keyPath: String?
    /// In the parent's time: scene seconds for a top-level animation, the group's local time for a child.
    package let begin: Double
    package let duration: Double
    package let speed: Double
    package let timeOffset: Double
    /// null when it repeats forever.
    package let repeatCount: Double?
    package let repeatDuration: Double
    package let autoreverses: Bool
    package let fillMode: FillMode
    package let removedOnCompletion: Bool
    /// Linear when the animation sets none, as in Core Animation.
    package let timingFunction: TimelineCurve
    package let additive: Bool
    package let from: TimelineValue?
    package let to: TimelineValue?
    package let by: TimelineValue?
    package let keyframes: TimelineKeyframes?

    package init(_ animation: LayerAnimation) {
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
    package static func children(of animation: LayerAnimation) -> [TimelineAnimationBody] {
        guard case .group(let g) = animation else { return [] }
        return g.animations.flatMap { [TimelineAnimationBody($0)] + children(of: $0) }
    }
}

/// A cubic-Bézier timing curve: its Core Animation name when it is a named one, and its control points.
package struct TimelineCurve: Codable, Sendable {
    package let name: String?
    /// x1, y1, x2, y2.
    package let points: [Double]

    package init(_ curve: TimingFunction) {
        name = curve.name
        points = [curve.c1.x, curve.c1.y, curve.c2.x, curve.c2.y]
    }
}

package struct TimelineKeyframes: Codable, Sendable {
    package let values: [TimelineValue]
    package let keyTimes: [Double]?
    package let calculationMode: String
    /// One per segment; null entries are linear.
    package let timingFunctions: [TimelineCurve]?

    package init(_ a: KeyframeAnimation) {
        values = a.values.map(TimelineValue.init)
        keyTimes = a.keyTimes
        calculationMode = a.calculationMode.rawValue
        timingFunctions = a.timingFunctions?.map(TimelineCurve.init)
    }
}

/// A value an animation carries, by its kind: exactly one member is set.
package struct TimelineValue: Codable, Sendable {
    package var number: Double?
    package var point: [Double]?
    /// `#rrggbb` or `#rrggbbaa`.
    package var color: String?
    /// Each element's kind (M, L, C, Z) and its points, flattened x, y.
    package var path: [TimelinePathElement]?
    /// a, b, c, d, tx, ty.
    package var transform: [Double]?

    package init(_ value: AnimatableValue) {
        switch value {
        case .double(let v): number = v
        case .point(let p): point = [p.x, p.y]
        case .color(let c): color = c.hexWithAlpha
        case .path(let p): path = p.elements.map(TimelinePathElement.init)
        case .transform(let t): transform = [t.a, t.b, t.c, t.d, t.tx, t.ty]
        }
    }
}

package struct TimelinePathElement: Codable, Sendable {
    package let kind: String
    package let points: [Double]

    package init(_ element: PathElement) {
        switch element {
        case .move(let p): kind = "M"; points = [p.x, p.y]
        case .line(let p): kind = "L"; points = [p.x, p.y]
        case .cubic(let c1, let c2, let p): kind = "C"; points = [c1.x, c1.y, c2.x, c2.y, p.x, p.y]
        case .close: kind = "Z"; points = []
        }
    }
}
