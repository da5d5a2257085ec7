import Animation

/// A timing curve as a designer picks it: one of Core Animation's named curves, or the two control
/// points of a cubic Bézier from (0, 0) to (1, 1), as CSS's `cubic-bezier()` and
/// CAMediaTimingFunction(controlPoints:) take them. The name is kept, so a named curve reads back as
/// its name.
public enum TimingCurve: Sendable, Hashable, Codable {
    case named(Name)
    case bezier(x1: Double, y1: Double, x2: Double, y2: Double)

    /// CAMediaTimingFunctionName's curves.
    public enum Name: String, Sendable, CaseIterable, Codable {
        case linear, easeIn, easeOut, easeInEaseOut
        case `default`
    }

    public static let linear = TimingCurve.named(.linear)
    public static let easeInEaseOut = TimingCurve.named(.easeInEaseOut)

    /// The control points' x must stay in 0…1, so that the curve's time only runs forwards (x is then
    /// monotonic, and the curve a function of time).
    public static let xRange = 0.0...1.0
    /// Ours: y may overshoot (for a bounce) but within this band, so no value runs away.
    public static let yRange = -1.0...2.0

    /// x1, y1, x2, y2; a named curve's own control points.
    public var controlPoints: [Double] {
        switch self {
        case .named(let name):
            let f = Self.function(of: name)
            return [f.c1.x, f.c1.y, f.c2.x, f.c2.y]
        case .bezier(let x1, let y1, let x2, let y2):
            return [x1, y1, x2, y2]
        }
    }

    /// Control points within `xRange` and `yRange`.
    public var isValid: Bool {
        let p = controlPoints
        return p.allSatisfy(\.isFinite) && Self.xRange.contains(p[0]) && Self.xRange.contains(p[2])
            && Self.yRange.contains(p[1]) && Self.yRange.contains(p[3])
    }

    /// The curve for an animation; nil for linear, which is what an animation without one does.
    public var function: TimingFunction? {
        switch self {
        case .named(.linear): nil
        case .named(let name): Self.function(of: name)
        case .bezier(let x1, let y1, let x2, let y2): TimingFunction(x1, y1, x2, y2)
        }
    }

    private static func function(of name: Name) -> TimingFunction {
        TimingFunction.named(name.rawValue) ?? .linear
    }
}
