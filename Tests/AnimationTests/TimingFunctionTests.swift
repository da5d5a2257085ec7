import Testing
@testable import Animation

/// Reference values from docs/design/engine.md §Timing curves (computed to 1e-12 with bisection, 5 decimals
/// printed).
@Suite struct TimingFunctionTests {
    static let table: [(TimingFunction, [Double])] = [
        (.linear, [0.10000, 0.25000, 0.50000, 0.75000, 0.90000]),
        (.easeIn, [0.01703, 0.09346, 0.31536, 0.62186, 0.83943]),
        (.easeOut, [0.16057, 0.37814, 0.68464, 0.90654, 0.98297]),
        (.easeInEaseOut, [0.01972, 0.12916, 0.50000, 0.87084, 0.98028]),
        (.default, [0.09480, 0.40851, 0.80240, 0.96046, 0.99432]),
        (TimingFunction(0.4, 0, 0.2, 1), [0.02586, 0.23659, 0.77556, 0.95937, 0.99435]),
    ]

    @Test(arguments: 0..<6)
    func namedCurvesMatchTheSpecTable(row: Int) {
        let (curve, expected) = Self.table[row]
        for (x, y) in zip([0.1, 0.25, 0.5, 0.75, 0.9], expected) {
            #expect(abs(curve.solve(x) - y) <= 5e-6, "f(\(x)) = \(curve.solve(x)), expected \(y)")
        }
    }

    @Test func chromiumVector() {
        let curve = TimingFunction(0.25, 0, 0.75, 1)
        let vector: [(Double, Double)] = [(0.05, 0.01136), (0.1, 0.03978), (0.25, 0.18235), (0.5, 0.5),
                                          (0.75, 0.81764), (0.95, 0.98863)]
        for (x, y) in vector {
            #expect(abs(curve.solve(x) - y) <= 1.5e-4)
        }
    }

    @Test func chromiumExactCases() {
        #expect(TimingFunction(0.5, 1, 0.5, 1).solve(0.5) == 0.875)
        #expect(TimingFunction(0.5, 2, 0.5, 2).solve(0.5) == 1.625)
        #expect(TimingFunction(0.5, -1, 0.5, -1).solve(0.5) == -0.625)
    }

    @Test func extrapolatesLinearlyOutsideTheUnitInterval() {
        let curve = TimingFunction(0.5, 1, 0.5, 1)
        #expect(curve.solve(-1) == -2)
        #expect(curve.solve(2) == 1)
        #expect(TimingFunction.linear.solve(-0.5) == -0.5)
        // easeIn ends along its first control point direction: gradient (0 − 1)/(0.42 − 1).
        #expect(abs(TimingFunction.easeIn.solve(1.5) - (1 + 0.5 / 0.58)) < 1e-12)
    }

    @Test func endPointsAreExact() {
        for (curve, _) in Self.table {
            #expect(curve.solve(0) == 0)
            #expect(abs(curve.solve(1) - 1) < 1e-12)
        }
    }
}
