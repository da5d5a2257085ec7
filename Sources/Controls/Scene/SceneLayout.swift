import Animation

/// What a frame shows, by the names the HTTP API's `control` parameter uses: one control, or every
/// control in a grid.
public enum FrameSubject: String, Sendable, Hashable, CaseIterable, Codable {
    case all
    case meter
    case playButton = "play-button"
    case player
    case spinner

    /// The subjects that are one control each, in the grid's order.
    public static let controls = allCases.filter { $0 != .all }
}

extension Scene {
    /// The render tree for `subject` at `time`, fitted into a `width`×`height` pixel frame and built
    /// for `options`. Each control is scaled uniformly to fit its cell and centred (aspect fit), as
    /// UIKit does.
    public func frame(_ subject: FrameSubject, at time: Double, width: Double, height: Double,
                      options: FrameOptions = FrameOptions()) -> LayerSnapshot {
        if let control = control(subject) {
            return Self.fit(control.snapshot(at: time, options: options), design: control.designSize,
                            into: Rect(x: 0, y: 0, width: width, height: height))
        }
        let controls = FrameSubject.controls.compactMap(control)
        // A row when the frame is wide, else a 2×2 grid: each control gets the biggest square cell.
        let columns = width >= 2 * height ? controls.count : 2
        let rows = (controls.count + columns - 1) / columns
        let cellW = width / Double(columns), cellH = height / Double(rows)
        let cells = controls.enumerated().map { i, control in
            Self.fit(control.snapshot(at: time, options: options), design: control.designSize,
                     into: Rect(x: Double(i % columns) * cellW, y: Double(i / columns) * cellH,
                                width: cellW, height: cellH),
                     margin: 0.06)
        }
        return LayerSnapshot(name: FrameSubject.all.rawValue, sublayers: cells)
    }

    static func fit(_ tree: LayerSnapshot, design: Size, into cell: Rect, margin: Double = 0) -> LayerSnapshot {
        let inset = min(cell.width, cell.height) * margin
        let scale = min((cell.width - 2 * inset) / design.width, (cell.height - 2 * inset) / design.height)
        let dx = cell.minX + (cell.width - design.width * scale) / 2
        let dy = cell.minY + (cell.height - design.height * scale) / 2
        var fitted = tree
        fitted.transform = AffineTransform.translation(dx, dy)
            .concatenating(.scale(scale, scale))
            .concatenating(tree.transform)
        return fitted
    }
}
