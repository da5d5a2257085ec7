import Animation

/// Which sublayers an opaque sibling drawn after them hides, so that the renderer can leave them
/// out. The music player is the case in point: while it plays, its opaque blurred cover hides the
/// sharp cover and the white disc beneath, and a rotated cover costs milliseconds per frame.
///
/// Conservative: a sibling covers only a region where it is surely opaque. It must have opacity 1,
/// no mask of its own (clip or alpha), no projection and a transform Cairo accepts; its content must be an opaque bitmap (a blur
/// keeps it opaque, as the blur repeats the border pixels) or an opaque fill of an axis-aligned
/// rectangle path; its sublayers only add on top and are not counted. A layer is hidden when a box
/// holding everything it draws (content, the reach of its stroke, its sublayers; text is never
/// hidden, as its extent is not known here) lies inside such a region, in the parent's coordinates.
///
/// Where that region's edge is antialiased, an edge pixel is only partly covered, and a layer drawn
/// beneath would leak into it (the conflation of stacked antialiased edges). Leaving the layer out
/// removes the leak; those edge pixels are the only ones that differ from drawing everything.
enum Occlusion {
    /// Indices of `node`'s sublayers that a sibling drawn after them hides. `device` maps `node`'s
    /// coordinates to device pixels: a sibling whose transform Cairo would refuse draws nothing, so
    /// it covers nothing.
    static func hiddenSublayers(of node: LayerSnapshot, device: AffineTransform) -> Set<Int> {
        var hidden = Set<Int>()
        var covers: [Cover] = []
        for i in node.sublayers.indices.reversed() {
            let layer = node.sublayers[i]
            if !covers.isEmpty, case .box(let box) = extent(of: layer) {
                let corners = box.corners.map(layer.transform.apply)
                if covers.contains(where: { $0.contains(corners) }) {
                    // Whatever a hidden layer would cover, the cover above it covers too.
                    hidden.insert(i)
                    continue
                }
            }
            if let cover = Cover(layer, device: device) { covers.append(cover) }
        }
        return hidden
    }

    /// An axis-aligned rectangle in a layer's coordinates where the layer is opaque, and the
    /// transform from its parent's coordinates into the layer's.
    struct Cover {
        let region: Rect
        let fromParent: AffineTransform

        init?(_ layer: LayerSnapshot, device: AffineTransform) {
            // An alpha mask lets only part through, and a projected layer's region is no
            // rectangle in the parent's coordinates: neither covers.
            guard layer.opacity.isFinite, layer.opacity >= 1, layer.mask == nil, layer.alphaMask == nil, layer.projection == nil,
                  isUsable(cairoMatrix(device.concatenating(layer.transform))),
                  let fromParent = layer.transform.inverted,
                  let region = Self.opaqueRegion(layer.content) else { return nil }
            self.region = region
            self.fromParent = fromParent
        }

        static func opaqueRegion(_ content: LayerSnapshot.Content) -> Rect? {
            switch content {
            case .image(let image):
                let rect = image.rect
                guard image.bitmap.isOpaque, image.bitmap.width > 0, image.bitmap.height > 0,
                      isFinite(rect), rect.width > 0, rect.height > 0 else { return nil }
                return rect
            case .shape(let shape):
                guard let fill = shape.fillColor, fill.alpha >= 1 else { return nil }
                return axisAlignedRectangle(shape.path)
            case .gradient(let gradient):
                // Only an axial gradient colours every point; radial and conic ones leave points clear.
                guard gradient.kind == .axial, gradient.parameter(at: gradient.start) != nil,
                      gradient.stops.allSatisfy({ $0.color.alpha >= 1 }), isFinite(gradient.rect) else { return nil }
                return gradient.rect
            case .none, .text, .textBlock:
                return nil
            }
        }

        /// Whether every point (in the parent's coordinates) lies in the region, edges included,
        /// give or take rounding in the transforms.
        func contains(_ points: [Point]) -> Bool {
            let slack = 1e-9 * max(region.width, region.height)
            return points.allSatisfy { p in
                let q = fromParent.apply(p)
                return q.x >= region.minX - slack && q.x <= region.maxX + slack
                    && q.y >= region.minY - slack && q.y <= region.maxY + slack
            }
        }
    }

    /// The rectangle a path of four axis-parallel sides encloses (the closing side may be explicit
    /// or implied); nil for any other path.
    static func axisAlignedRectangle(_ path: Path) -> Rect? {
        var points: [Point] = []
        for (i, element) in path.elements.enumerated() {
            switch element {
            case .move(let p) where i == 0: points.append(p)
            case .line(let p) where i > 0: points.append(p)
            case .close where i == path.elements.count - 1: break
            default: return nil
            }
        }
        if points.count == 5, points[4] == points[0] { points.removeLast() }
        guard points.count == 4 else { return nil }
        // Sides alternately horizontal and vertical, none of zero length: (x0,y0) (x1,y0) (x1,y1) (x0,y1)
        // or the same starting with a vertical side.
        func horizontal(_ k: Int) -> Bool {
            let (a, b) = (points[k], points[(k + 1) % 4])
            return a.y == b.y && a.x != b.x
        }
        func vertical(_ k: Int) -> Bool {
            let (a, b) = (points[k], points[(k + 1) % 4])
            return a.x == b.x && a.y != b.y
        }
        guard (horizontal(0) && vertical(1) && horizontal(2) && vertical(3))
            || (vertical(0) && horizontal(1) && vertical(2) && horizontal(3)) else { return nil }
        return Rect(bounding: points)
    }

    /// A box holding everything `layer` draws, in its own coordinates. A shadow reaches out by a
    /// blur measured in device pixels and a projection out of the plane, so neither is boxed here:
    /// such a layer is never hidden.
    static func extent(of layer: LayerSnapshot) -> Extent {
        guard layer.opacity.isFinite, layer.opacity > 0 else { return .nothing }
        guard layer.shadow == nil, layer.projection == nil else { return .unknown }
        var extent = extent(of: layer.content)
        for sublayer in layer.sublayers {
            switch self.extent(of: sublayer) {
            case .nothing: continue
            case .unknown: return .unknown
            case .box(let box):
                let corners = box.corners.map(sublayer.transform.apply)
                guard let bounds = Rect(bounding: corners) else { return .unknown }
                extent = extent.union(.box(bounds))
            }
        }
        return extent
    }

    static func extent(of content: LayerSnapshot.Content) -> Extent {
        switch content {
        case .none:
            return .nothing
        case .text:
            return .unknown
        case .image(let image):
            let rect = image.rect
            return isFinite(rect) && rect.width > 0 && rect.height > 0 ? .box(rect) : .nothing
        case .gradient(let gradient):
            let rect = gradient.rect
            return isFinite(rect) && rect.width > 0 && rect.height > 0 ? .box(rect) : .nothing
        case .textBlock(let text):
            let rect = text.rect
            return isFinite(rect) && rect.width > 0 && rect.height > 0 ? .box(rect) : .nothing
        case .shape(let shape):
            guard let path = tightBounds(of: shape.path) else { return .nothing }
            var extent = Extent.nothing
            if let fill = shape.fillColor, fill.alpha > 0 { extent = .box(path) }
            if let stroke = shape.strokeColor, stroke.alpha > 0, shape.lineWidth.isFinite, shape.lineWidth > 0 {
                // Square caps reach √2 half-widths beyond a corner, miter joins up to the miter limit.
                let reach = shape.lineWidth / 2 * (shape.lineJoin == .miter ? max(shape.miterLimit, 2.0.squareRoot()) : 2.0.squareRoot())
                guard reach.isFinite else { return .unknown }
                extent = extent.union(.box(path.insetBy(-reach)))
            }
            return extent
        }
    }
}

extension Rect {
    var corners: [Point] {
        [Point(minX, minY), Point(maxX, minY), Point(maxX, maxY), Point(minX, maxY)]
    }

    /// The smallest rectangle holding `points`; nil when one of them is not finite.
    init?(bounding points: [Point]) {
        let xs = points.map(\.x), ys = points.map(\.y)
        guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max(),
              [minX, maxX, minY, maxY].allSatisfy(\.isFinite) else { return nil }
        self.init(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    func union(_ other: Rect) -> Rect {
        let minX = Swift.min(self.minX, other.minX), minY = Swift.min(self.minY, other.minY)
        return Rect(x: minX, y: minY, width: Swift.max(maxX, other.maxX) - minX,
                    height: Swift.max(maxY, other.maxY) - minY)
    }

    /// Moved in by `d` on every side (out for a negative `d`).
    func insetBy(_ d: Double) -> Rect {
        Rect(x: minX + d, y: minY + d, width: width - 2 * d, height: height - 2 * d)
    }
}
