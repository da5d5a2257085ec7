import LayercastKit

extension HamburgerButton {
    /// The 54×54 design of Robb Böhnke's hamburger button (README.md §The original, Geometry): the
    /// paths, the Core Animation layout of each stroke layer, and how that layout maps onto this engine.
    ///
    /// Core Animation places a layer by its `bounds`, a unit `anchorPoint` on those bounds, and a
    /// `position` in the parent: the point `bounds.origin + anchorPoint ⊙ bounds.size` of the layer's own
    /// coordinates sits at `position`, and the layer's transform turns about it. This engine's
    /// `ShapeLayer.anchor` is that point already resolved, in the layer's own coordinates
    /// (`parentTransform` = position · transform · rotation · scale · translation(−anchor)), and a layer
    /// has no bounds. So each anchor is resolved here once, from the bounds the original gives its layers
    /// (the bounding box of the path stroked 4 wide with round caps): see `anchor(unit:in:)`.
    public enum Geometry {
        /// The button's size in points.
        public static let size = Size(54, 54)

        /// The line width the original strokes the paths with to find each layer's bounds. The layout
        /// keeps it when the configured line width changes, so the strokes still turn about their ends.
        public static let layoutLineWidth = 4.0

        /// The top and bottom strokes: a line from (2, 2) to (28, 2).
        public static let shortStroke: Path = {
            var p = Path()
            p.move(to: Point(2, 2))
            p.line(to: Point(28, 2))
            return p
        }()

        /// The middle stroke ("outline"): a line-like lead-in from the icon's middle bar that runs on
        /// round a circle of radius 25 about (27, 27), so that trimming it slides the bar onto the ring.
        public static let outline: Path = {
            var p = Path()
            p.move(to: Point(10, 27))
            p.curve(to: Point(40, 27), control1: Point(12, 27), control2: Point(28.02, 27))
            p.curve(to: Point(27, 2), control1: Point(55.92, 27), control2: Point(50.47, 2))
            p.curve(to: Point(2, 27), control1: Point(13.16, 2), control2: Point(2, 13.16))
            p.curve(to: Point(27, 52), control1: Point(2, 40.84), control2: Point(13.16, 52))
            p.curve(to: Point(52, 27), control1: Point(40.84, 52), control2: Point(52, 40.84))
            p.curve(to: Point(27, 2), control1: Point(52, 13.16), control2: Point(42.39, 2))
            p.curve(to: Point(2, 27), control1: Point(13.16, 2), control2: Point(2, 13.16))
            return p
        }()

        /// Core Animation's unit anchor point of the outer strokes: the line's right end, (28, 2), on
        /// bounds (0, 0, 30, 4), so that they turn about their right-most point.
        public static let outerUnitAnchor = Point(28.0 / 30.0, 0.5)
        /// Core Animation's default unit anchor point, which the middle stroke keeps.
        public static let middleUnitAnchor = Point(0.5, 0.5)

        /// Where each layer's anchor sits in the button: the outer strokes' right ends at x 40, 18 apart
        /// about the middle line; the outline's centre on the button's centre, so it draws where its path says.
        public static let topPosition = Point(40, 18)
        /// The middle stroke's anchor: the button's centre.
        public static let middlePosition = Point(27, 27)
        /// The bottom stroke's right end, 18 below the top's.
        public static let bottomPosition = Point(40, 36)

        /// The bounds Core Animation gives a stroke layer: the bounding box of `path` stroked
        /// `layoutLineWidth` wide with round caps (`Path.strokedBounds(lineWidth:)`).
        public static func bounds(of path: Path) -> Rect {
            path.strokedBounds(lineWidth: layoutLineWidth) ?? Rect(x: 0, y: 0, width: 0, height: 0)
        }

        /// The engine's anchor for Core Animation's `unit` anchor point on `bounds`: the point of the
        /// layer's own coordinates that sits at `position`, `bounds.origin + unit ⊙ bounds.size`.
        /// (28/30, 0.5) on (0, 0, 30, 4) is (28, 2), the short stroke's right end; (0.5, 0.5) on the
        /// outline's (0, 0, 54, 54) is (27, 27), which position (27, 27) puts where it is drawn.
        public static func anchor(unit: Point, in bounds: Rect) -> Point {
            Point(bounds.minX + unit.x * bounds.width, bounds.minY + unit.y * bounds.height)
        }

        /// The outer strokes' engine anchor, (28, 2): the short stroke's right end.
        public static var outerAnchor: Point { anchor(unit: outerUnitAnchor, in: bounds(of: shortStroke)) }
        /// The middle stroke's engine anchor, (27, 27): the ring's centre.
        public static var middleAnchor: Point { anchor(unit: middleUnitAnchor, in: bounds(of: outline)) }
    }

    /// What the animated properties show at rest in one state (README.md §The original, States). The
    /// transform of an outer stroke is Core Animation's translate(`translationX`, 0, 0) rotated by its
    /// angle, which maps a point p (relative to the anchor) to R(angle)·p + (translationX, 0): the
    /// rotation turns the stroke about its right end, then the translation moves it, unrotated, along x.
    public struct Pose: Sendable, Hashable, Codable {
        /// The middle stroke's trim start, as a fraction of the outline's length.
        public var strokeStart: Double
        /// The middle stroke's trim end, as a fraction of the outline's length.
        public var strokeEnd: Double
        /// The top stroke's rotation about z in radians; the bottom one turns by the opposite angle.
        /// Negative turns anticlockwise on screen (y grows downwards), as in Core Animation on iOS.
        public var topAngle: Double
        /// Both outer strokes' shift along x after the turn, which centres the X on the ring.
        public var translationX: Double

        /// The bottom stroke turns the other way, so the two make an X.
        public var bottomAngle: Double { -topAngle }

        /// The hamburger. The middle stroke starts a little before 0 on the lead-in, so the opening
        /// curve's dip below 0 reads as an anticipation rather than running off the path's start.
        public static let closed = Pose(strokeStart: 0.028, strokeEnd: 0.111, topAngle: 0, translationX: 0)
        /// The X, with the ring drawn round it ("menu" in the post).
        public static let open = Pose(strokeStart: 0.325, strokeEnd: 0.9, topAngle: -0.7853975, translationX: -4)
    }
}
