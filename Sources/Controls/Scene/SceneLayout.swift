import Animation

extension Scene {
    /// The render tree for `subject` at `time`, fitted into a `width`×`height` pixel frame and built
    /// for `options`. Each control is scaled into its frame or grid cell by its content mode and
    /// centred, as UIKit does, over its view's background if it has one.
    public func frame(_ subject: FrameSubject, at time: Double, width: Double, height: Double,
                      options: FrameOptions = FrameOptions()) -> LayerSnapshot {
        if let control = control(subject) {
            return Self.cell(control, at: time, options: options, in: Rect(x: 0, y: 0, width: width, height: height))
        }
        let grid = configuration.controls.grid
        let cells = grid.cells(width: width, height: height).compactMap { subject, cell -> LayerSnapshot? in
            guard let control = control(subject) else { return nil }
            return Self.cell(control, at: time, options: options, in: cell, margin: grid.cellMargin, clipped: true)
        }
        return LayerSnapshot(name: FrameSubject.all.rawValue, sublayers: cells)
    }

    /// Suffixes of the layers a cell with a view background or a clip adds: the group, and the fill
    /// under the control.
    static let cellSuffix = ".cell"
    static let viewBackgroundName = "view.background"

    /// One control fitted into `cell` by its content mode. A control with a view background gets it
    /// under its tree, filling the whole cell (margin included), and builds its tree for that
    /// backdrop's lightness. An aspect fill overflows the cell: a frame crops it at its edges, and a
    /// cell of a grid (`clipped`) at the cell's own.
    static func cell(_ control: any Control, at time: Double, options: FrameOptions, in cell: Rect,
                     margin: Double = 0, clipped: Bool = false) -> LayerSnapshot {
        var own = options
        if let background = control.viewBackground { own.backdrop = Backdrop(behind: background) }
        let fitted = fit(control.snapshot(at: time, options: own), design: control.designSize, mode: control.contentMode,
                         into: cell, margin: margin)
        let fill = control.viewBackground.map { background in
            LayerSnapshot(name: viewBackgroundName, content: .shape(ShapeContent(path: .rect(cell), fillColor: background)))
        }
        let clip = clipped && control.contentMode == .aspectFill
        guard fill != nil || clip else { return fitted }
        return LayerSnapshot(name: fitted.name + cellSuffix, mask: clip ? .rect(cell) : nil,
                             sublayers: (fill.map { [$0] } ?? []) + [fitted])
    }

    /// `tree` scaled from `design` into `cell`, less `margin` of its shorter side all round, by
    /// `mode`, centred.
    static func fit(_ tree: LayerSnapshot, design: Size, mode: ContentMode, into cell: Rect, margin: Double = 0) -> LayerSnapshot {
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
        return fitted
    }
}
