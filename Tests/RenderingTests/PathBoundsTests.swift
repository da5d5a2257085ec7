import Animation
import Testing
@testable import Rendering

@Suite struct PathBoundsTests {
    @Test func boundsFollowTheCurveNotItsHandles() throws {
        let arch = Path([.move(Point(0, 0)), .cubic(Point(0, 100), Point(100, 100), Point(100, 0))])
        let box = try #require(tightBounds(of: arch))
        #expect(box.minX == 0 && box.maxX == 100 && box.minY == 0)
        #expect(abs(box.maxY - 75) < 1e-9)

        let circle = try #require(tightBounds(of: Path.circle(center: Point(50, 50), radius: 30)))
        #expect(abs(circle.minX - 20) < 1e-9 && abs(circle.maxY - 80) < 1e-9)
        #expect(tightBounds(of: Path()) == nil)
    }
}
