import Animation
import Testing
@testable import Controls
@testable import SeedControls

/// The grid of a `control=all` frame for the four square seed controls: a row from 2:1 on, two columns
/// from 1:2, else one column, in `ControlList.seeds.subjects` order; and for other lists, the arrangement
/// that fits the smallest control largest.
@Suite struct ControlGridTests {

    var grid: ControlGrid { ControlList.seeds.grid }

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
        #expect(grid.arrangement(width: 439, height: 220) == .init(minAspect: 0.5, columns: 2, rows: 2))
        let cells = grid.cells(width: 440, height: 440)
        #expect(cells.map(\.id) == [.meter, .playButton, .player, .spinner])
        #expect(cells.map(\.cell) == [(0, 0), (220, 0), (0, 220), (220, 220)].map { Rect(x: $0, y: $1, width: 220, height: 220) })
    }

    @Test func aTallFrameIsOneColumn() {
        #expect(grid.arrangement(width: 220, height: 440) == .init(minAspect: 0.5, columns: 2, rows: 2))
        #expect(grid.arrangement(width: 219, height: 440) == .init(minAspect: 0, columns: 1, rows: 4))
    }

    /// Five square controls: a row from 5:2 (where a fifth of the width is half the height), three
    /// columns (two rows) from 1:1, two from 0.4:1, else one; a tie goes to the fuller last row, then
    /// to more columns.
    @Test func fiveControlsTakeTheArrangementThatFitsThemLargest() {
        let ids = ["a", "b", "c", "d", "e"].map { FrameSubject(rawValue: $0) }
        let five = ControlGrid(controls: ids, designSizes: Array(repeating: Size(10, 10), count: 5))
        #expect(five.arrangements.map(\.columns) == [5, 3, 2, 1])
        #expect(five.arrangement(width: 250, height: 100).columns == 5)
        #expect(five.arrangement(width: 249, height: 100).columns == 3)
        #expect(five.arrangement(width: 100, height: 100).columns == 3)
        #expect(five.arrangement(width: 99, height: 100).columns == 2)
        #expect(five.arrangement(width: 40, height: 100).columns == 1)
    }

    /// Wide designs are fitted by their width: two 2:1 controls stack until the frame is 2:1, where a
    /// row fits them as large (and takes more columns).
    @Test func designSizesShapeTheGrid() {
        let ids = ["a", "b"].map { FrameSubject(rawValue: $0) }
        let wide = ControlGrid(controls: ids, designSizes: [Size(200, 100), Size(200, 100)])
        #expect(wide.arrangement(width: 199, height: 100).columns == 1)
        #expect(wide.arrangement(width: 200, height: 100).columns == 2)
    }
}
