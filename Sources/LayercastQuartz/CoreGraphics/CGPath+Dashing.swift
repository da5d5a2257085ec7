import Animation
import Foundation

extension CGPath {
    /// The most dashes one copy makes; past it the pattern is too fine to mean anything and the
    /// path comes back solid *(ours)*, so a tiny pattern on a long path cannot stall a render.
    static let maximumDashes = 100_000

    /// The dashes of the path, each an open piece (curves stay curves), then `transform` applied.
    /// `lengths` alternate painted and unpainted, starting painted; an odd count is read twice over.
    /// `phase` is how far into the pattern each subpath starts, and every subpath starts the pattern
    /// afresh (docs/design/quartz.md §Paths). No positive length, or too many dashes, gives the
    /// path itself; dashes of zero length are left out.
    public func copy(dashingWithPhase phase: CGFloat, lengths: [CGFloat],
                     transform: CGAffineTransform = .identity) -> CGPath {
        var pattern = lengths.map { $0.isNaN ? 0 : max($0, 0) }
        if pattern.count % 2 == 1 { pattern += pattern }
        let period = pattern.reduce(0, +)
        let subpaths = engineSubpaths.map { (path: $0, length: CGFloat($0.length)) }
        let total = subpaths.reduce(0) { $0 + $1.length }
        guard period > 0, period.isFinite, phase.isFinite,
              total / period * CGFloat(pattern.count) <= CGFloat(CGPath.maximumDashes)
        else { return CGPath(elements: CGPath.applying(transform, to: elements)) }

        // Where the pattern stands at the start of every subpath.
        var index = 0
        var left = pattern[0]
        var into = phase.truncatingRemainder(dividingBy: period)
        if into < 0 { into += period }
        while into >= left {
            into -= left
            index = (index + 1) % pattern.count
            left = pattern[index]
        }
        left -= into

        var out: [Element] = []
        for (path, length) in subpaths where length > 0 {
            var (i, remaining, s) = (index, left, CGFloat(0))
            while s < length {
                let e = min(s + remaining, length)
                if i % 2 == 0 && e > s {
                    out += CGPath.elements(of: path.trimmed(from: Double(s / length), to: Double(e / length)))
                }
                s = e
                i = (i + 1) % pattern.count
                remaining = pattern[i]
            }
        }
        return CGPath(elements: CGPath.applying(transform, to: out))
    }

    /// The engine's path cut into subpaths, each opening with a move (one opened by a close
    /// starts where the closed one did).
    var engineSubpaths: [Animation.Path] {
        var result: [Animation.Path] = []
        var current: [PathElement] = []
        var start = Point.zero
        for e in engine.elements {
            switch e {
            case .move(let p):
                if !current.isEmpty { result.append(Animation.Path(current)) }
                current = [.move(p)]
                start = p
            case .close:
                current.append(.close)
                result.append(Animation.Path(current))
                current = []
            case .line, .cubic:
                if current.isEmpty { current = [.move(start)] }
                current.append(e)
            }
        }
        if !current.isEmpty { result.append(Animation.Path(current)) }
        return result
    }
}
