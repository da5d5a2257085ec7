import Animation
@testable import Controls
@testable import SeedControls

/// Shared helpers for the MusicPlayer suites.
enum MP {
    static let e = TimingFunction.easeInEaseOut

    /// A player with the default cover, playing since `t`.
    static func playing(since t: Double = 0) -> MusicPlayer {
        var p = MusicPlayer(artwork: nil, at: 0)
        p.play(at: t)
        return p
    }

    /// Advances to `t` and reads the ring's strokeEnd on screen there.
    static func ring(_ p: inout MusicPlayer, _ t: Double) -> Double {
        state(&p, t).ringStrokeEnd.presentation
    }

    /// Advances to `t` and reads the state there.
    static func state(_ p: inout MusicPlayer, _ t: Double) -> MusicPlayer.State {
        p.advance(to: t)
        return p.state(at: t)
    }

    /// The signed difference of two angles, folded into (−π, π].
    static func angleDifference(_ a: Double, _ b: Double) -> Double {
        var d = (a - b).truncatingRemainder(dividingBy: 2 * .pi)
        if d > .pi { d -= 2 * .pi }
        if d <= -.pi { d += 2 * .pi }
        return d
    }

    /// Finds the first layer called `name`, depth first, with the transform from it into the root.
    static func find(_ name: String, in tree: LayerSnapshot,
                     transform: AffineTransform = .identity) -> (LayerSnapshot, AffineTransform)? {
        let t = transform.concatenating(tree.transform)
        if tree.name == name { return (tree, t) }
        for child in tree.sublayers {
            if let hit = find(name, in: child, transform: t) { return hit }
        }
        return nil
    }

    static func shape(_ layer: LayerSnapshot) -> ShapeContent? {
        if case .shape(let s) = layer.content { return s }
        for child in layer.sublayers {
            if case .shape(let s) = child.content { return s }
        }
        return nil
    }

    static func image(_ layer: LayerSnapshot) -> ImageContent? {
        if case .image(let i) = layer.content { return i }
        return nil
    }

    static func points(_ path: Path) -> [Point] {
        path.elements.compactMap(\.endPoint)
    }

    static func close(_ a: Point, _ b: Point, _ tolerance: Double = 1e-9) -> Bool {
        abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
    }
}
