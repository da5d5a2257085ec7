import Animation
import CCairo

/// The plane geometry of a layer placed by a perspective map: which part of it lies in front of
/// the viewer and where that lands in device pixels. `Damage` bounds a projected layer with it and
/// the drawing writes no pixel outside it (docs/design/quartz.md §3D).
enum ProjectedGeometry {
    /// A point counts as in front where w′ is at least this fraction of the largest |w′| among the
    /// layer's corners: the divide stays finite, and what this leaves out lands beyond any canvas.
    static let minW = 1e-9
    /// Device coordinates are clamped to ±this before boxing, so a point near the horizon, far
    /// off any canvas, still gives a finite box.
    static let farAway = 1e7

    /// A corner of the clipped polygon: the point in the layer's plane and where it lands, before
    /// the divide. Clipping interpolates both with one parameter, which is exact: the map is linear
    /// on (x, y, 1).
    struct Vertex {
        var local: Point
        var x: Double, y: Double, w: Double

        func lerp(to other: Vertex, _ t: Double) -> Vertex {
            Vertex(local: local.lerp(to: other.local, t), x: x + (other.x - x) * t, y: y + (other.y - y) * t, w: w + (other.w - w) * t)
        }
        var device: Point { Point(x / w, y / w) }
    }

    /// The part of the convex polygon where `f` (linear in the homogeneous coordinates) is ≥ 0.
    static func clip(_ polygon: [Vertex], _ f: (Vertex) -> Double) -> [Vertex] {
        guard let last = polygon.last else { return [] }
        var out: [Vertex] = []
        var (previous, fp) = (last, f(last))
        for v in polygon {
            let fv = f(v)
            if (fv >= 0) != (fp >= 0) { out.append(previous.lerp(to: v, fp / (fp - fv))) }
            if fv >= 0 { out.append(v) }
            (previous, fp) = (v, fv)
        }
        return out
    }

    /// `rect`'s corners mapped by `g`, clipped to the half-space in front of the viewer.
    static func front(_ rect: Rect, _ g: Projection) -> [Vertex] {
        let corners = rect.corners.map { p -> Vertex in
            let h = g.homogeneous(p)
            return Vertex(local: p, x: h.x, y: h.y, w: h.w)
        }
        let largest = corners.map { abs($0.w) }.max() ?? 0
        guard largest > 0, corners.allSatisfy({ $0.x.isFinite && $0.y.isFinite && $0.w.isFinite }) else { return [] }
        let least = minW * largest
        return clip(corners) { $0.w - least }
    }

    /// The whole device pixels `rect` (in the layer's plane) can touch once mapped by `g`: the
    /// part in front, boxed, and one pixel more all round, as far as the bilinear filter reaches.
    static func deviceBox(of rect: Rect, _ g: Projection) -> Extent {
        let visible = front(rect, g)
        guard visible.count >= 3 else {
            return [g.m11, g.m12, g.m13, g.m21, g.m22, g.m23, g.m31, g.m32, g.m33].allSatisfy(\.isFinite) && isFinite(rect)
                ? .nothing : .unknown
        }
        func clamp(_ v: Double) -> Double { min(max(v, -farAway), farAway) }
        guard let box = Rect(bounding: visible.map { Point(clamp($0.x / $0.w), clamp($0.y / $0.w)) })?.insetBy(-1).roundedOut else {
            return .unknown
        }
        return .box(box)
    }

    /// `layer` as drawn flat in its own plane, before its placement and opacity.
    static func flat(_ layer: LayerSnapshot) -> LayerSnapshot {
        var inner = layer
        inner.transform = .identity
        inner.projection = nil
        inner.opacity = 1
        return inner
    }

    /// The device extent of a projected layer; `device` maps its parent's coordinates to pixels.
    static func extent(of layer: LayerSnapshot, projection: Projection, device: AffineTransform) -> Extent {
        switch Extent(of: flat(layer), device: .identity) {
        case .nothing: return .nothing
        case .unknown: return .unknown
        case .box(let local):
            return deviceBox(of: local, projection.concatenating(Projection(layer.transform)).concatenating(Projection(device)))
        }
    }

    /// How many device pixels one unit of the layer's plane spans at `v`, at most (the larger
    /// singular value of the map's Jacobian there).
    static func magnification(at v: Vertex, _ g: Projection) -> Double {
        let (px, py) = (v.x / v.w, v.y / v.w)
        let a = (g.m11 - px * g.m13) / v.w, b = (g.m12 - py * g.m13) / v.w
        let c = (g.m21 - px * g.m23) / v.w, d = (g.m22 - py * g.m23) / v.w
        let t = a * a + b * b + c * c + d * d
        let det = a * d - b * c
        return ((t + max(t * t - 4 * det * det, 0).squareRoot()) / 2).squareRoot()
    }
}

extension LayerDrawing {
    /// The most pixels a projected layer is drawn flat in; past it the flat picture is coarser.
    static let maxProjectedPixels = 1 << 22
    /// Flat pictures are drawn at no more than this many pixels per unit of the layer's plane.
    static let maxProjectedScale = 64.0

    /// Draws `node` flat in its own plane offscreen, then maps every device pixel it can touch back
    /// into that picture through the inverse of `placement` (then the current matrix), sampling it
    /// bilinearly. A pixel whose point lies behind the viewer (w′ ≤ 0) is left alone.
    func drawProjected(_ node: LayerSnapshot, placement: Projection, opacity: Double) {
        let g = placement.concatenating(Projection(currentTransform()))
        let inner = ProjectedGeometry.flat(node)
        let canvas = Rect(x: 0, y: 0, width: Double(canvasWidth), height: Double(canvasHeight))
        guard let inverse = g.inverted, case .box(let local) = Extent(of: inner, device: .identity),
              case .box(let target) = ProjectedGeometry.deviceBox(of: local, g),
              let dest = target.intersection(canvas) else { return }

        // The part of the plane that lands on the canvas decides the flat picture's extent and
        // resolution: as many pixels per unit as the map spreads a unit over at most there.
        let margin = 2.0
        var onCanvas = ProjectedGeometry.front(local, g)
        onCanvas = ProjectedGeometry.clip(onCanvas) { $0.x - (canvas.minX - margin) * $0.w }
        onCanvas = ProjectedGeometry.clip(onCanvas) { (canvas.maxX + margin) * $0.w - $0.x }
        onCanvas = ProjectedGeometry.clip(onCanvas) { $0.y - (canvas.minY - margin) * $0.w }
        onCanvas = ProjectedGeometry.clip(onCanvas) { (canvas.maxY + margin) * $0.w - $0.y }
        guard onCanvas.count >= 3, let region = Rect(bounding: onCanvas.map(\.local)) else { return }
        var scale = onCanvas.map { ProjectedGeometry.magnification(at: $0, g) }.max() ?? 1
        guard scale.isFinite, scale > 0 else { return }
        scale = min(max(scale, 1e-3), Self.maxProjectedScale)
        let area = max(region.width * region.height, 1e-12)
        scale = min(scale, (Double(Self.maxProjectedPixels) / area).squareRoot(), 8192 / max(region.width, region.height, 1e-12))
        // Two pixels of margin all round, so that every sample the filter takes near the region's
        // edge was drawn.
        let origin = Point(region.minX - margin / scale, region.minY - margin / scale)
        let columns = Int((region.width * scale).rounded(.up)) + 2 * Int(margin)
        let rows = Int((region.height * scale).rounded(.up)) + 2 * Int(margin)

        var flat = [UInt32](repeating: 0, count: columns * rows)
        Rendering.draw(into: &flat, width: columns, height: rows, stride: columns * 4) { offscreen in
            cairo_scale(offscreen, scale, scale)
            cairo_translate(offscreen, -origin.x, -origin.y)
            LayerDrawing(cr: offscreen, blurCache: blurCache, cullsCoveredLayers: cullsCoveredLayers,
                         samplesBlurredImagesCheaply: samplesBlurredImagesCheaply, canvasWidth: columns, canvasHeight: rows)
                .drawPlaced(inner, opacity: 1)
        }

        // Only the pixels inside the clip are worked out; each is the same whatever the clip.
        cairo_identity_matrix(cr)
        var (cx0, cy0, cx1, cy1) = (0.0, 0.0, 0.0, 0.0)
        cairo_clip_extents(cr, &cx0, &cy0, &cx1, &cy1)
        guard let work = dest.intersection(Rect(x: cx0, y: cy0, width: cx1 - cx0, height: cy1 - cy0))?.roundedOut,
              let box = work.intersection(dest) else { return }
        let (x0, y0) = (Int(box.minX), Int(box.minY))
        let (width, height) = (Int(box.width), Int(box.height))
        let warped = Self.warp(flat, columns: columns, rows: rows, origin: origin, scale: scale, inverse: inverse,
                               x0: x0, y0: y0, width: width, height: height)
        _ = withImageSurface(warped, width: width, height: height) { surface -> Void? in
            cairo_set_source_surface(cr, surface, Double(x0), Double(y0))
            if opacity < 1 { cairo_paint_with_alpha(cr, opacity) } else { cairo_paint(cr) }
            cairo_set_source_rgba(cr, 0, 0, 0, 0)
            return ()
        }
    }

    /// The device pixels x0..<x0+width by y0..<y0+height, each sampled bilinearly from `flat` (the
    /// plane drawn at `scale` pixels per unit from `origin`) where `inverse` takes its centre; zero
    /// outside the picture and behind the viewer.
    static func warp(_ flat: [UInt32], columns: Int, rows: Int, origin: Point, scale: Double, inverse m: Projection,
                     x0: Int, y0: Int, width: Int, height: Int) -> [UInt32] {
        var out = [UInt32](repeating: 0, count: width * height)
        flat.withUnsafeBufferPointer { source in
            out.withUnsafeMutableBufferPointer { target in
                for j in 0..<height {
                    let y = Double(y0 + j) + 0.5
                    for i in 0..<width {
                        let x = Double(x0 + i) + 0.5
                        // (x, y, 1) · M⁻¹ is the plane's point times q, and the point lands with
                        // w′ = 1/q: in front exactly when q > 0.
                        let q = x * m.m13 + y * m.m23 + m.m33
                        guard q > 0 else { continue }
                        let u = ((x * m.m11 + y * m.m21 + m.m31) / q - origin.x) * scale - 0.5
                        let v = ((x * m.m12 + y * m.m22 + m.m32) / q - origin.y) * scale - 0.5
                        guard u > -1, v > -1, u < Double(columns), v < Double(rows) else { continue }
                        let (fu, fv) = (u.rounded(.down), v.rounded(.down))
                        let (tu, tv) = (u - fu, v - fv)
                        let (iu, iv) = (Int(fu), Int(fv))
                        func at(_ c: Int, _ r: Int) -> UInt32 {
                            c >= 0 && r >= 0 && c < columns && r < rows ? source[r * columns + c] : 0
                        }
                        let (p00, p10, p01, p11) = (at(iu, iv), at(iu + 1, iv), at(iu, iv + 1), at(iu + 1, iv + 1))
                        if (p00 | p10 | p01 | p11) == 0 { continue }
                        let w00 = (1 - tu) * (1 - tv), w10 = tu * (1 - tv), w01 = (1 - tu) * tv, w11 = tu * tv
                        var word: UInt32 = 0
                        for shift in stride(from: 0 as UInt32, through: 24, by: 8) {
                            let c = w00 * Double((p00 >> shift) & 0xFF) + w10 * Double((p10 >> shift) & 0xFF)
                                + w01 * Double((p01 >> shift) & 0xFF) + w11 * Double((p11 >> shift) & 0xFF)
                            word |= UInt32(min(c.rounded(), 255)) << shift
                        }
                        target[j * width + i] = word
                    }
                }
            }
        }
        return out
    }
}
