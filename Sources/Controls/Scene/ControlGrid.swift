import Animation

/// How a frame of every control (`control=all`) lays them out: in the arrangement of columns and
/// rows that gives the controls the most room at the frame's aspect, each control fitted into its
/// cell inside a margin. The server also serves this value (`GET /layout`), so the page cuts such a
/// frame into one stage per control by the same rule instead of a copy of it.
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

    /// For controls of these design sizes, in this order: at each frame aspect, the column count
    /// whose cells fit the smallest control largest, a tie going to the fuller last row, then to
    /// more columns. Four square controls make a row from 2:1 up, else two columns.
    public init(controls: [FrameSubject], designSizes: [Size], cellMargin: Double = 0.06) {
        self.controls = controls
        self.cellMargin = cellMargin
        let n = max(1, controls.count)
        // Each design's shape, its longer side 1.
        let shapes = designSizes.map { s in (w: s.width / max(s.width, s.height), h: s.height / max(s.width, s.height)) }
        func score(_ columns: Int, aspect: Double) -> (Double, Int, Int) {
            let rows = (n + columns - 1) / columns
            let cellW = aspect / Double(columns), cellH = 1 / Double(rows)
            let fit = shapes.map { min(cellW / $0.w, cellH / $0.h) }.min() ?? min(cellW, cellH)
            // Rounded so that equal fits compare equal whatever the float noise.
            return ((fit * 1e9).rounded(), -(rows * columns - n), columns)
        }
        func best(at aspect: Double) -> Int {
            (1...n).max { score($0, aspect: aspect) < score($1, aspect: aspect) } ?? n
        }
        // The winner only gains columns as frames widen: find where each takes over by bisection.
        var found: [Arrangement] = []
        var low = 1.0 / 64, columns = best(at: low)
        found.append(Arrangement(minAspect: 0, columns: columns, rows: (n + columns - 1) / columns))
        while columns < n {
            var high = 64.0
            guard best(at: high) != columns else { break }
            for _ in 0..<60 {
                let mid = (low + high) / 2
                if best(at: mid) == columns { low = mid } else { high = mid }
            }
            columns = best(at: high)
            // A round threshold where the next arrangement already wins there (a tie it takes).
            var threshold = (high * 1e6).rounded() / 1e6
            if best(at: threshold) != columns { threshold += 1e-6 }
            found.append(Arrangement(minAspect: threshold, columns: columns, rows: (n + columns - 1) / columns))
            low = high
        }
        arrangements = found.reversed()
    }

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
