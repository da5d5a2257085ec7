import Controls
import SeedControls
import Foundation
import Testing

/// The Material spinner's closed form (docs/design/spinner.md §Closed form), written independently
/// of the engine, so that what the engine, the server and the frames show is checked against the
/// design rather than against itself: with u = t mod 2.5, end = E(u/2) for u < 2, else 1; start = 0
/// for u < 0.5, else E((u − 0.5)/2); rotation = 2π·(t mod 4)/4, for a spinner started at time 0.
public enum SpinnerClosedForm {
    /// ease-in-ease-out, cubic Bézier (0.42, 0, 0.58, 1): x(s) solved by bisection (x is monotonic),
    /// then y(s).
    public static func easeInOut(_ x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        func bezier(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
            let u = 1 - s
            return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s
        }
        var lo = 0.0, hi = 1.0
        for _ in 0..<80 {
            let mid = (lo + hi) / 2
            if bezier(mid, 0.42, 0.58) < x { lo = mid } else { hi = mid }
        }
        return bezier((lo + hi) / 2, 0, 1)
    }

    public static func values(at t: Double) -> (start: Double, end: Double, rotation: Double) {
        let u = t.truncatingRemainder(dividingBy: 2.5)
        let end = u < 2 ? easeInOut(u / 2) : 1
        let start = u < 0.5 ? 0 : easeInOut((u - 0.5) / 2)
        let rotation = 2 * Double.pi * t.truncatingRemainder(dividingBy: 4) / 4
        return (start, end, rotation)
    }

    /// The engine solves the curve to 1e-7 in x, so stroke values agree to about 1e-6.
    public static let strokeTolerance = 1e-6
}

/// Expects the spinner's presentation values at `t` (seconds since it started) to be the closed
/// form's: the stroke within `strokeTolerance`, the rotation within 1e-9 (or both within `tolerance`).
public func expectSpinner(_ p: Spinner.State.Values, at t: Double, tolerance: Double? = nil,
                          sourceLocation: SourceLocation = #_sourceLocation) {
    let v = SpinnerClosedForm.values(at: t)
    let stroke = tolerance ?? SpinnerClosedForm.strokeTolerance
    #expect(abs(p.strokeStart - v.start) <= stroke && abs(p.strokeEnd - v.end) <= stroke
            && abs(p.rotation - v.rotation) <= tolerance ?? 1e-9, "at \(t): \(p) vs \(v)", sourceLocation: sourceLocation)
}
