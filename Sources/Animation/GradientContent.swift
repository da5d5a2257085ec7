#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A gradient filling a rectangle, as the renderer draws it: colour stops along a parameter t that
/// each point of the plane gets from the gradient's geometry (docs/design/quartz.md §Gradients).
/// Evaluated here, point by point, so a test can state the colour a pixel must have.
public struct GradientContent: Hashable, Sendable, Codable {
    public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
        case axial, radial, conic
    }

    public struct Stop: Hashable, Sendable, Codable {
        public var location: Double
        public var color: Color
    }

    public var rect: Rect
    /// In order of location.
    public var stops: [Stop]
    /// In the layer's points.
    public var start: Point
    public var end: Point
    public var kind: Kind

    /// The stops `colors` and `locations` make: `locations` when there is one per colour, each
    /// clamped to 0…1 and then kept in order (a stable sort); otherwise evenly spaced.
    public static func stops(_ colors: [Color], _ locations: [Double]?) -> [Stop] {
        let spaced = colors.indices.map { colors.count == 1 ? 0 : Double($0) / Double(colors.count - 1) }
        let given = locations.flatMap { $0.count == colors.count && $0.allSatisfy(\.isFinite) ? $0 : nil } ?? spaced
        let stops = zip(given, colors).map { Stop(location: min(max($0, 0), 1), color: $1) }
        return stops.enumerated().sorted { $0.element.location != $1.element.location
            ? $0.element.location < $1.element.location : $0.offset < $1.offset }.map(\.element)
    }

    /// t at `p`: axial, the projection onto start→end; radial, the elliptical distance from start with
    /// half-axes |end − start| in x and y; conic, the turn from start→end, clockwise on screen (y
    /// down), as a fraction of a whole turn. nil where the geometry gives none (start = end; a flat
    /// ellipse off its axis).
    public func parameter(at p: Point) -> Double? {
        let (dx, dy) = (end.x - start.x, end.y - start.y)
        let (px, py) = (p.x - start.x, p.y - start.y)
        switch kind {
        case .axial:
            let length = dx * dx + dy * dy
            return length > 0 ? (px * dx + py * dy) / length : nil
        case .radial:
            let (rx, ry) = (abs(dx), abs(dy))
            switch (rx > 0, ry > 0) {
            case (true, true): return ((px / rx) * (px / rx) + (py / ry) * (py / ry)).squareRoot()
            // A flat ellipse: only its axis has a colour (docs/design/quartz.md §Gradients).
            default: return nil
            }
        case .conic:
            guard dx != 0 || dy != 0 else { return nil }
            let turn = (atan2(py, px) - atan2(dy, dx)) / (2 * .pi)
            return turn - turn.rounded(.down)
        }
    }

    /// The colour at t, extended past the ends: linear between the neighbouring stops, component
    /// by component, not premultiplied (a clear stop is transparent black, and its neighbour's
    /// colour fades through grey).
    public func color(at t: Double) -> Color {
        guard let first = stops.first, let last = stops.last else { return .clear }
        if t <= first.location { return first.color }
        if t >= last.location { return last.color }
        let i = stops.firstIndex { $0.location > t } ?? stops.count - 1
        let (a, b) = (stops[i - 1], stops[i])
        let f = b.location > a.location ? (t - a.location) / (b.location - a.location) : 1
        func mix(_ x: Double, _ y: Double) -> Double { x + (y - x) * f }
        return Color(red: mix(a.color.red, b.color.red), green: mix(a.color.green, b.color.green),
                     blue: mix(a.color.blue, b.color.blue), alpha: mix(a.color.alpha, b.color.alpha))
    }

    /// The colour the gradient shows at `p`; clear where it has no parameter.
    public func color(at p: Point) -> Color {
        parameter(at: p).map { color(at: $0) } ?? .clear
    }
}
