import Animation

extension Scene {
    /// The render tree for `subject` at `time`, fitted into a `width`×`height` pixel frame and built
    /// for `options`. Each control is scaled uniformly to fit its cell and centred (aspect fit), as
    /// UIKit does, over its view's background if it has one.
    public func frame(_ subject: FrameSubject, at time: Double, width: Double, height: Double,
                      options: FrameOptions = FrameOptions()) -> LayerSnapshot {
        if let control = control(subject) {
            return Self.cell(control, at: time, options: options, in: Rect(x: 0, y: 0, width: width, height: height))
        }
        let grid = ControlGrid.standard
        let cells = grid.cells(width: width, height: height).compactMap { subject, cell -> LayerSnapshot? in
            guard let control = control(subject) else { return nil }
            return Self.cell(control, at: time, options: options, in: cell, margin: grid.cellMargin)
        }
        return LayerSnapshot(name: FrameSubject.all.rawValue, sublayers: cells)
    }

    /// Suffixes of the layers a cell with a view background adds: the group, and the fill under the
    /// control.
    static let cellSuffix = ".cell"
    static let viewBackgroundName = "view.background"

    /// One control fitted into `cell`. A control with a view background gets it under its tree,
    /// filling the whole cell (margin included), and builds its tree for that backdrop's lightness.
    static func cell(_ control: any Control, at time: Double, options: FrameOptions, in cell: Rect,
                     margin: Double = 0) -> LayerSnapshot {
        guard let background = control.viewBackground else {
            return fit(control.snapshot(at: time, options: options), design: control.designSize, into: cell, margin: margin)
        }
        var own = options
        own.backdrop = Backdrop(behind: background)
        let fitted = fit(control.snapshot(at: time, options: own), design: control.designSize, into: cell, margin: margin)
        let fill = LayerSnapshot(name: viewBackgroundName, content: .shape(ShapeContent(path: .rect(cell), fillColor: background)))
        return LayerSnapshot(name: fitted.name + cellSuffix, sublayers: [fill, fitted])
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
