import HamburgerButton
import Testing

/// How closely the engine must agree with the closed forms.
enum Agreement {
    /// 1e-9 on every value: where no curve is solved mid-flight (at rest, while a delay holds the from
    /// value, at and after each end), engine and closed form agree to rounding.
    case exact
    /// Mid-flight the engine's eased progress is only as good as its curve solver: AnimationEvaluation
    /// calls `TimingFunction.solve` with its default epsilon, whose Newton steps stop once x is within
    /// 1e-7, so y is off by up to (steepest dy/dx of the table's curves: 3.65, for (0.5, −0.8, 0.5, 1.85))
    /// × 1e-7 < 4e-7 of the progress. A reversal adds the error of its from value: twice that, times
    /// each value's span (strokes ≤ 1, angles ≤ 1.5 rad, translations ≤ 6 points with the overshoot).
    /// `CurveTests` shows the closed forms' curves agree with the engine's solver to 1e-9 once it is
    /// asked for 1e-12.
    case engineCurve

    func tolerance(_ field: String) -> Double {
        switch self {
        case .exact: 1e-9
        case .engineCurve: 8e-7 * (field.hasSuffix("TranslationX") ? 6 : field.hasSuffix("Angle") ? 1.5 : 1)
        }
    }
}

/// Expects the engine's values (a `State.Values`) to be the closed form's, field by field.
func expectValues(_ engine: HamburgerButton.State.Values, _ expected: HamburgerClosedForms.Values,
                  _ agreement: Agreement = .engineCurve, _ label: @autoclosure () -> String = "",
                  sourceLocation: SourceLocation = #_sourceLocation) {
    let pairs: [(String, Double, Double)] = [
        ("strokeStart", engine.strokeStart, expected.strokeStart),
        ("strokeEnd", engine.strokeEnd, expected.strokeEnd),
        ("topAngle", engine.topAngle, expected.topAngle),
        ("bottomAngle", engine.bottomAngle, expected.bottomAngle),
        ("topTranslationX", engine.topTranslationX, expected.topTranslationX),
        ("bottomTranslationX", engine.bottomTranslationX, expected.bottomTranslationX),
    ]
    for (name, got, want) in pairs {
        #expect(abs(got - want) <= agreement.tolerance(name),
                "\(label()) \(name): engine \(got), closed form \(want), off by \(got - want)",
                sourceLocation: sourceLocation)
    }
}

/// The largest difference between the engine's values and the closed form's.
func largestDifference(_ engine: HamburgerButton.State.Values, _ expected: HamburgerClosedForms.Values) -> Double {
    [abs(engine.strokeStart - expected.strokeStart), abs(engine.strokeEnd - expected.strokeEnd),
     abs(engine.topAngle - expected.topAngle), abs(engine.bottomAngle - expected.bottomAngle),
     abs(engine.topTranslationX - expected.topTranslationX),
     abs(engine.bottomTranslationX - expected.bottomTranslationX)].max() ?? 0
}

/// A button opened from rest at `time`.
func openedButton(at time: Double) -> HamburgerButton {
    var button = HamburgerButton()
    button.open(at: time)
    return button
}

/// A button opened at 0, left to come to rest, then closed at `time` (≥ 1).
func closedButton(at time: Double) -> HamburgerButton {
    var button = HamburgerButton()
    button.open(at: 0)
    button.advance(to: time)
    button.close(at: time)
    return button
}
