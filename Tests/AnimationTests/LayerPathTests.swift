import Testing
@testable import Animation

/// Reading and changing sublayers by their names.
@Suite struct LayerPathTests {
    static let disc = LayerPath.root.appending("disc")
    static let blurred = disc.appending("artwork.blurred")

    /// player › disc › (background, artwork.blurred), button; every layer with its own line width.
    static func tree() -> ShapeLayer {
        func layer(_ name: String, _ width: Double, _ sublayers: [ShapeLayer] = []) -> ShapeLayer {
            var l = ShapeLayer(name: name)
            l.lineWidth = width
            l.sublayers = sublayers
            return l
        }
        return layer("player", 1, [
            layer("disc", 2, [layer("background", 3), layer("artwork.blurred", 4)]),
            layer("button", 5),
        ])
    }

    @Test func pathsAreBuiltFromTheirParents() {
        #expect(Self.blurred.names == ["disc", "artwork.blurred"])
        #expect(Self.blurred.name == "artwork.blurred")
        #expect(Self.blurred == ["disc", "artwork.blurred"])
        #expect(LayerPath.root.names.isEmpty && LayerPath.root.name.isEmpty)
        #expect(Self.blurred.description == "disc › artwork.blurred")
    }

    @Test func readsTheLayerAtAPath() {
        let tree = Self.tree()
        #expect(tree[.root]?.name == "player")
        #expect(tree[Self.disc]?.lineWidth == 2)
        #expect(tree[Self.blurred]?.lineWidth == 4)
        #expect(tree[["button"]]?.lineWidth == 5)
    }

    @Test func aMissingNameReadsNilAndModifiesNothing() {
        var tree = Self.tree()
        let before = tree.snapshot(at: 0)
        for path: LayerPath in [["artwork.blurred"], ["disc", "button"], ["disc", "artwork.blurred", "deeper"], ["nothing"]] {
            #expect(tree[path] == nil, "\(path)")
            var called = false
            let result = tree.modify(path) { layer -> Int in
                called = true
                layer.lineWidth = 99
                return 1
            }
            #expect(result == nil && !called, "\(path)")
        }
        #expect(tree.snapshot(at: 0) == before)
    }

    @Test func modifiesTheLayerAtANestedPathWhereItIs() throws {
        var tree = Self.tree()
        let result = tree.modify(Self.blurred) { layer -> Double in
            layer.opacity = 0.25
            return layer.lineWidth
        }
        #expect(result == 4)
        #expect(tree[Self.blurred]?.opacity == 0.25)
        // Its parent, siblings and the rest of the tree are as they were.
        #expect(tree[Self.disc]?.opacity == 1 && tree[["disc", "background"]]?.opacity == 1)
        #expect(tree[["button"]]?.opacity == 1 && tree.opacity == 1)
        #expect(tree[Self.disc]?.sublayers.map(\.name) == ["background", "artwork.blurred"])

        // An animation attached through the path runs in the tree: the tree reports its stop.
        try tree.modify(Self.blurred) { layer in
            try layer.add(BasicAnimation(.opacity, from: .double(0), to: .double(1), duration: 2), forKey: "fade", at: 1)
        }
        #expect(abs((tree[Self.blurred]?.presentationValue(.opacity, at: 2).doubleValue ?? 0) - 0.5) < 1e-12)
        #expect(tree.nextStop(upTo: 5) == AnimationStop(layer: "artwork.blurred", key: "fade", finished: true, time: 3))
    }

    @Test func theFirstOfSiblingsWithOneNameIsTheOneAddressed() {
        var tree = ShapeLayer(name: "root")
        tree.sublayers = [ShapeLayer(name: "twin"), ShapeLayer(name: "twin")]
        tree.modify(["twin"]) { $0.lineWidth = 7 }
        #expect(tree.sublayers.map(\.lineWidth) == [7, 1])
    }

    @Test func modifySublayersVisitsEachBottomToTop() {
        var tree = Self.tree()
        var order: [String] = []
        tree.modifySublayers { layer in
            order.append(layer.name)
            layer.lineWidth *= 10
        }
        #expect(order == ["disc", "button"])
        #expect(tree[Self.disc]?.lineWidth == 20 && tree[["button"]]?.lineWidth == 50)
        #expect(tree[Self.blurred]?.lineWidth == 4, "only direct sublayers")
    }

    @Test func snapshotsAreReadByPathToo() {
        var tree = Self.tree()
        tree.modify(Self.blurred) { $0.opacity = 0.5 }
        let snapshot = tree.snapshot(at: 0)
        #expect(snapshot[Self.blurred]?.opacity == 0.5)
        #expect(snapshot[.root]?.name == "player")
        #expect(snapshot[["disc", "missing"]] == nil)
    }
}
