import Testing
import Foundation
import Animation
@testable import Controls
@testable import SeedControls

/// docs/design/play-button.md §Shapes: the seven shapes, their element structure and their key points.
@Suite struct PlayButtonShapesTests {

    typealias Shape = PlayButton.Shape

    static func kinds(_ shape: Shape) -> String {
        PlayButton.shapePath(shape).elements.map { e -> String in
            switch e.kind {
            case .move: "M"
            case .line: "L"
            case .cubic: "C"
            case .close: "Z"
            }
        }.joined(separator: " ")
    }

    static func ends(_ shape: Shape) -> [Point] {
        PlayButton.shapePath(shape).elements.compactMap(\.endPoint)
    }

    static func expectEnds(_ shape: Shape, _ expected: [(Double, Double)], tolerance: Double,
                           sourceLocation: SourceLocation = #_sourceLocation) {
        let actual = ends(shape)
        #expect(actual.count == expected.count, sourceLocation: sourceLocation)
        for (i, (p, q)) in zip(actual, expected).enumerated() {
            #expect(p.distance(to: Point(q.0, q.1)) < tolerance, "\(shape) element \(i + 1): \(p) vs \(q)",
                    sourceLocation: sourceLocation)
        }
    }

    static let d = 1.5 / sqrt(5.0)

    @Test(arguments: Shape.allCases) func everyShapeHasElevenElementsOfTheSpecsKinds(_ shape: Shape) {
        #expect(PlayButton.shapePath(shape).elements.count == 11)
        let expected = shape == .triangle ? "M C C L C L C L C C Z" : "M C L L C L C L L C Z"
        #expect(Self.kinds(shape) == expected)
    }

    /// Every morph the state machine (and the buffering keyframes) runs between two shapes.
    static let morphs: [(Shape, Shape)] = [
        (.triangle, .bar), (.bar, .triangle), (.bar, .pauseLeft), (.bar, .pauseRight), (.pauseLeft, .bar),
        (.pauseRight, .bar), (.bar, .square), (.square, .bar), (.bar, .dotRight), (.dotRight, .bar),
        (.bar, .dotLeft), (.dotLeft, .bar),
    ]

    @Test func everyMorphOfTheStateMachineIsCompatible() {
        for (a, b) in Self.morphs {
            #expect(PlayButton.shapePath(a).isMorphCompatible(with: PlayButton.shapePath(b)), "\(a) → \(b)")
        }
    }

    /// Interrupted steps start from blends, so any pair must morph too (e.g. split from a half-shrunk square).
    @Test func anyTwoShapesAndTheirBlendsAreCompatible() throws {
        for a in Shape.allCases {
            for b in Shape.allCases {
                let pa = PlayButton.shapePath(a), pb = PlayButton.shapePath(b)
                #expect(pa.isMorphCompatible(with: pb), "\(a) → \(b)")
                let blend = try Path.interpolate(from: pa, to: pb, 0.5)
                for c in Shape.allCases {
                    #expect(blend.isMorphCompatible(with: PlayButton.shapePath(c)), "\(a)/\(b) → \(c)")
                }
            }
        }
    }

    @Test func triangleEndPointsMatchTheSpecTable() {
        Self.expectEnds(.triangle, [
            (14.5, 14.427), (16.0, 12.927), (16.671, 13.085), (31.817, 20.658), (32.646, 22.0), (32.646, 22.0),
            (31.817, 23.342), (16.671, 30.915), (16.0, 31.073), (14.5, 29.573),
        ], tolerance: 1e-3)
        let v = PlayButton.Geometry.standard.triangleVertices
        #expect(v.upperLeft == Point(14.5, 12) && v.tip == Point(34.5, 22) && v.lowerLeft == Point(14.5, 32))
        // The circumcentre is the button's centre.
        for p in [v.upperLeft, v.tip, v.lowerLeft] { #expect(abs(p.distance(to: Point(22, 22)) - 12.5) < 1e-12) }
    }

    @Test func helperSpacingIsRadiusOverRootFive() {
        #expect(abs(PlayButton.Geometry.standard.helperSpacing - Self.d) < 1e-12)
        #expect(abs(Self.d - 0.6708) < 1e-4)
    }

    /// Each corner piece is one cubic approximating an arc of the corner radius about the spec's centre:
    /// both ends and the curve's midpoint lie on the circle, with handles k·r, k = 4/3·tan(θ/4).
    @Test func triangleCornersAreArcsAboutTheSpecCentres() {
        let e = PlayButton.shapePath(.triangle).elements
        let pieces: [(index: Int, center: Point, degrees: Double)] = [
            (1, Point(16.0, 14.427), 90), (2, Point(16.0, 14.427), 26.565),
            (4, Point(31.146, 22), 63.435), (6, Point(31.146, 22), 63.435),
            (8, Point(16.0, 29.573), 26.565), (9, Point(16.0, 29.573), 90),
        ]
        for piece in pieces {
            guard case .cubic(let c1, let c2, let p1) = e[piece.index], let p0 = e[piece.index - 1].endPoint else {
                Issue.record("element \(piece.index + 1) is not a cubic")
                continue
            }
            let mid = Point(0.125 * p0.x + 0.375 * c1.x + 0.375 * c2.x + 0.125 * p1.x,
                            0.125 * p0.y + 0.375 * c1.y + 0.375 * c2.y + 0.125 * p1.y)
            for p in [p0, p1, mid] { #expect(abs(p.distance(to: piece.center) - 1.5) < 1e-3, "\(piece.index + 1)") }
            let k = 4.0 / 3.0 * tan(piece.degrees * .pi / 180 / 4) * 1.5
            #expect(abs(p0.distance(to: c1) - k) < 1e-3 && abs(p1.distance(to: c2) - k) < 1e-3, "\(piece.index + 1)")
        }
        // Tip halves are equal; the zero-length line joins them.
        #expect(e[5] == .line(e[4].endPoint!))
    }

    @Test func barKeyPoints() {
        Self.expectEnds(.bar, [(12, 22), (15, 19), (15, 19), (29, 19), (32, 22), (32, 22), (29, 25), (15, 25),
                               (15, 25), (12, 22)], tolerance: 1e-12)
    }

    @Test func squareKeyPoints() {
        let d = Self.d
        Self.expectEnds(.square, [(14.5, 16), (16, 14.5), (16 + d, 14.5), (28, 14.5), (29.5, 16), (29.5, 28),
                                  (28, 29.5), (16 + d, 29.5), (16, 29.5), (14.5, 28)], tolerance: 1e-12)
    }

    @Test func dotsKeyPoints() {
        let d = Self.d
        Self.expectEnds(.dotRight, [(26, 22), (29, 19), (29 + d, 19), (29, 19), (32, 22), (32, 22), (29, 25),
                                    (29 + d, 25), (29, 25), (26, 22)], tolerance: 1e-12)
        Self.expectEnds(.dotLeft, [(12, 22), (15, 19), (15 + d, 19), (15, 19), (18, 22), (18, 22), (15, 25),
                                   (15 + d, 25), (15, 25), (12, 22)], tolerance: 1e-12)
    }

    /// Pause: the bar shifted ±6 in y; turned 90° clockwise about (22,22) it shows two 6×20 bars
    /// centred at x = 16 and x = 28, y 12…32.
    @Test func pauseBarsOnScreen() {
        let bar = Self.ends(.bar)
        for (shape, dy, screenX) in [(Shape.pauseLeft, 6.0, 16.0), (.pauseRight, -6.0, 28.0)] {
            let ends = Self.ends(shape)
            for (p, q) in zip(ends, bar) { #expect(p == Point(q.x, q.y + dy)) }
            let turn = AffineTransform.translation(22, 22).concatenating(.rotation(.pi / 2))
                .concatenating(.translation(-22, -22))
            let screen = ends.map(turn.apply)
            let xs = screen.map(\.x), ys = screen.map(\.y)
            #expect(abs(xs.min()! - (screenX - 3)) < 1e-12 && abs(xs.max()! - (screenX + 3)) < 1e-12, "\(shape)")
            #expect(abs(ys.min()! - 12) < 1e-12 && abs(ys.max()! - 32) < 1e-12, "\(shape)")
        }
    }

    @Test func shapeNamesForTheAPI() {
        #expect(Shape.allCases.map(\.rawValue) == ["triangle", "bar", "pause-left", "pause-right", "square",
                                                   "dot-left", "dot-right"])
    }
}
