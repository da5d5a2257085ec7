import Animation

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
        let grid = ControlGrid.standard
        let cells = grid.cells(width: width, height: height).compactMap { subject, cell -> LayerSnapshot? in
            guard let control = control(subject) else { return nil }
            return Self.fit(control.snapshot(at: time, options: options), design: control.designSize, into: cell,
                            margin: grid.cellMargin)
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
