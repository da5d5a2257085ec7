#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import Animation
import Controls

/// The BR Radio play button (`public-value-tech/play-button`, docs/design/play-button.md): two filled shapes
/// on a background circle that morph between play, buffering, pause and stop through the horizontal
/// bar, one 0.2 s step at a time, and can be redirected at any moment from what is on screen.
///
/// Layer tree, all 44×44: `play-button` (opacity: disabled) › `scale` (highlight, clips) ›
/// `background` (filled circle) and `foreground` › `left`, `right` (turn about the centre).
/// Only the left shape's path and rotation animations are primary: when one ends with
/// `finished = true`, the forward chain (docs/design/play-button.md §Forward chain) starts the next step at
/// that stop's time.
public struct PlayButton: Control, Codable {
    public var designSize: Size { Size(44, 44) }

    public static let highlightScale = 0.92
    /// Our choice for the brief's highlight; the original uses the implicit CA action.
    public static let highlightDuration = 0.1
    public static let disabledOpacity = 0.5
    /// How many transitions `transitions` keeps.
    public static let transitionLogLength = 64

    /// The target mode: the one shown at rest, or the one being animated to.
    public private(set) var mode: Mode
    public private(set) var animationState: AnimationState
    public private(set) var isHighlighted = false
    public private(set) var isEnabled = true
    /// Colours, shapes, durations, content mode and curves (docs/design/play-button.md §Styling API).
    public internal(set) var configuration: Configuration
    /// The whole layer tree, with its model values and attached animations.
    public private(set) var root: ShapeLayer
    /// The latest transitions, oldest first: when each step started and the state it set.
    public private(set) var transitions: [TransitionRecord] = []

    /// Every shape's path under the configuration's geometry.
    var paths: [Shape: Path]

    /// A state change, with the step it started (nil when only the state changed).
    public struct TransitionRecord: Sendable, Hashable, Codable {
        public var time: Double
        public var from: AnimationState
        public var step: Step?
        public var to: AnimationState
    }

    /// The layers of the tree by role; each one's name is its raw value.
    public enum Part: String, Sendable, CaseIterable {
        case root = "play-button", scale, background, foreground, left, right

        /// Where the part sits under the root.
        public var path: LayerPath {
            switch self {
            case .root: .root
            case .scale: LayerPath.root.appending(rawValue)
            case .background, .foreground: Part.scale.path.appending(rawValue)
            case .left, .right: Part.foreground.path.appending(rawValue)
            }
        }
    }

    /// Keys on the left shape whose finished stops drive the state machine.
    static let primaryKeys: Set<String> = [LayerProperty.path.rawValue, LayerProperty.rotation.rawValue]

    public init(at time: Double, configuration: Configuration = Configuration()) {
        self.configuration = configuration
        paths = Self.paths(of: configuration.geometry)
        mode = .play
        animationState = .resting(.play)

        let geometry = configuration.geometry
        let size = geometry.size, center = Point(geometry.size / 2, geometry.size / 2)
        func centred(_ part: Part) -> ShapeLayer {
            var layer = ShapeLayer(name: part.rawValue)
            layer.anchor = center
            layer.position = center
            return layer
        }
        var foreground = ShapeLayer(name: Part.foreground.rawValue)
        foreground.sublayers = [centred(.left), centred(.right)]
        var background = ShapeLayer(name: Part.background.rawValue)
        background.path = .ellipse(in: Rect(x: 0, y: 0, width: size, height: size))
        var scale = centred(.scale)
        scale.mask = .rect(Rect(x: 0, y: 0, width: size, height: size))
        scale.sublayers = [background, foreground]
        root = ShapeLayer(name: Part.root.rawValue)
        root.sublayers = [scale]

        setMode(.play, animated: false, at: time)
    }

    public func path(_ shape: Shape) -> Path {
        paths[shape] ?? configuration.geometry.path(for: shape)
    }

    static func paths(of geometry: Geometry) -> [Shape: Path] {
        Dictionary(uniqueKeysWithValues: Shape.allCases.map { ($0, geometry.path(for: $0)) })
    }

    /// The preset the colours match, or `Theme.customName`.
    public var themeName: String {
        Theme.matching(configuration)?.name ?? Theme.customName
    }

    /// The play button maps its design onto the frame as its configuration says.
    public var contentMode: ContentMode { configuration.contentMode }

    // MARK: Commands

    /// Changes the mode. Animated: the same mode does nothing; otherwise the interruption table
    /// (docs/design/play-button.md §Interruption) either lets the running step continue or starts a step now,
    /// from what is on screen. Not animated: every animation stops and the mode's resting state shows at once
    /// (buffering starts its loop anyway).
    public mutating func setMode(_ newMode: Mode, animated: Bool = true, at time: Double) {
        advance(to: time)
        guard animated else {
            mode = newMode
            jumpToRest(at: time)
            return
        }
        guard newMode != mode else { return }
        mode = newMode
        if case .run(let basis) = Self.interruption(from: animationState, to: newMode),
           let next = Self.transition(after: basis, mode: newMode) {
            run(next, at: time)
        }
    }

    /// Touch down/up: the scale layer turns to 0.92 (or back to 1) about the centre in 0.1 s.
    public mutating func setHighlighted(_ highlighted: Bool, at time: Double) {
        advance(to: time)
        guard highlighted != isHighlighted else { return }
        isHighlighted = highlighted
        animate(.scale, .scale, to: .double(highlighted ? Self.highlightScale : 1),
                duration: Self.highlightDuration, curve: configuration.highlightCurve, at: time)
    }

    /// Disabled shows the whole control at alpha 0.5, at once.
    public mutating func setEnabled(_ enabled: Bool, at time: Double) {
        advance(to: time)
        isEnabled = enabled
        root.opacity = enabled ? 1 : Self.disabledOpacity
    }

    /// Sets the four colours to `theme`'s, as `configure` does.
    public mutating func setTheme(_ theme: Theme, at time: Double) {
        var c = configuration
        theme.apply(to: &c)
        configure(c, at: time)
    }

    // MARK: Control

    /// Drains every animation stop up to `time` in time order; each finished primary stop runs the
    /// forward chain at the stop's own time, so the result does not depend on how time is sliced.
    public mutating func advance(to time: Double) {
        while let stop = root.nextStop(upTo: time) {
            guard stop.finished, stop.layer == Part.left.rawValue, Self.primaryKeys.contains(stop.key),
                  let next = Self.transition(after: animationState, mode: mode) else { continue }
            run(next, at: stop.time)
        }
    }

    public var layers: ShapeLayer { root }

    public mutating func forgetAnimationRecords(endedBefore time: Double) {
        root.forgetRecords(endedBefore: time)
    }

    /// The view behind the button, if one is set (the sample theme's grey view); a clear one is none.
    public var viewBackground: Color? { configuration.viewBackground }

    /// One layer of the tree (and its sublayers) showing its presentation values at `time`.
    public func presentation(of part: Part, at time: Double) -> ShapeLayer {
        layer(part).presentation(at: time)
    }

    /// The part's layer. `init` builds every part, so the empty stand-in for a missing one is never
    /// seen (a test checks each part is found).
    public func layer(_ part: Part) -> ShapeLayer {
        root[part.path] ?? ShapeLayer(name: part.rawValue)
    }

    // MARK: Internals

    mutating func modify(_ part: Part, _ body: (inout ShapeLayer) -> Void) {
        root.modify(part.path, body)
    }

    /// True when the model sits on the pause/stop side (rotated 90°, pause/stop colours). Rotation and
    /// colours always change together, so the model rotation tells the side.
    var isVerticalModel: Bool { layer(.left).rotation > .pi / 4 }

    /// Sets the state and starts the step, logging the change.
    mutating func run(_ transition: Transition, at time: Double) {
        let from = animationState
        animationState = transition.result
        if let step = transition.step { start(step, at: time) }
        log(TransitionRecord(time: time, from: from, step: transition.step, to: transition.result))
    }

    mutating func log(_ record: TransitionRecord) {
        transitions.append(record)
        if transitions.count > Self.transitionLogLength {
            transitions.removeFirst(transitions.count - Self.transitionLogLength)
        }
    }

    /// Non-animated: no animation left on the shapes or the background, the mode's resting model
    /// values (docs/design/play-button.md §Modes at rest), the mode's idle state; buffering then starts its
    /// loop.
    mutating func jumpToRest(at time: Double) {
        for part in [Part.background, .left, .right] {
            modify(part) { $0.removeAllAnimations(at: time) }
        }
        let vertical = mode == .pause || mode == .stop
        let (leftShape, rightShape) = Self.restingShapes(mode)
        let tint = configuration.tint(vertical: vertical)
        let rotation = vertical ? Double.pi / 2 : 0
        let leftPath = path(leftShape), rightPath = path(rightShape)
        modify(.left) { $0.path = leftPath; $0.rotation = rotation; $0.fillColor = tint }
        modify(.right) { $0.path = rightPath; $0.rotation = rotation; $0.fillColor = tint }
        let background = configuration.background(vertical: vertical)
        modify(.background) { $0.fillColor = background }
        let from = animationState
        animationState = .resting(mode)
        if mode == .buffering { startBufferingLoop(at: time) }
        log(TransitionRecord(time: time, from: from, step: mode == .buffering ? .buffering : nil, to: animationState))
    }

    /// Repaints one layer's model fill; a running fill animation is replaced by one from the presented
    /// colour to `color` that ends when the old one would have.
    mutating func recolor(_ part: Part, to color: Color, at time: Double) {
        let key = LayerProperty.fillColor.rawValue
        let running = layer(part).animation(forKey: key).map(\.animation.timing.endTime)
        if let end = running, end > time {
            animate(part, .fillColor, to: .color(color), duration: end - time, curve: configuration.rotationCurve, at: time)
        } else {
            modify(part) { $0.fillColor = color }
        }
    }
}
