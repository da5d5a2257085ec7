import Animation

/// How far a layer's drawing can reach: in its own plane (`Occlusion.extent`) or in device pixels
/// (`Extent(of:device:)`, for `Damage`).
enum Extent: Equatable {
    /// Draws no pixel.
    case nothing
    case box(Rect)
    /// Cannot be bounded (text in a layer's own plane; non-finite geometry).
    case unknown

    func union(_ other: Extent) -> Extent {
        switch (self, other) {
        case (.unknown, _), (_, .unknown): .unknown
        case (.nothing, let e), (let e, .nothing): e
        case (.box(let a), .box(let b)): .box(a.union(b))
        }
    }
}
