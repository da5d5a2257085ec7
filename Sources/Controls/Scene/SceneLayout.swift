import Animation

extension Scene {
    /// The render tree for `subject` at `time`, fitted into a `width`×`height` pixel frame and built
    /// for `options`. Each control is scaled into its frame or cell by its content mode and centred, as
    /// UIKit does.
    public func frame(_ subject: FrameSubject, at time: Double, width: Double, height: Double,
                      options: FrameOptions = FrameOptions()) -> LayerSnapshot {
        if let control = control(subject) {
            return Self.fit(control.snapshot(at: time, options: options), design: control.designSize,
                            mode: control.contentMode, into: Rect(x: 0, y: 0, width: width, height: height))
        }
        let grid = ControlGrid.standard
        let cells = grid.cells(width: width, height: height).compactMap { subject, cell -> LayerSnapshot? in
            guard let control = control(subject) else { return nil }
            return Self.fit(control.snapshot(at: time, options: options), design: control.designSize,
                            mode: control.contentMode, into: cell, margin: grid.cellMargin, clipped: true)
        }
        return LayerSnapshot(name: FrameSubject.all.rawValue, sublayers: cells)
    }

    /// `tree` scaled from `design` into `cell` (less `margin` of its shorter side all round) by
    /// `mode`, centred. An aspect fill overflows the cell; a frame crops it at its edges, and a cell
    /// of a grid (`clipped`) at the cell's own.
    static func fit(_ tree: LayerSnapshot, design: Size, mode: ContentMode, into cell: Rect, margin: Double = 0,
                    clipped: Bool = false) -> LayerSnapshot {
        let inset = min(cell.width, cell.height) * margin
        let sx = (cell.width - 2 * inset) / design.width, sy = (cell.height - 2 * inset) / design.height
        let (scaleX, scaleY) = switch mode {
        case .scaleToFill: (sx, sy)
        case .aspectFit: (min(sx, sy), min(sx, sy))
        case .aspectFill: (max(sx, sy), max(sx, sy))
        }
        let dx = cell.minX + (cell.width - design.width * scaleX) / 2
        let dy = cell.minY + (cell.height - design.height * scaleY) / 2
        var fitted = tree
        fitted.transform = AffineTransform.translation(dx, dy)
            .concatenating(.scale(scaleX, scaleY))
            .concatenating(tree.transform)
        guard clipped, mode == .aspectFill else { return fitted }
        return LayerSnapshot(name: tree.name + ".cell", mask: .rectangle(cell), sublayers: [fitted])
    }
}
