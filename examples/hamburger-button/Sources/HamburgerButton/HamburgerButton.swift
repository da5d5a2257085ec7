import LayercastKit

/// Robb Böhnke's hamburger button transition ("How to build a nice Hamburger Button transition in
/// Swift", 2014, after CreativeDash's "Open-Close"; its numbers: README.md §The original): the top and
/// bottom strokes of a hamburger icon turn into an X while the middle stroke runs round a circle, and back.
///
/// Layer tree, in the 54×54 design: `hamburger-button` › `top`, `middle` (the "outline"), `bottom`.
/// Each change of state animates from what is on screen at that moment, so a change in mid-flight
/// continues from where the strokes are; the model values jump to the new state at once, and each
/// animation is keyed by its key path, so a new one replaces the running one.
public struct HamburgerButton: Sendable, Codable {
    /// The state shown at rest, or being animated to: the X when true, the hamburger when false.
    public internal(set) var isOpen: Bool
    /// Colours, line width, and each animation's duration, delay and curve.
    public internal(set) var configuration: Configuration
    /// The whole layer tree, with its model values and attached animations.
    public internal(set) var root: ShapeLayer

    /// The layers of the tree by role; each one's name is its raw value.
    public enum Part: String, Sendable, CaseIterable {
        case root = "hamburger-button", top, middle, bottom

        /// Where the part sits under the root.
        public var path: LayerPath {
            self == .root ? .root : LayerPath.root.appending(rawValue)
        }
    }

    /// The design's size; a frame scales it into its own.
    public var designSize: Size { Geometry.size }

    /// The button at rest, showing the hamburger (or the X when `isOpen`), with no animation.
    public init(isOpen: Bool = false, configuration: Configuration = Configuration()) {
        self.isOpen = isOpen
        self.configuration = configuration
        func stroke(_ part: Part, _ path: Path, anchor: Point, position: Point) -> ShapeLayer {
            var layer = ShapeLayer(name: part.rawValue)
            layer.path = path
            layer.fillColor = nil
            layer.lineCap = .round
            layer.lineJoin = .miter
            layer.miterLimit = 4
            layer.anchor = anchor
            layer.position = position
            return layer
        }
        root = ShapeLayer(name: Part.root.rawValue)
        root.sublayers = [
            stroke(.top, Geometry.shortStroke, anchor: Geometry.outerAnchor, position: Geometry.topPosition),
            stroke(.middle, Geometry.outline, anchor: Geometry.middleAnchor, position: Geometry.middlePosition),
            stroke(.bottom, Geometry.shortStroke, anchor: Geometry.outerAnchor, position: Geometry.bottomPosition),
        ]
        applyStyle()
        applyModel(isOpen ? .open : .closed)
    }

    // MARK: Commands

    /// A tap: opens when closed, closes when open, from what is on screen at `time`.
    public mutating func toggle(at time: Double) {
        change(toOpen: !isOpen, at: time)
    }

    /// Turns the hamburger into the X; a no-op when already open (or opening).
    public mutating func open(at time: Double) {
        change(toOpen: true, at: time)
    }

    /// Turns the X back into the hamburger; a no-op when already closed (or closing).
    public mutating func close(at time: Double) {
        change(toOpen: false, at: time)
    }

    /// Shows the X (`open`) or the hamburger at rest from `time`, with no animation: the running ones
    /// are removed and the model shows (the control's `variants`).
    public mutating func show(open: Bool, at time: Double) {
        advance(to: time)
        isOpen = open
        for part in Part.allCases {
            modify(part) { $0.removeAllAnimations(at: time) }
        }
        applyModel(open ? .open : .closed)
    }

    // MARK: Reading

    /// Delivers every animation stop up to `time`, in time order. Nothing chains on a stop here: this
    /// only lets finished animations go, as a scene's clock catching up does.
    public mutating func advance(to time: Double) {
        while root.nextStop(upTo: time) != nil {}
    }

    /// The layers, whose records a timeline reads.
    public var layers: ShapeLayer { root }

    /// Drops the records of animations that stopped showing before `time` (a timeline's bound).
    public mutating func forgetAnimationRecords(endedBefore time: Double) {
        root.forgetRecords(endedBefore: time)
    }

    /// The view the original sits on (the demo's green), or nil for none.
    public var viewBackground: Color? { configuration.viewBackground }

    /// The part's layer. `init` builds every part, so the empty stand-in for a missing one is never seen.
    public func layer(_ part: Part) -> ShapeLayer {
        root[part.path] ?? ShapeLayer(name: part.rawValue)
    }

    // MARK: Internals

    mutating func modify(_ part: Part, _ body: (inout ShapeLayer) -> Void) {
        root.modify(part.path, body)
    }

    /// Colours and line width on the three strokes.
    mutating func applyStyle() {
        let color = configuration.strokeColor, width = configuration.lineWidth
        for part in [Part.top, .middle, .bottom] {
            modify(part) { $0.strokeColor = color; $0.lineWidth = width }
        }
    }

    /// Sets the model values of `pose` at once, with no animation.
    private mutating func applyModel(_ pose: Pose) {
        modify(.middle) { $0.strokeStart = pose.strokeStart; $0.strokeEnd = pose.strokeEnd }
        for (part, angle) in [(Part.top, pose.topAngle), (.bottom, pose.bottomAngle)] {
            modify(part) { $0.rotation = angle; $0.transform = .translation(pose.translationX, 0) }
        }
    }
}
