#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import HamburgerButton
import LayercastKit
import Testing

/// The two states at rest (README.md §The original, States) and the layout (Geometry).
@Suite struct RestStateTests {

    @Test func closedAtRest() {
        let button = HamburgerButton()
        let state = button.state(at: 0)
        #expect(!state.open && !button.isOpen)
        for values in [state.model, state.presentation] {
            #expect(values.strokeStart == 0.028 && values.strokeEnd == 0.111)
            #expect(values.topAngle == 0 && values.bottomAngle == 0)
            #expect(values.topTranslationX == 0 && values.bottomTranslationX == 0)
            expectValues(values, HamburgerClosedForms.closed, .exact)
        }
        for part in [HamburgerButton.Part.top, .bottom] {
            let layer = button.layer(part)
            #expect(layer.transform.concatenating(.rotation(layer.rotation)) == .identity)
        }
        #expect(button.layers.allRecords().isEmpty)
    }

    @Test func openAtRestAfterItsAnimations() {
        var button = openedButton(at: 1)
        // The model is the X at once.
        expectValues(button.state(at: 1).model, HamburgerClosedForms.open, .exact)
        button.advance(to: 3)
        let state = button.state(at: 3)
        #expect(state.open)
        for values in [state.model, state.presentation] {
            #expect(values.strokeStart == 0.325 && values.strokeEnd == 0.9)
            #expect(abs(values.topAngle + 0.7853975) < 1e-15 && abs(values.bottomAngle - 0.7853975) < 1e-15)
            #expect(values.topTranslationX == -4 && values.bottomTranslationX == -4)
        }
        // Every animation stopped and left its layer.
        for part in HamburgerButton.Part.allCases {
            #expect(button.layer(part).animations.isEmpty, "\(part)")
        }
    }

    @Test func openingAtRestIsTheXAtOnce() {
        let button = HamburgerButton(isOpen: true)
        expectValues(button.state(at: 0).presentation, HamburgerClosedForms.open, .exact)
    }

    /// CA's bounds, the bounding box of each path stroked 4 wide with round caps, and the unit anchor
    /// points on them resolved to this engine's anchors in layer coordinates.
    @Test func anchorsMapCoreAnimationsUnitAnchorOntoTheStrokedBounds() {
        typealias G = HamburgerButton.Geometry
        #expect(G.bounds(of: G.shortStroke) == Rect(x: 0, y: 0, width: 30, height: 4))
        let outline = G.bounds(of: G.outline)
        for (got, want) in [(outline.minX, 0.0), (outline.minY, 0), (outline.width, 54), (outline.height, 54)] {
            #expect(abs(got - want) < 1e-12, "\(outline)")
        }
        #expect(abs(G.outerAnchor.x - 28) < 1e-12 && G.outerAnchor.y == 2)
        #expect(abs(G.middleAnchor.x - 27) < 1e-12 && abs(G.middleAnchor.y - 27) < 1e-12)
        let button = HamburgerButton()
        #expect(button.layer(.top).anchor == G.outerAnchor && button.layer(.top).position == Point(40, 18))
        #expect(button.layer(.bottom).anchor == G.outerAnchor && button.layer(.bottom).position == Point(40, 36))
        #expect(button.layer(.middle).anchor == G.middleAnchor && button.layer(.middle).position == Point(27, 27))
    }

    /// Closed: the short strokes span x 14…40 at y 18 and 36; the outline is drawn where its path says.
    @Test func closedSnapshotPlacesTheStrokes() throws {
        let snapshot = HamburgerButton().snapshot(at: 0)
        let top = try #require(snapshot[["top"]]), bottom = try #require(snapshot[["bottom"]])
        let middle = try #require(snapshot[["middle"]])
        expectPoint(top.transform.apply(Point(2, 2)), Point(14, 18))
        expectPoint(top.transform.apply(Point(28, 2)), Point(40, 18))
        expectPoint(bottom.transform.apply(Point(2, 2)), Point(14, 36))
        expectPoint(bottom.transform.apply(Point(28, 2)), Point(40, 36))
        expectPoint(middle.transform.apply(Point(10, 27)), Point(10, 27))
        guard case .shape(let shape) = top.content else { Issue.record("top has no shape"); return }
        #expect(shape.strokeColor == .white && shape.fillColor == nil && shape.lineWidth == 4)
        #expect(shape.lineCap == .round && shape.lineJoin == .miter && shape.miterLimit == 4)
        guard case .shape(let ring) = middle.content else { Issue.record("middle has no shape"); return }
        #expect(ring.strokeStart == 0.028 && ring.strokeEnd == 0.111 && ring.path == HamburgerButton.Geometry.outline)
    }

    /// Open: each outer stroke turned about its right end, which moved 4 left; the two lines cross at
    /// the ring's centre (27, 27).
    @Test func openSnapshotCrossesAtTheRingsCentre() throws {
        var button = openedButton(at: 0)
        button.advance(to: 2)
        let snapshot = button.snapshot(at: 2)
        let top = try #require(snapshot[["top"]]), bottom = try #require(snapshot[["bottom"]])
        expectPoint(top.transform.apply(Point(28, 2)), Point(36, 18))
        expectPoint(bottom.transform.apply(Point(28, 2)), Point(36, 36))
        // Each left end is 26 from the right end, turned by ∓0.7853975: the top's down-left, the bottom's
        // up-left.
        let angle = 0.7853975
        let topLeft = top.transform.apply(Point(2, 2)), bottomLeft = bottom.transform.apply(Point(2, 2))
        expectPoint(topLeft, Point(36 - 26 * cos(angle), 18 + 26 * sin(angle)))
        expectPoint(bottomLeft, Point(36 - 26 * cos(angle), 36 - 26 * sin(angle)))
        // So the lines run along x + y = 54 and y = x, and cross at the ring's centre (27, 27), to the
        // 6.6e-7 rad by which 0.7853975 misses π/4 (1.7e-5 points over the 26-point stroke).
        #expect(abs(topLeft.x + topLeft.y - 54) < 1e-4 && abs(bottomLeft.y - bottomLeft.x) < 1e-4)
    }
}

func expectPoint(_ got: Point, _ want: Point, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(abs(got.x - want.x) < 1e-9 && abs(got.y - want.y) < 1e-9, "\(got) vs \(want)", sourceLocation: sourceLocation)
}
