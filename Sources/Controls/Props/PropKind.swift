import Animation

/// What a prop accepts. One value decides the prop's checks here and, in the server, its JSON Schema,
/// its error texts and its boundary tests.
public enum PropKind: Sendable, Hashable {
    /// A number in `range`. `step` is the granularity a slider moves in (any number in range is
    /// accepted). `unit` is said after the value.
    case number(range: ClosedRange<Double>, step: Double, unit: String?)
    /// A whole number in `range`.
    case integer(range: ClosedRange<Int>, unit: String?)
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
        case (.number(let range, _, _), .number(let v)):
            return v.isFinite && range.contains(v)
        case (.integer(let range, _), .number(let v)):
            return v == v.rounded() && Double(range.lowerBound) <= v && v <= Double(range.upperBound)
        case (.color, .color(let c)): return c.isValidComponents
        case (.colors(let maxCount), .colors(let list)): return list.count <= maxCount && list.allSatisfy(\.isValidComponents)
        case (.choice(let words), .choice(let word)): return words.contains(word)
        case (.flag, .flag): return true
        case (.curve, .curve(let curve)): return curve.isValid
        default: return false
        }
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
