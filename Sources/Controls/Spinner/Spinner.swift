import Animation

/// The Material spinning indicator from Matthew Cheok's "Design Teardown" (docs/design/spinner.md): one
/// stroked circle whose two ends chase each other on ease-in-out curves while the layer turns.
public struct Spinner: Control {
    public static let lineWidth = 4.0
    /// Our choice: the post leaves the view size open (docs/design/spinner.md §Geometry and colour); 48 pt in
    /// a 64 pt canvas.
    public static let viewSize = 48.0
    public let designSize = Size(64, 64)
    /// #CE413D, the red the post sets before its tint-colour step
    /// (docs/design/spinner.md §Geometry and colour).
    public static let color = Color(red: 0.8078, green: 0.2549, blue: 0.2392)

    public private(set) var layer: ShapeLayer
    public private(set) var isAnimating = false

    static let keys = (end: "strokeEnd", start: "strokeStart", rotation: "rotation")

    public init(startingAt time: Double) {
        var layer = ShapeLayer(name: "spinner")
        let radius = Self.viewSize / 2 - Self.lineWidth / 2
        // Built round the origin and positioned at the centre, so the rotation turns about the centre.
        layer.path = .circle(center: .zero, radius: radius, startAngle: -.pi / 2, clockwise: true)
        layer.fillColor = nil
        layer.strokeColor = Self.color
        layer.lineWidth = Self.lineWidth
        layer.position = Point(designSize.width / 2, designSize.height / 2)
        self.layer = layer
        // The post's view animates from the moment it appears.
        start(at: time)
    }

    /// Adds the post's three animations; a no-op while already animating.
    public mutating func start(at time: Double) {
        guard !isAnimating else { return }
        var end = BasicAnimation(.strokeEnd, from: .double(0), to: .double(1), duration: 2)
        end.timingFunction = .easeInEaseOut
        var endGroup = AnimationGroup([.basic(end)], duration: 2.5)
        endGroup.timing.repeatCount = .infinity

        var start = BasicAnimation(.strokeStart, from: .double(0), to: .double(1), duration: 2)
        start.timing.beginTime = 0.5
        start.timingFunction = .easeInEaseOut
        var startGroup = AnimationGroup([.basic(start)], duration: 2.5)
        startGroup.timing.repeatCount = .infinity

        var rotation = BasicAnimation(.rotation, from: .double(0), to: .double(2 * .pi), duration: 4)
        rotation.timing.repeatCount = .infinity

        // These values always fit their properties, so adding cannot fail.
        try? layer.add(endGroup, forKey: Self.keys.end, at: time)
        try? layer.add(startGroup, forKey: Self.keys.start, at: time)
        try? layer.add(rotation, forKey: Self.keys.rotation, at: time)
        isAnimating = true
    }

    /// Removes the animations: the model shows a full, still ring, as in the post.
    public mutating func stop(at time: Double) {
        guard isAnimating else { return }
        layer.removeAllAnimations(at: time)
        isAnimating = false
    }

    public mutating func advance(to time: Double) {
        while layer.nextStop(upTo: time) != nil {}
    }

    public func snapshot(at time: Double, options: FrameOptions) -> LayerSnapshot {
        layer.snapshot(at: time)
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
