import Animation
import Testing
@testable import Controls

/// The grid of a `control=all` frame: a row from 2:1 on, else two columns, in `FrameSubject.controls` order.
@Suite struct ControlGridTests {
    let grid = ControlGrid.standard

    @Test func aWideFrameIsOneRowOfSquareCells() {
        let cells = grid.cells(width: 880, height: 220)
        #expect(cells.map(\.id) == [.meter, .playButton, .player, .spinner])
        #expect(cells.map(\.cell) == [0, 220, 440, 660].map { Rect(x: $0, y: 0, width: 220, height: 220) })
    }

    @Test func exactlyTwoToOneIsStillARow() {
        #expect(grid.arrangement(width: 440, height: 220) == .init(minAspect: 2, columns: 4, rows: 1))
        #expect(grid.cells(width: 440, height: 220).last?.cell == Rect(x: 330, y: 0, width: 110, height: 220))
    }

    @Test func anythingNarrowerIsTwoByTwoFilledRowByRow() {
        #expect(grid.arrangement(width: 439, height: 220) == .init(minAspect: 0, columns: 2, rows: 2))
        let cells = grid.cells(width: 440, height: 440)
        #expect(cells.map(\.id) == [.meter, .playButton, .player, .spinner])
        #expect(cells.map(\.cell) == [(0, 0), (220, 0), (0, 220), (220, 220)].map { Rect(x: $0, y: $1, width: 220, height: 220) })
    }
}
