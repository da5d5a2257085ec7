import Animation
import CCairo

/// Fills a gradient layer's rectangle: every device pixel it can touch gets the colour the
/// gradient gives the centre of that pixel, mapped back into the layer (`GradientContent`), and the
/// rectangle is then filled with those pixels, so its edges are antialiased like any path's
/// (docs/design/quartz.md §Gradients). The pixels are worked out in device space, bounded by the
/// canvas and the clip, and each is the same whatever the clip: a frame drawn again only where it
/// changed gives the very pixels a full render gives.
struct GradientDrawing {
    let cr: OpaquePointer
    let canvasWidth: Int
    let canvasHeight: Int

    func draw(_ gradient: GradientContent) {
        let rect = gradient.rect
        guard isFinite(rect), rect.width > 0, rect.height > 0 else { return }
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        let device = AffineTransform(a: m.xx, b: m.yx, c: m.xy, d: m.yy, tx: m.x0, ty: m.y0)
        guard let inverse = device.inverted else { return }
        var (cx0, cy0, cx1, cy1) = (0.0, 0.0, 0.0, 0.0)
        cairo_identity_matrix(cr)
        cairo_clip_extents(cr, &cx0, &cy0, &cx1, &cy1)
        cairo_set_matrix(cr, &m)
        let canvas = Rect(x: 0, y: 0, width: Double(canvasWidth), height: Double(canvasHeight))
        guard let reach = Rect(bounding: rect.corners.map(device.apply))?.insetBy(-1).roundedOut,
              let onCanvas = reach.intersection(canvas),
              let box = onCanvas.intersection(Rect(x: cx0, y: cy0, width: cx1 - cx0, height: cy1 - cy0))?.roundedOut,
              box.width >= 1, box.height >= 1 else { return }
        let (x0, y0, width, height) = (Int(box.minX), Int(box.minY), Int(box.width), Int(box.height))
        var pixels = [UInt32](repeating: 0, count: width * height)
        for j in 0..<height {
            for i in 0..<width {
                let centre = inverse.apply(Point(Double(x0 + i) + 0.5, Double(y0 + j) + 0.5))
                pixels[j * width + i] = Self.premultipliedWord(gradient.color(at: centre))
            }
        }
        _ = withImageSurface(pixels, width: width, height: height) { surface -> Void? in
            // The pixels sit in device space: the source is set with the identity matrix, and the
            // rectangle is then filled in the layer's.
            cairo_identity_matrix(cr)
            cairo_set_source_surface(cr, surface, Double(x0), Double(y0))
            cairo_set_matrix(cr, &m)
            cairo_new_path(cr)
            cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height)
            cairo_fill(cr)
            cairo_set_source_rgba(cr, 0, 0, 0, 0)
            return ()
        }
    }

    /// Cairo's ARGB32 word for `color`: each component clamped to 0…1, then multiplied by alpha.
    static func premultipliedWord(_ color: Color) -> UInt32 {
        func unit(_ v: Double) -> Double { v.isFinite ? min(max(v, 0), 1) : 0 }
        let a = unit(color.alpha)
        func byte(_ v: Double) -> UInt32 { UInt32((v * 255).rounded()) }
        return byte(a) << 24 | byte(unit(color.red) * a) << 16 | byte(unit(color.green) * a) << 8 | byte(unit(color.blue) * a)
    }
}
