extension LayerAnimation {
    /// Fills in what the animation leaves to the layer (missing from/to values, zero durations) and
    /// checks that every value fits its property, so that evaluation later cannot fail.
    func resolved(presentation: (LayerProperty) -> AnimatableValue,
                  model: (LayerProperty) -> AnimatableValue) throws -> LayerAnimation {
        var copy = self
        var timing = copy.timing
        if timing.duration <= 0 { timing.duration = MediaTiming.defaultDuration }
        copy.timing = timing
        switch copy {
        case .basic(var a):
            let current = presentation(a.property)
            // Core Animation's from/to/by table; a missing end is the value on screen now.
            switch (a.fromValue, a.toValue, a.byValue) {
            case (let f?, let t?, _): (a.fromValue, a.toValue) = (f, t)
            case (let f?, nil, let b?): a.toValue = try f.adding(b)
            case (nil, let t?, let b?): a.fromValue = try t.subtracting(b)
            case (_?, nil, nil): a.toValue = current
            case (nil, _?, nil): a.fromValue = current
            case (nil, nil, let b?): (a.fromValue, a.toValue) = (current, try current.adding(b))
            case (nil, nil, nil): (a.fromValue, a.toValue) = (current, model(a.property))
            }
            for v in [a.fromValue, a.toValue].compactMap({ $0 }) {
                try Self.check(v, for: a.property)
            }
            if let f = a.fromValue, let t = a.toValue { _ = try f.interpolated(to: t, 0.5) }
            return .basic(a)
        case .keyframe(let k):
            guard !k.values.isEmpty else { throw AnimationError.notEnoughKeyframes }
            for v in k.values { try Self.check(v, for: k.property) }
            for (v, w) in zip(k.values, k.values.dropFirst()) { _ = try v.interpolated(to: w, 0.5) }
            if let times = k.keyTimes {
                let expected = k.calculationMode == .discrete ? k.values.count + 1 : k.values.count
                guard times.count == expected, zip(times, times.dropFirst()).allSatisfy({ $0 <= $1 }) else {
                    throw AnimationError.keyTimesMismatch
                }
            }
            return .keyframe(k)
        case .group(var g):
            g.animations = try g.animations.map { try $0.resolved(presentation: presentation, model: model) }
            return .group(g)
        }
    }

    private static func check(_ v: AnimatableValue, for p: LayerProperty) throws {
        guard v.kind == p.valueKind else {
            throw AnimationError.wrongValueKind(property: p.rawValue, expected: p.valueKind, got: v.kind)
        }
    }

    /// The value this animation gives `property` at parent time `t` over `base` (the value from
    /// the model and earlier animations), or nil when it does not apply then.
    func value(of property: LayerProperty, at t: Double, base: AnimatableValue) -> AnimatableValue? {
        let timing = self.timing
        guard let local = timing.basicLocalTime(at: t) else { return nil }
        let d = timing.effectiveDuration
        switch self {
        case .basic(let a):
            guard a.property == property, let from = a.fromValue, let to = a.toValue else { return nil }
            let p = (a.timingFunction ?? .linear).solve(local / d)
            guard let v = try? from.interpolated(to: to, p) else { return nil }
            return a.isAdditive ? (try? base.adding(v)) : v
        case .keyframe(let k):
            guard k.property == property else { return nil }
            let p = (k.timingFunction ?? .linear).solve(local / d)
            guard let v = k.value(atProgress: p) else { return nil }
            return k.isAdditive ? (try? base.adding(v)) : v
        case .group(let g):
            // Children see the group's local time as their parent time.
            let groupTime = (g.timingFunction ?? .linear).solve(local / d) * d
            var result: AnimatableValue?
            for child in g.animations where child.properties.contains(property) {
                if let v = child.value(of: property, at: groupTime, base: result ?? base) { result = v }
            }
            return result
        }
    }
}

extension KeyframeAnimation {
    func value(atProgress p: Double) -> AnimatableValue? {
        let n = values.count
        guard n > 0 else { return nil }
        if n == 1 { return values[0] }
        switch calculationMode {
        case .discrete:
            let times = keyTimes ?? (0...n).map { Double($0) / Double(n) }
            var index = 0
            for i in 0..<n where p >= times[i] { index = i }
            return values[index]
        case .linear:
            let times = keyTimes ?? (0..<n).map { Double($0) / Double(n - 1) }
            if p <= times[0] { return values[0] }
            if p >= times[n - 1] { return values[n - 1] }
            var i = 0
            while i < n - 2 && p > times[i + 1] { i += 1 }
            let span = times[i + 1] - times[i]
            var f = span > 0 ? (p - times[i]) / span : 1
            if let fns = timingFunctions, i < fns.count { f = fns[i].solve(f) }
            return try? values[i].interpolated(to: values[i + 1], f)
        }
    }
}
