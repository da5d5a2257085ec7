import Animation

/// What a prop accepts. One value decides the prop's checks here and, in the server, its JSON Schema,
/// its error texts and its boundary tests.
public enum PropKind: Sendable, Hashable {
    /// A number in `range`. `step` is the granularity a slider moves in (any number in range is
    /// accepted); a step of 1 with whole bounds makes it an integer. `unit` is said after the value.
    case number(range: ClosedRange<Double>, step: Double, unit: String?)
    /// An sRGB colour with alpha, written `#RRGGBB` or `#RRGGBBAA`.
    case color
    /// At most `maxCount` colours, in order.
    case colors(maxCount: Int)
    /// One of these words.
    case choice([String])
    case flag
    /// A timing curve: a named one or cubic-bezier control points (see `TimingCurve`).
    case curve

    /// Whether `value` is of this kind and within its bounds.
    public func accepts(_ value: PropValue) -> Bool {
        switch (self, value) {
        case (.number(let range, let step, _), .number(let v)):
            return v.isFinite && range.contains(v) && (!isInteger(step: step, range: range) || v == v.rounded())
        case (.color, .color(let c)): return c.isValidComponents
        case (.colors(let maxCount), .colors(let list)): return list.count <= maxCount && list.allSatisfy(\.isValidComponents)
        case (.choice(let words), .choice(let word)): return words.contains(word)
        case (.flag, .flag): return true
        case (.curve, .curve(let curve)): return curve.isValid
        default: return false
        }
    }

    /// A number kind that only takes whole numbers.
    public var isInteger: Bool {
        if case .number(let range, let step, _) = self { return isInteger(step: step, range: range) }
        return false
    }

    private func isInteger(step: Double, range: ClosedRange<Double>) -> Bool {
        step == 1 && range.lowerBound == range.lowerBound.rounded() && range.upperBound == range.upperBound.rounded()
    }
}

/// A prop's value.
public enum PropValue: Sendable, Hashable {
    case number(Double)
    case color(Color)
    case colors([Color])
    case choice(String)
    case flag(Bool)
    case curve(TimingCurve)
}

extension Color {
    /// Each component in 0…1, as a colour read from `#RRGGBBAA` always is.
    var isValidComponents: Bool {
        [red, green, blue, alpha].allSatisfy { $0.isFinite && (0...1).contains($0) }
    }
}
