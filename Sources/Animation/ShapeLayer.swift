/// A CAShapeLayer (plus the few CALayer properties the controls need) as a value: model values,
/// the animations attached to it, and sublayers. Presentation values are a pure function of the
/// model, the animations and a time, so a copy can be rendered on any thread at any time.
public struct ShapeLayer: Sendable, Codable {
    public var name: String

    // Model values; defaults are CAShapeLayer's.
    public var path: Path?
    public var fillColor: Color? = .black
    public var fillRule: FillRule = .nonZero
    public var strokeColor: Color?
    public var lineWidth: Double = 1
    public var lineCap: LineCap = .butt
    public var lineJoin: LineJoin = .miter
    public var miterLimit: Double = 10
    public var strokeStart: Double = 0
    public var strokeEnd: Double = 1
    public var opacity: Double = 1
    /// Where the anchor sits in the parent's coordinates.
    public var position: Point = .zero
    /// The point, in this layer's coordinates, that rotation and scale turn about.
    public var anchor: Point = .zero
    /// Radians; positive turns clockwise on screen.
    public var rotation: Double = 0
    public var scale: Double = 1
    /// Applied about the anchor, after rotation and scale.
    public var transform: AffineTransform = .identity
    /// Clips the layer and its sublayers to this path, scaled by `maskScale` about the anchor.
    public var mask: Path?
    public var maskScale: Double = 1
    /// Non-shape contents (an image or a text), drawn before the shape.
    public var contents: LayerSnapshot.Content = .none
    public var isHidden = false
    public var sublayers: [ShapeLayer] = []

    /// Attached animations in the order they were added; each key appears at most once.
    public internal(set) var animations: [AttachedAnimation] = []
    /// Every animation added and not yet forgotten, including those that finished or were replaced.
    public internal(set) var records: [AnimationRecord] = []
    private var pendingStops: [AnimationStop] = []
    private var sequence = 0

    public init(name: String = "") {
        self.name = name
    }

    public var animationKeys: [String] { animations.map(\.key) }

    public func animation(forKey key: String) -> AttachedAnimation? {
        animations.first { $0.key == key }
    }

    // MARK: Model values by property

    public func modelValue(_ property: LayerProperty) -> AnimatableValue {
        switch property {
        case .path: .path(path ?? Path())
        case .fillColor: .color(fillColor ?? .clear)
        case .strokeColor: .color(strokeColor ?? .clear)
        case .lineWidth: .double(lineWidth)
        case .strokeStart: .double(strokeStart)
        case .strokeEnd: .double(strokeEnd)
        case .opacity: .double(opacity)
        case .position: .point(position)
        case .rotation: .double(rotation)
        case .scale: .double(scale)
        case .transform: .transform(transform)
        case .maskScale: .double(maskScale)
        }
    }

    public mutating func setModelValue(_ value: AnimatableValue, for property: LayerProperty) {
        switch (property, value) {
        case (.path, .path(let v)): path = v
        case (.fillColor, .color(let v)): fillColor = v
        case (.strokeColor, .color(let v)): strokeColor = v
        case (.lineWidth, .double(let v)): lineWidth = v
        case (.strokeStart, .double(let v)): strokeStart = v
        case (.strokeEnd, .double(let v)): strokeEnd = v
        case (.opacity, .double(let v)): opacity = v
        case (.position, .point(let v)): position = v
        case (.rotation, .double(let v)): rotation = v
        case (.scale, .double(let v)): scale = v
        case (.transform, .transform(let v)): transform = v
        case (.maskScale, .double(let v)): maskScale = v
        default: break
        }
    }

    // MARK: Presentation

    /// The value on screen at scene time `t`: the model value, overridden or added to by every
    /// attached animation in the order they were added. An animation removed on completion shows
    /// nothing after its end, whatever its fill mode and whether its stop was taken yet.
    public func presentationValue(_ property: LayerProperty, at t: Double) -> AnimatableValue {
        var value = modelValue(property)
        for attached in animations where attached.properties.contains(property) {
            if attached.animation.isRemovedOnCompletion && t > attached.animation.timing.endTime { continue }
            if let v = attached.animation.value(of: property, at: t, base: value) { value = v }
        }
        return value
    }

    /// A copy showing the presentation values at `t`, with no animations (CALayer.presentation()).
    public func presentation(at t: Double) -> ShapeLayer {
        var p = self
        p.animations = []
        p.pendingStops = []
        let animated = animations.reduce(into: Set<LayerProperty>()) { $0.formUnion($1.properties) }
        for property in animated {
            p.setModelValue(presentationValue(property, at: t), for: property)
        }
        p.sublayers = sublayers.map { $0.presentation(at: t) }
        return p
    }

    /// The layer's transform into its parent: position · transform · rotation · scale, about the anchor.
    public var parentTransform: AffineTransform {
        AffineTransform.translation(position.x, position.y)
            .concatenating(transform)
            .concatenating(.rotation(rotation))
            .concatenating(.scale(scale, scale))
            .concatenating(.translation(-anchor.x, -anchor.y))
    }

    /// The render tree at scene time `t`.
    public func snapshot(at t: Double) -> LayerSnapshot {
        presentation(at: t).modelSnapshot()
    }

    private func modelSnapshot() -> LayerSnapshot {
        var tree = LayerSnapshot(name: name, transform: parentTransform, opacity: isHidden ? 0 : opacity)
        var children: [LayerSnapshot] = []
        if let path {
            let shape = ShapeContent(path: path, fillColor: fillColor, fillRule: fillRule, strokeColor: strokeColor,
                                     lineWidth: lineWidth, lineCap: lineCap, lineJoin: lineJoin,
                                     miterLimit: miterLimit, strokeStart: strokeStart, strokeEnd: strokeEnd)
            if case .none = contents {
                tree.content = .shape(shape)
            } else {
                tree.content = contents
                children.append(LayerSnapshot(name: name + ".shape", content: .shape(shape)))
            }
        } else {
            tree.content = contents
        }
        if let mask {
            let m = AffineTransform.translation(anchor.x, anchor.y)
                .concatenating(.scale(maskScale, maskScale))
                .concatenating(.translation(-anchor.x, -anchor.y))
            tree.mask = mask.applying(m)
        }
        tree.sublayers = children + sublayers.filter { !$0.isHidden }.map { $0.modelSnapshot() }
        return tree
    }

    // MARK: Adding and removing animations

    /// Attaches `animation` under `key` at scene time `time`, like `add(_:forKey:)`: a begin time
    /// of 0 becomes `time`, missing from/to values come from the value on screen at `time`, and an
    /// animation already under `key` is replaced (it then reports `finished = false`, unless it had
    /// already reached its end).
    /// Throws when a value does not fit its property or two paths cannot morph.
    public mutating func add(_ animation: LayerAnimation, forKey key: String, at time: Double) throws {
        let layer = self
        var resolved = try animation.resolved(
            presentation: { layer.presentationValue($0, at: time) },
            model: { layer.modelValue($0) })
        if resolved.timing.beginTime == 0 {
            resolved.timing.beginTime = time
        }
        removeAnimation(forKey: key, at: time, replaced: true)
        // Finished, removed-on-completion animations no longer matter: keep the list short.
        animations.removeAll { $0.hasReportedFinish && $0.animation.isRemovedOnCompletion }
        sequence += 1
        animations.append(AttachedAnimation(key: key, animation: resolved, sequence: sequence))
        records.append(AnimationRecord(key: key, animation: resolved, addedAt: time, sequence: sequence))
        if records.count > AnimationRecord.maxPerLayer { records.removeFirst(records.count - AnimationRecord.maxPerLayer) }
    }

    public mutating func add(_ animation: BasicAnimation, forKey key: String, at time: Double) throws {
        try add(.basic(animation), forKey: key, at: time)
    }

    public mutating func add(_ animation: KeyframeAnimation, forKey key: String, at time: Double) throws {
        try add(.keyframe(animation), forKey: key, at: time)
    }

    public mutating func add(_ animation: AnimationGroup, forKey key: String, at time: Double) throws {
        try add(.group(animation), forKey: key, at: time)
    }

    public mutating func removeAnimation(forKey key: String, at time: Double) {
        removeAnimation(forKey: key, at: time, replaced: false)
    }

    private mutating func removeAnimation(forKey key: String, at time: Double, replaced: Bool) {
        guard let i = animations.firstIndex(where: { $0.key == key }) else { return }
        let old = animations.remove(at: i)
        if let r = records.lastIndex(where: { $0.sequence == old.sequence }), records[r].interruption == nil {
            records[r].interruption = AnimationRecord.Interruption(time: time, replaced: replaced)
        }
        if !old.hasReportedFinish {
            // One that reached its end before being removed finished then, whenever stops are taken.
            let end = old.animation.timing.endTime
            pendingStops.append(end <= time
                ? AnimationStop(layer: name, key: key, finished: true, time: end)
                : AnimationStop(layer: name, key: key, finished: false, time: time))
        }
    }

    public mutating func removeAllAnimations(at time: Double) {
        for key in animationKeys { removeAnimation(forKey: key, at: time) }
    }

    // MARK: Completion

    /// The earliest animation stop in this layer or its sublayers at or before `time` that has not
    /// been reported yet, removed from the queue. Call it repeatedly to receive stops in time order.
    /// A removal or replacement reports `finished = false` at its time, or `finished = true` at the
    /// animation's end if that came first, so the stops do not depend on how often this is called.
    public mutating func nextStop(upTo time: Double) -> AnimationStop? {
        guard let (path, stop, pending) = earliestStop(upTo: time) else { return nil }
        take(path: path[...], stop: stop, pending: pending)
        return stop
    }

    /// The path to the layer holding the earliest stop, the stop, and whether it is a pending one.
    private func earliestStop(upTo time: Double) -> ([Int], AnimationStop, Bool)? {
        var best: ([Int], AnimationStop, Int)?
        var pending = false
        // Pending stops are not in time order: a removal can report an end that came earlier.
        if let s = pendingStops.min(by: { $0.time < $1.time }) {
            best = ([], s, -1)
            pending = true
        }
        for a in animations where !a.hasReportedFinish {
            let end = a.animation.timing.endTime
            guard end.isFinite, end <= time else { continue }
            if let b = best, (b.1.time, b.2) <= (end, a.sequence) { continue }
            best = ([], AnimationStop(layer: name, key: a.key, finished: true, time: end), a.sequence)
            pending = false
        }
        for (i, sub) in sublayers.enumerated() {
            guard let (path, stop, subPending) = sub.earliestStop(upTo: time) else { continue }
            if let b = best, b.1.time <= stop.time { continue }
            best = ([i] + path, stop, Int.max)
            pending = subPending
        }
        return best.map { ($0.0, $0.1, pending) }
    }

    private mutating func take(path: ArraySlice<Int>, stop: AnimationStop, pending: Bool) {
        if let first = path.first {
            sublayers[first].take(path: path.dropFirst(), stop: stop, pending: pending)
            return
        }
        if pending {
            if let i = pendingStops.firstIndex(of: stop) { pendingStops.remove(at: i) }
            return
        }
        guard let i = animations.firstIndex(where: { $0.key == stop.key }) else { return }
        if animations[i].animation.isRemovedOnCompletion {
            animations.remove(at: i)
        } else {
            animations[i].hasReportedFinish = true
        }
    }
}

/// An animation as attached to a layer: resolved, with its key and the order it was added in.
public struct AttachedAnimation: Sendable, Codable {
    public let key: String
    /// Edited in place only through `ShapeLayer.editAnimation(forKey:_:)`.
    public internal(set) var animation: LayerAnimation
    let sequence: Int
    let properties: Set<LayerProperty>
    /// Set once its `finished = true` stop was reported, for animations kept after completion.
    var hasReportedFinish = false

    init(key: String, animation: LayerAnimation, sequence: Int) {
        self.key = key
        self.animation = animation
        self.sequence = sequence
        self.properties = animation.properties
    }

    /// `properties` is derived from the animation again, so that the coding (a set has no order) is stable.
    private enum CodingKeys: String, CodingKey { case key, animation, sequence, hasReportedFinish }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(key: try c.decode(String.self, forKey: .key), animation: try c.decode(LayerAnimation.self, forKey: .animation),
                  sequence: try c.decode(Int.self, forKey: .sequence))
        hasReportedFinish = try c.decode(Bool.self, forKey: .hasReportedFinish)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(key, forKey: .key)
        try c.encode(animation, forKey: .animation)
        try c.encode(sequence, forKey: .sequence)
        try c.encode(hasReportedFinish, forKey: .hasReportedFinish)
    }
}

/// animationDidStop(_:finished:): which animation stopped, whether it ran to its end, and when.
public struct AnimationStop: Sendable, Equatable, Codable {
    public let layer: String
    public let key: String
    public let finished: Bool
    public let time: Double
}
