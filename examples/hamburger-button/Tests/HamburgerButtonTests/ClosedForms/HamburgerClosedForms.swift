/// The hamburger button's values as closed forms, written straight from the original's numbers
/// (README.md §The original, States and Animations) and without the engine's animation evaluation, so
/// that tests check the engine against the design rather than against itself. Every number here is
/// restated from the original on purpose, not read from `HamburgerButton.Configuration`, so a wrong
/// default there shows up as a failure.
///
/// Each animated value v runs from its value f on screen at the change to its target g:
/// v(t) = f for t < t₀ + delay (the backwards fill, or simply not started), g for
/// t ≥ t₀ + delay + duration (the animation is gone and the model shows), and in between
/// f + (g − f)·B((t − t₀ − delay)/duration), with B the change's cubic-Bézier curve.
///
/// The outer strokes' transform is blended as Core Animation blends a `transform` animation: by its
/// decomposition, so the rotation angle and the x translation each follow that formula (the angle
/// runs through the angles between; the stroke never shrinks). Overshooting curves take the angle
/// past its target and back, as the decomposed blend does for a progress outside 0…1.
enum HamburgerClosedForms {
    /// The animated values at one instant.
    struct Values: Sendable, Equatable, CustomStringConvertible {
        /// The middle stroke's trim.
        var strokeStart: Double
        var strokeEnd: Double
        /// Radians about z; negative turns anticlockwise on screen.
        var topAngle: Double
        var bottomAngle: Double
        /// Points along x, applied after the turn.
        var topTranslationX: Double
        var bottomTranslationX: Double

        /// Every value, by name.
        init(strokeStart: Double, strokeEnd: Double, topAngle: Double, bottomAngle: Double,
                    topTranslationX: Double, bottomTranslationX: Double) {
            self.strokeStart = strokeStart
            self.strokeEnd = strokeEnd
            self.topAngle = topAngle
            self.bottomAngle = bottomAngle
            self.topTranslationX = topTranslationX
            self.bottomTranslationX = bottomTranslationX
        }

        /// One line for failure messages.
        var description: String {
            "start \(strokeStart), end \(strokeEnd), top \(topAngle) rad / \(topTranslationX), "
                + "bottom \(bottomAngle) rad / \(bottomTranslationX)"
        }
    }

    /// The hamburger: the short middle stroke, no transform.
    static let closed = Values(strokeStart: 0.028, strokeEnd: 0.111, topAngle: 0, bottomAngle: 0,
                                      topTranslationX: 0, bottomTranslationX: 0)
    /// The X: the ring, and the outer strokes shifted 4 left and turned ∓0.7853975 rad.
    static let open = Values(strokeStart: 0.325, strokeEnd: 0.9, topAngle: -0.7853975, bottomAngle: 0.7853975,
                                    topTranslationX: -4, bottomTranslationX: -4)

    /// A cubic-Bézier timing curve from (0, 0) to (1, 1) with control points (x1, y1) and (x2, y2).
    struct Curve: Sendable, Equatable {
        /// The control points; y may leave 0…1 (an overshoot), x may not.
        var x1: Double, y1: Double, x2: Double, y2: Double

        /// The curve with control points (x1, y1) and (x2, y2), as CAMediaTimingFunction(controlPoints:).
        init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
            (self.x1, self.y1, self.x2, self.y2) = (x1, y1, x2, y2)
        }

        /// y at time fraction `x` in 0…1 (clamped): the parameter s with x(s) = x found by bisection
        /// (x(s) rises monotonically when x1 and x2 are in 0…1) down to adjacent doubles, then y(s).
        func callAsFunction(_ x: Double) -> Double {
            if x <= 0 { return 0 }
            if x >= 1 { return 1 }
            var lo = 0.0, hi = 1.0
            for _ in 0..<200 {
                let mid = (lo + hi) / 2
                guard mid > lo, mid < hi else { break }
                if Self.bezier(mid, x1, x2) < x { lo = mid } else { hi = mid }
            }
            let s = (lo + hi) / 2
            return Self.bezier(s, y1, y2)
        }

        /// One coordinate of the curve at parameter s: 3(1 − s)²s·p1 + 3(1 − s)s²·p2 + s³.
        static func bezier(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
            let u = 1 - s
            return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s
        }
    }

    /// One row of the original's animation table: duration, delay after the change, curve.
    struct Step: Sendable, Equatable {
        /// Seconds the value takes once it starts.
        var duration: Double
        /// Seconds after the change before it starts; until then it shows its from value.
        var delay: Double
        var curve: Curve

        /// The value at `elapsed` seconds after the change, going from `from` to `to`.
        func value(from: Double, to: Double, elapsed: Double) -> Double {
            let local = elapsed - delay
            if local < 0 { return from }
            if local >= duration { return to }
            return from + (to - from) * curve(local / duration)
        }
    }

    /// The original's table (the repository's final code): strokeStart, strokeEnd and transform, for
    /// opening (to the X) or closing (to the hamburger).
    static func steps(opening: Bool) -> (strokeStart: Step, strokeEnd: Step, transform: Step) {
        let overshoot = Curve(0.5, -0.8, 0.5, 1.85)
        if opening {
            return (Step(duration: 0.5, delay: 0, curve: Curve(0.25, -0.4, 0.5, 1)),
                    Step(duration: 0.6, delay: 0, curve: Curve(0.25, -0.4, 0.5, 1)),
                    Step(duration: 0.4, delay: 0.25, curve: overshoot))
        }
        return (Step(duration: 0.5, delay: 0.1, curve: Curve(0.25, 0, 0.5, 1.2)),
                Step(duration: 0.6, delay: 0, curve: Curve(0.25, 0.3, 0.5, 0.9)),
                Step(duration: 0.4, delay: 0.05, curve: overshoot))
    }

    /// The values at `t` after a change at `t0` towards `open` (true) or closed, starting from `from`,
    /// the values on screen at `t0`; `from` itself before `t0`.
    static func afterChange(toOpen open: Bool, at t0: Double, from: Values, time t: Double) -> Values {
        guard t >= t0 else { return from }
        let target = open ? Self.open : Self.closed
        let steps = steps(opening: open)
        let e = t - t0
        return Values(
            strokeStart: steps.strokeStart.value(from: from.strokeStart, to: target.strokeStart, elapsed: e),
            strokeEnd: steps.strokeEnd.value(from: from.strokeEnd, to: target.strokeEnd, elapsed: e),
            topAngle: steps.transform.value(from: from.topAngle, to: target.topAngle, elapsed: e),
            bottomAngle: steps.transform.value(from: from.bottomAngle, to: target.bottomAngle, elapsed: e),
            topTranslationX: steps.transform.value(from: from.topTranslationX, to: target.topTranslationX, elapsed: e),
            bottomTranslationX: steps.transform.value(from: from.bottomTranslationX, to: target.bottomTranslationX,
                                                      elapsed: e))
    }

    /// An open at `t0` from the hamburger at rest.
    static func afterOpen(at t0: Double, time t: Double) -> Values {
        afterChange(toOpen: true, at: t0, from: closed, time: t)
    }

    /// A close at `t0` from the X at rest.
    static func afterClose(at t0: Double, time t: Double) -> Values {
        afterChange(toOpen: false, at: t0, from: open, time: t)
    }

    /// An open at `t0` from rest, then a close at `t1` (≥ t0, possibly in mid-flight) that starts from
    /// what the opening shows at `t1`.
    static func afterOpenThenClose(openAt t0: Double, closeAt t1: Double, time t: Double) -> Values {
        afterChange(toOpen: false, at: t1, from: afterOpen(at: t0, time: t1), time: t)
    }
}
