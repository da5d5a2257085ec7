import Animation
import Controls

/// The Material spinning indicator from Matthew Cheok's "Design Teardown" (docs/design/spinner.md): one
/// stroked circle whose two ends chase each other on ease-in-out curves while the layer turns.
public struct Spinner: Control, Codable {
    /// Our choice: the post leaves the view size open (docs/design/spinner.md §Geometry and colour); 48 pt in
    /// a 64 pt canvas.
    public static let viewSize = 48.0
    static let canvas = Size(64, 64)
    public var designSize: Size { Self.canvas }

    public private(set) var layer: ShapeLayer
    public private(set) var isAnimating = false
    /// Colour, line width, timings and curves.
    public private(set) var configuration: Configuration

    static let keys = (end: "strokeEnd", start: "strokeStart", rotation: "rotation")

    public init(startingAt time: Double, configuration: Configuration = Configuration()) {
        self.configuration = configuration
        var layer = ShapeLayer(name: "spinner")
        layer.fillColor = nil
        layer.position = Point(Self.canvas.width / 2, Self.canvas.height / 2)
        self.layer = layer
        applyModel()
        // The post's view animates from the moment it appears.
        start(at: time)
    }

    /// Adds the post's three animations; a no-op while already animating.
    public mutating func start(at time: Double) {
        guard !isAnimating else { return }
        let (end, start, rotation) = Self.animations(configuration)
        // These values always fit their properties, so adding cannot fail.
        try? layer.add(end, forKey: Self.keys.end, at: time)
        try? layer.add(start, forKey: Self.keys.start, at: time)
        try? layer.add(rotation, forKey: Self.keys.rotation, at: time)
        isAnimating = true
    }

    /// Removes the animations: the model shows a full, still ring, as in the post.
    public mutating func stop(at time: Double) {
        guard isAnimating else { return }
        layer.removeAllAnimations(at: time)
        isAnimating = false
    }

    /// Puts `new` into effect at once (docs/design/props.md §Immediately): the colour and the ring at
    /// once, and a running spinner shows what it would show now had it started with these values when
    /// it did (each animation keeps its begin time).
    public mutating func configure(_ new: Configuration, at time: Double) {
        advance(to: time)
        guard new != configuration else { return }
        configuration = new
        applyModel()
        guard isAnimating else { return }
        let (end, start, rotation) = Self.animations(new)
        for (key, animation) in [(Self.keys.end, end), (Self.keys.start, start), (Self.keys.rotation, rotation)] {
            layer.editAnimation(forKey: key) { running in
                var replacement = animation
                replacement.timing.beginTime = running.timing.beginTime
                running = replacement
            }
        }
    }

    /// The stroke and the circle, which fits the view inside the line: radius = view / 2 − line width / 2,
    /// built round the origin and positioned at the centre, so the rotation turns about the centre.
    private mutating func applyModel() {
        let radius = Self.viewSize / 2 - configuration.lineWidth / 2
        layer.path = .circle(center: .zero, radius: radius, startAngle: -.pi / 2, clockwise: true)
        layer.strokeColor = configuration.color
        layer.lineWidth = configuration.lineWidth
    }

    /// The post's three animations (docs/design/spinner.md §Animations): the end, and the start after
    /// its delay, each in a group that repeats every cycle, and the turn.
    static func animations(_ c: Configuration) -> (end: LayerAnimation, start: LayerAnimation, rotation: LayerAnimation) {
        var end = BasicAnimation(.strokeEnd, from: .double(0), to: .double(1), duration: c.strokeDuration)
        end.timingFunction = c.strokeEndCurve.function
        var endGroup = AnimationGroup([.basic(end)], duration: c.cycleDuration)
        endGroup.timing.repeatCount = .infinity

        var start = BasicAnimation(.strokeStart, from: .double(0), to: .double(1), duration: c.strokeDuration)
        start.timing.beginTime = c.strokeStartDelay
        start.timingFunction = c.strokeStartCurve.function
        var startGroup = AnimationGroup([.basic(start)], duration: c.cycleDuration)
        startGroup.timing.repeatCount = .infinity

        var rotation = BasicAnimation(.rotation, from: .double(0), to: .double(2 * .pi), duration: c.rotationPeriod)
        rotation.timing.repeatCount = .infinity
        rotation.timingFunction = c.rotationCurve.function
        return (.group(endGroup), .group(startGroup), .basic(rotation))
    }

    public mutating func advance(to time: Double) {
        while layer.nextStop(upTo: time) != nil {}
    }

    public var layers: ShapeLayer { layer }

    public mutating func forgetAnimationRecords(endedBefore time: Double) {
        layer.forgetRecords(endedBefore: time)
    }

    /// What `/state` reports: model and presentation values at `time`.
    public struct State: Codable, Sendable, Equatable {
        public var animating: Bool
        public var model: Values
        public var presentation: Values

        public struct Values: Codable, Sendable, Equatable {
            public var strokeStart: Double
            public var strokeEnd: Double
            /// Radians, clockwise on screen.
            public var rotation: Double
        }
    }

    public func state(at time: Double) -> State {
        let p = layer.presentation(at: time)
        return State(animating: isAnimating,
                     model: .init(strokeStart: layer.strokeStart, strokeEnd: layer.strokeEnd, rotation: layer.rotation),
                     presentation: .init(strokeStart: p.strokeStart, strokeEnd: p.strokeEnd, rotation: p.rotation))
    }
}
