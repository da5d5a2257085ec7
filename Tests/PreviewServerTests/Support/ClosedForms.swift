import Foundation

/// The controls' closed forms from controls.md, written independently of the engine, so that what
/// the server reports and draws is checked against the spec rather than against itself.
enum SpinnerClosedForm {
    /// ease-in-ease-out, cubic Bézier (0.42, 0, 0.58, 1): x(s) solved by bisection (x is monotonic),
    /// then y(s).
    static func easeInOut(_ x: Double) -> Double {
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

    /// §4.3 with u = t mod 2.5, for a spinner started at scene time 0.
    static func values(at t: Double) -> (start: Double, end: Double, rotation: Double) {
        let u = t.truncatingRemainder(dividingBy: 2.5)
        let end = u < 2 ? easeInOut(u / 2) : 1
        let start = u < 0.5 ? 0 : easeInOut((u - 0.5) / 2)
        let rotation = 2 * Double.pi * t.truncatingRemainder(dividingBy: 4) / 4
        return (start, end, rotation)
    }

    /// The engine solves the curve to 1e-7 in x, so stroke values agree to about 1e-6.
    static let strokeTolerance = 1e-6
}

/// §1.5: segment lengths ℓ1…ℓn (oldest first); only the newest grows, at 1/duration per second while
/// pressed, until p = Σℓ = 1. Drawn: newest [0, ℓn], …, oldest [p − ℓ1, p], the track [p, 1].
struct MeterClosedForm {
    var duration: Double
    private var lengths: [Double] = []
    private var pressedAt: Double?

    init(duration: Double) {
        self.duration = duration
    }

    func lengths(at t: Double) -> [Double] {
        var l = lengths
        if let start = pressedAt, !l.isEmpty {
            let before = l.reduce(0, +)
            l[l.count - 1] += min(max(0, t - start) / duration, 1 - before)
        }
        return l
    }

    func recorded(at t: Double) -> Double { lengths(at: t).reduce(0, +) }
    func isComplete(at t: Double) -> Bool { recorded(at: t) >= 1 - 1e-12 }
    func isRecording(at t: Double) -> Bool { pressedAt != nil && !isComplete(at: t) }
    var segmentCount: Int { lengths.count }

    mutating func press(at t: Double) {
        guard pressedAt == nil else { return }
        lengths.append(0)
        pressedAt = t
    }

    mutating func release(at t: Double) {
        guard pressedAt != nil else { return }
        lengths = lengths(at: t)
        pressedAt = nil
    }

    mutating func reset() {
        lengths = []
        pressedAt = nil
    }

    /// Segments oldest first as (start, end), and the track's start.
    func intervals(at t: Double) -> (segments: [(start: Double, end: Double)], track: Double) {
        var newestFirst: [(start: Double, end: Double)] = []
        var edge = 0.0
        for length in lengths(at: t).reversed() {
            newestFirst.append((edge, edge + length))
            edge += length
        }
        return (newestFirst.reversed(), edge)
    }
}

/// §2.4: after play at progress 0, strokeEnd(t) = clamp((t − 0.5)/50, 0, 1), t in seconds since play.
enum PlayerClosedForm {
    static func strokeEnd(secondsSincePlay t: Double) -> Double {
        min(max((t - 0.5) / 50, 0), 1)
    }
}
