/// A cubic Bézier timing curve from (0,0) to (1,1), solved as WebKit's UnitBezier and Chromium's
/// gfx::CubicBezier do, so that our curves match the browser's to its precision.
public struct TimingFunction: Hashable, Sendable {
    public let c1: Point
    public let c2: Point

    private let ax: Double, bx: Double, cx: Double
    private let ay: Double, by: Double, cy: Double
    private let startGradient: Double
    private let endGradient: Double
    private let samples: [Double]

    private static let sampleCount = 11

    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        c1 = Point(x1, y1)
        c2 = Point(x2, y2)
        cx = 3 * x1
        bx = 3 * (x2 - x1) - cx
        ax = 1 - cx - bx
        cy = 3 * y1
        by = 3 * (y2 - y1) - cy
        ay = 1 - cy - by

        // Outside [0, 1] the curve continues along its end tangents; coincident control points need
        // the far one, and a vertical tangent gives 0 (Chromium's InitGradients).
        if x1 > 0 {
            startGradient = y1 / x1
        } else if y1 == 0 && x2 > 0 {
            startGradient = y2 / x2
        } else if y1 == 0 && y2 == 0 {
            startGradient = 1
        } else {
            startGradient = 0
        }
        if x2 < 1 {
            endGradient = (y2 - 1) / (x2 - 1)
        } else if y2 == 1 && x1 < 1 {
            endGradient = (y1 - 1) / (x1 - 1)
        } else if y2 == 1 && y1 == 1 {
            endGradient = 1
        } else {
            endGradient = 0
        }
        let (a, b, c) = (ax, bx, cx)
        samples = (0..<Self.sampleCount).map { i in
            let t = Double(i) / Double(Self.sampleCount - 1)
            return ((a * t + b) * t + c) * t
        }
    }

    public static let linear = TimingFunction(0, 0, 1, 1)
    public static let easeIn = TimingFunction(0.42, 0, 1, 1)
    public static let easeOut = TimingFunction(0, 0, 0.58, 1)
    public static let easeInEaseOut = TimingFunction(0.42, 0, 0.58, 1)
    /// CAMediaTimingFunctionName.default, the same curve as CSS `ease`.
    public static let `default` = TimingFunction(0.25, 0.1, 0.25, 1)

    /// The named curves: Core Animation's name, CSS's, and the curve.
    private static let namedCurves: [(ca: String, css: String, curve: TimingFunction)] = [
        ("linear", "linear", .linear), ("easeIn", "ease-in", .easeIn), ("easeOut", "ease-out", .easeOut),
        ("easeInEaseOut", "ease-in-out", .easeInEaseOut), ("default", "ease", .default),
    ]

    /// The named curves, by the names Core Animation and CSS share.
    public static func named(_ name: String) -> TimingFunction? {
        namedCurves.first { $0.ca == name || $0.css == name }?.curve
    }

    /// Core Animation's name for this curve when it is one of the named ones.
    public var name: String? {
        Self.namedCurves.first { $0.curve == self }?.ca
    }

    private func sampleX(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
    private func sampleY(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }
    private func derivativeX(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }

    /// The curve parameter t whose x is `x`, for x in [0, 1].
    func solveCurveX(_ x: Double, epsilon: Double) -> Double {
        var t0 = 0.0, t1 = 0.0, t2 = x
        let delta = 1.0 / Double(Self.sampleCount - 1)
        for i in 1..<Self.sampleCount where x <= samples[i] {
            t1 = delta * Double(i)
            t0 = t1 - delta
            t2 = t0 + (t1 - t0) * (x - samples[i - 1]) / (samples[i] - samples[i - 1])
            break
        }
        let newtonEpsilon = min(1e-7, epsilon)
        var x2 = 0.0
        for _ in 0..<4 {
            x2 = sampleX(t2) - x
            if abs(x2) < newtonEpsilon { return t2 }
            let d2 = derivativeX(t2)
            if abs(d2) < 1e-7 { break }
            t2 -= x2 / d2
        }
        if abs(x2) < newtonEpsilon { return t2 }
        // Newton can leave the bracket on flat stretches; bisection inside it always converges.
        let bisectionEpsilon = max(1e-10, epsilon)
        while t0 < t1 {
            x2 = sampleX(t2)
            if abs(x2 - x) < bisectionEpsilon { return t2 }
            if x > x2 { t0 = t2 } else { t1 = t2 }
            t2 = (t1 + t0) * 0.5
            if t1 - t0 < 1e-15 { break }
        }
        return t2
    }

    /// The eased progress for input progress `x`; outside [0, 1] it extrapolates linearly.
    public func solve(_ x: Double, epsilon: Double = 1e-7) -> Double {
        if x < 0 { return startGradient * x }
        if x > 1 { return 1 + endGradient * (x - 1) }
        if self == .linear { return x }
        return sampleY(solveCurveX(x, epsilon: epsilon))
    }

    public static func == (a: TimingFunction, b: TimingFunction) -> Bool { a.c1 == b.c1 && a.c2 == b.c2 }
    public func hash(into h: inout Hasher) { h.combine(c1); h.combine(c2) }
}

/// Coded as its control points `[x1, y1, x2, y2]`; the rest is derived from them again.
extension TimingFunction: Codable {
    public init(from decoder: any Decoder) throws {
        let p = try decoder.singleValueContainer().decode([Double].self)
        guard p.count == 4 else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "4 control values"))
        }
        self.init(p[0], p[1], p[2], p[3])
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode([c1.x, c1.y, c2.x, c2.y])
    }
}
