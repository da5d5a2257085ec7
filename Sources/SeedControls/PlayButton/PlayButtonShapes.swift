#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import Animation
import Controls

extension PlayButton {
    /// Every shape the two shape layers take (docs/design/play-button.md §Shapes). Each is a closed path of
    /// exactly 11 elements, so that any two of them morph element by element.
    public enum Shape: String, Sendable, CaseIterable, Codable, CodingKeyRepresentable {
        case triangle
        /// The horizontal bar, the hub every transition passes through; also buffering's rest shape.
        case bar
        /// The bar shifted by +2·barCornerRadius in y; shown in the 90°-rotated layer as the left bar.
        case pauseLeft = "pause-left"
        /// The bar shifted by −2·barCornerRadius in y; the right bar once rotated.
        case pauseRight = "pause-right"
        case square
        /// The bar with both cap centres at the left cap's centre: a dot at x = 15.
        case dotLeft = "dot-left"
        /// The bar with both cap centres at the right cap's centre: a dot at x = 29.
        case dotRight = "dot-right"
    }

    /// The shape parameters of docs/design/play-button.md §Defaults, in the 44×44 design space.
    public struct Geometry: Sendable, Hashable, Codable {
        public var size = 44.0
        public var barThickness = 6.0
        public var barCornerRadius = 3.0
        public var squareWidth = 15.0
        public var squareCornerRadius = 1.5
        public var triangleWidth = 20.0
        public var triangleCornerRadius = 1.5

        public init() {}

        public static let standard = Geometry()

        var center: Double { size / 2 }

        /// The rounded triangle's three vertices: centred on their circumcircle, which is the button's
        /// centre (every vertex is 5t/8 from it).
        public var triangleVertices: (upperLeft: Point, tip: Point, lowerLeft: Point) {
            let c = center, t = triangleWidth
            return (Point(c - 3 * t / 8, c - t / 2), Point(c + 5 * t / 8, c), Point(c - 3 * t / 8, c + t / 2))
        }

        /// The rounded triangle, `M C C L C L C L C C Z`, starting on the left edge and running clockwise
        /// on screen. The upper-left corner is split 90° then the rest, the tip into two equal halves
        /// with a zero-length line between them, the lower-left corner the rest then 90°.
        public var trianglePath: Path {
            let (a, b, c) = triangleVertices
            let r = triangleCornerRadius
            let upper = RoundedCorner(previous: c, vertex: a, next: b, radius: r)
            let tip = RoundedCorner(previous: a, vertex: b, next: c, radius: r)
            let lower = RoundedCorner(previous: b, vertex: c, next: a, radius: r)
            let quarter = Double.pi / 2
            var p = Path()
            p.move(to: Self.point(on: upper.center, r, upper.startAngle))
            p.elements.append(Self.arcPiece(upper.center, r, upper.startAngle, upper.startAngle + quarter))
            p.elements.append(Self.arcPiece(upper.center, r, upper.startAngle + quarter, upper.endAngle))
            p.line(to: Self.point(on: tip.center, r, tip.startAngle))
            let middle = (tip.startAngle + tip.endAngle) / 2
            p.elements.append(Self.arcPiece(tip.center, r, tip.startAngle, middle))
            p.line(to: Self.point(on: tip.center, r, middle))
            p.elements.append(Self.arcPiece(tip.center, r, middle, tip.endAngle))
            p.line(to: Self.point(on: lower.center, r, lower.startAngle))
            p.elements.append(Self.arcPiece(lower.center, r, lower.startAngle, lower.endAngle - quarter))
            p.elements.append(Self.arcPiece(lower.center, r, lower.endAngle - quarter, lower.endAngle))
            p.close()
            return p
        }

        /// d: the x-extent of the triangle's short upper-left arc piece (element 3), r/√5 by default.
        /// The bar's and square's helper points sit this far along their straight edges.
        public var helperSpacing: Double {
            let e = trianglePath.elements
            guard let p2 = e[1].endPoint, let p3 = e[2].endPoint else { return 0 }
            return p3.x - p2.x
        }

        public enum BarCircle: Sendable { case left, right }

        /// The horizontal bar, `M C L L C L C L L C Z`: a quarter arc round the left cap, a helper
        /// line, the top edge, two quarter arcs round the right cap joined by a zero-length line, the
        /// bottom edge, a helper line and the last quarter arc. The helpers are zero-length for the
        /// plain bar (x₀ = 0) and d long for the buffering dots.
        public func barPath(centerYOffset: Double = 0, circle: BarCircle? = nil) -> Path {
            let r = barCornerRadius
            let half = barThickness / 2
            let minX = (size - triangleWidth) / 2, maxX = (size + triangleWidth) / 2
            let y = center + centerYOffset
            let leftCap = Point(circle == .right ? maxX - r : minX + r, y)
            let rightCap = Point(circle == .left ? minX + r : maxX - r, y)
            let x0 = circle == nil ? 0 : helperSpacing
            return Self.elevenElements(
                topLeft: leftCap, topRight: rightCap, bottomRight: rightCap, bottomLeft: leftCap,
                radius: r, topHelper: Point(leftCap.x + x0, y - half), bottomHelper: Point(leftCap.x + x0, y + half))
        }

        /// The rounded square of side `squareWidth`, in the bar's element order; its helpers sit d to the
        /// right of the left corners' arc ends, and element 6 is the real line down the right edge.
        public var squarePath: Path {
            let r = squareCornerRadius
            let c = center
            let inner = squareWidth / 2 - r
            let left = c - inner, right = c + inner, top = c - inner, bottom = c + inner
            let d = helperSpacing
            return Self.elevenElements(
                topLeft: Point(left, top), topRight: Point(right, top),
                bottomRight: Point(right, bottom), bottomLeft: Point(left, bottom),
                radius: r, topHelper: Point(left + d, top - r), bottomHelper: Point(left + d, bottom + r))
        }

        public func path(for shape: Shape) -> Path {
            switch shape {
            case .triangle: trianglePath
            case .bar: barPath()
            case .pauseLeft: barPath(centerYOffset: 2 * barCornerRadius)
            case .pauseRight: barPath(centerYOffset: -2 * barCornerRadius)
            case .square: squarePath
            case .dotLeft: barPath(circle: .left)
            case .dotRight: barPath(circle: .right)
            }
        }

        /// The bar/square construction from four arc centres: each corner is one quarter arc (one
        /// cubic), and every join is an explicit line, as Core Graphics adds one before each arc.
        static func elevenElements(topLeft: Point, topRight: Point, bottomRight: Point, bottomLeft: Point,
                                   radius r: Double, topHelper: Point, bottomHelper: Point) -> Path {
            let west = Double.pi, north = 1.5 * Double.pi, east = 2 * Double.pi, south = 2.5 * Double.pi
            var p = Path()
            p.move(to: point(on: topLeft, r, west))
            p.elements.append(arcPiece(topLeft, r, west, north))
            p.line(to: topHelper)
            p.line(to: point(on: topRight, r, north))
            p.elements.append(arcPiece(topRight, r, north, east))
            p.line(to: point(on: bottomRight, r, east))
            p.elements.append(arcPiece(bottomRight, r, east, south))
            p.line(to: bottomHelper)
            p.line(to: point(on: bottomLeft, r, south))
            p.elements.append(arcPiece(bottomLeft, r, south, south + .pi / 2))
            p.close()
            return p
        }

        static func point(on center: Point, _ r: Double, _ angle: Double) -> Point {
            Point(center.x + r * cos(angle), center.y + r * sin(angle))
        }

        /// One arc piece of at most 90° as a single cubic, handles k·r long with k = 4/3·tan(θ/4);
        /// angles grow clockwise on screen.
        static func arcPiece(_ center: Point, _ r: Double, _ a0: Double, _ a1: Double) -> PathElement {
            let h = 4.0 / 3.0 * tan((a1 - a0) / 4) * r
            let p0 = point(on: center, r, a0), p1 = point(on: center, r, a1)
            let c1 = Point(p0.x - h * sin(a0), p0.y + h * cos(a0))
            let c2 = Point(p1.x + h * sin(a1), p1.y - h * cos(a1))
            return .cubic(c1, c2, p1)
        }
    }

    /// The default-parameter path of `shape`, in 44-space (docs/design/play-button.md §Shapes).
    public static func shapePath(_ shape: Shape) -> Path {
        Geometry.standard.path(for: shape)
    }
}
