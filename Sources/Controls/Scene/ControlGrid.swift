import Animation

/// How a frame of every control (`control=all`) lays them out: in a row when the frame is wide
/// enough, else in a grid, each control fitted into its cell inside a margin. The server also serves
/// this value (`GET /layout`), so the page cuts such a frame into one stage per control by the
/// same rule instead of a copy of it.
public struct ControlGrid: Sendable, Encodable {
    /// Columns and rows, usable when the frame's width ≥ `minAspect` × its height.
    public struct Arrangement: Sendable, Hashable, Codable {
        public let minAspect: Double
        public let columns: Int
        public let rows: Int
    }

    /// The controls in cell order: left to right, then top to bottom.
    public let controls: [FrameSubject]
    /// Tried in order: the first the frame's aspect allows is used.
    public let arrangements: [Arrangement]
    /// Each control's inset within its cell, as a fraction of the cell's shorter side.
    public let cellMargin: Double

    /// A row when the frame is at least twice as wide as tall, else two columns: each control
    /// gets the biggest square cell either way.
    public static let standard: ControlGrid = {
        let ids = FrameSubject.controls
        return ControlGrid(controls: ids, arrangements: [
            Arrangement(minAspect: 2, columns: ids.count, rows: 1),
            Arrangement(minAspect: 0, columns: 2, rows: (ids.count + 1) / 2),
        ], cellMargin: 0.06)
    }()

    public func arrangement(width: Double, height: Double) -> Arrangement {
        arrangements.first { width >= $0.minAspect * height } ?? Arrangement(minAspect: 0, columns: controls.count, rows: 1)
    }

    /// Each control's cell in a `width`×`height` frame.
    public func cells(width: Double, height: Double) -> [(id: FrameSubject, cell: Rect)] {
        let a = arrangement(width: width, height: height)
        let cellW = width / Double(a.columns), cellH = height / Double(a.rows)
        return controls.enumerated().map { i, id in
            (id, Rect(x: Double(i % a.columns) * cellW, y: Double(i / a.columns) * cellH, width: cellW, height: cellH))
        }
    }
}
