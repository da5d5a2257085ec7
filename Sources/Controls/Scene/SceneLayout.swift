import Animation

/// Which part of the scene a frame shows.
public enum FrameSubject: Sendable, Hashable {
    case control(ControlID)
    /// Every control in a grid, in `ControlID.allCases` order.
    case all
}

extension Scene {
    /// The render tree for `subject` at `time`, fitted into a `width`×`height` pixel frame.
    /// Each control is scaled uniformly to fit its cell and centred (aspect fit), as UIKit does.
    public func frame(_ subject: FrameSubject, at time: Double, width: Double, height: Double) -> LayerSnapshot {
        switch subject {
        case .control(let id):
            return Self.fit(control(id).snapshot(at: time), design: control(id).designSize,
                            into: Rect(x: 0, y: 0, width: width, height: height))
        case .all:
            let grid = ControlGrid.standard
            let cells = grid.cells(width: width, height: height).map { id, cell in
                Self.fit(control(id).snapshot(at: time), design: control(id).designSize, into: cell, margin: grid.cellMargin)
            }
            return LayerSnapshot(name: "all", sublayers: cells)
        }
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
