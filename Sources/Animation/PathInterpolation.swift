extension Path {
    /// Element-wise blend of two paths with the same element sequence. A line facing a cubic is
    /// promoted to the cubic with controls at 1/3 and 2/3, so that it stays straight at the ends of
    /// the morph. Any other difference in structure is an error, never a silent glitch.
    public static func interpolate(from a: Path, to b: Path, _ t: Double) throws -> Path {
        try combine(a, b) { p, q in p.lerp(to: q, t) }
    }

    /// True when `interpolate(from: self, to: other, …)` is defined.
    public func isMorphCompatible(with other: Path) -> Bool {
        (try? Path.combine(self, other) { p, _ in p }) != nil
    }

    /// Applies `f` to corresponding points of two structurally equal paths.
    static func combine(_ a: Path, _ b: Path, _ f: (Point, Point) -> Point) throws -> Path {
        guard a.elements.count == b.elements.count else {
            let i = min(a.elements.count, b.elements.count)
            throw AnimationError.pathStructureMismatch(
                index: i, a.elements.count > i ? a.elements[i].kind : nil, b.elements.count > i ? b.elements[i].kind : nil)
        }
        var result: [PathElement] = []
        result.reserveCapacity(a.elements.count)
        var currentA = Point.zero, currentB = Point.zero
        var startA = Point.zero, startB = Point.zero
        for (i, (ea, eb)) in zip(a.elements, b.elements).enumerated() {
            switch (ea, eb) {
            case (.move(let p), .move(let q)):
                result.append(.move(f(p, q)))
                (startA, startB) = (p, q)
            case (.line(let p), .line(let q)):
                result.append(.line(f(p, q)))
            case (.close, .close):
                result.append(.close)
                (currentA, currentB) = (startA, startB)
                continue
            case (.cubic, .cubic), (.line, .cubic), (.cubic, .line):
                let (a1, a2, ap) = ea.asCubic(from: currentA)
                let (b1, b2, bp) = eb.asCubic(from: currentB)
                result.append(.cubic(f(a1, b1), f(a2, b2), f(ap, bp)))
            default:
                throw AnimationError.pathStructureMismatch(index: i, ea.kind, eb.kind)
            }
            currentA = ea.endPoint ?? currentA
            currentB = eb.endPoint ?? currentB
        }
        return Path(result)
    }
}

extension PathElement {
    /// A line or cubic as a cubic's (control1, control2, end), starting at `start`.
    func asCubic(from start: Point) -> (Point, Point, Point) {
        switch self {
        case .cubic(let c1, let c2, let p): (c1, c2, p)
        case .line(let p): (start.lerp(to: p, 1.0 / 3.0), start.lerp(to: p, 2.0 / 3.0), p)
        case .move(let p): (p, p, p)
        case .close: (start, start, start)
        }
    }
}
