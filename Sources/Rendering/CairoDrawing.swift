import Animation
import CCairo

// Small bridges between Animation's value types and Cairo calls. Cairo's errors are sticky
// (one invalid matrix or argument silences every later drawing call on that context), so the
// helpers here refuse such values instead of passing them on.

func setSource(_ cr: OpaquePointer, _ color: Color) {
    func unit(_ v: Double) -> Double { v.isFinite ? min(max(v, 0), 1) : 0 }
    cairo_set_source_rgba(cr, unit(color.red), unit(color.green), unit(color.blue), unit(color.alpha))
}

func cairoMatrix(_ t: AffineTransform) -> cairo_matrix_t {
    cairo_matrix_t(xx: t.a, yx: t.b, xy: t.c, yy: t.d, x0: t.tx, y0: t.ty)
}

/// Multiplies `t` onto the current matrix; false (and nothing changed) when the result could
/// not be inverted, i.e. the layer is scaled to nothing and cannot show anything.
func concatTransform(_ cr: OpaquePointer, _ t: AffineTransform) -> Bool {
    if t.isIdentity { return true }
    var local = cairoMatrix(t)
    var current = cairo_matrix_t()
    cairo_get_matrix(cr, &current)
    var product = cairo_matrix_t()
    cairo_matrix_multiply(&product, &local, &current)
    guard isUsable(product) else { return false }
    cairo_set_matrix(cr, &product)
    return true
}

func isUsable(_ m: cairo_matrix_t) -> Bool {
    let det = m.xx * m.yy - m.yx * m.xy
    let finite = [m.xx, m.yx, m.xy, m.yy, m.x0, m.y0].allSatisfy(\.isFinite)
    return finite && det.isFinite && abs(det) > 1e-12
}

/// Replays `path` into the context's current path; skips the whole path if it holds a
/// non-finite coordinate (Cairo would turn it into an arbitrary fixed-point value).
func appendPath(_ cr: OpaquePointer, _ path: Path) {
    guard path.elements.allSatisfy(isFinite) else { return }
    for element in path.elements {
        switch element {
        case .move(let p): cairo_move_to(cr, p.x, p.y)
        case .line(let p): cairo_line_to(cr, p.x, p.y)
        case .cubic(let c1, let c2, let p): cairo_curve_to(cr, c1.x, c1.y, c2.x, c2.y, p.x, p.y)
        case .close: cairo_close_path(cr)
        }
    }
}

private func isFinite(_ element: PathElement) -> Bool {
    func ok(_ p: Point) -> Bool { p.x.isFinite && p.y.isFinite }
    switch element {
    case .move(let p), .line(let p): return ok(p)
    case .cubic(let c1, let c2, let p): return ok(c1) && ok(c2) && ok(p)
    case .close: return true
    }
}

func isFinite(_ rect: Rect) -> Bool {
    [rect.minX, rect.minY, rect.width, rect.height].allSatisfy(\.isFinite)
}

extension LineCap {
    var cairo: cairo_line_cap_t {
        switch self {
        case .butt: CAIRO_LINE_CAP_BUTT
        case .round: CAIRO_LINE_CAP_ROUND
        case .square: CAIRO_LINE_CAP_SQUARE
        }
    }
}

extension LineJoin {
    var cairo: cairo_line_join_t {
        switch self {
        case .miter: CAIRO_LINE_JOIN_MITER
        case .round: CAIRO_LINE_JOIN_ROUND
        case .bevel: CAIRO_LINE_JOIN_BEVEL
        }
    }
}

extension FillRule {
    var cairo: cairo_fill_rule_t {
        switch self {
        case .nonZero: CAIRO_FILL_RULE_WINDING
        case .evenOdd: CAIRO_FILL_RULE_EVEN_ODD
        }
    }
}

/// Runs `body` with a Cairo context drawing into `pixels` (ARGB32, rows `stride` bytes apart), the
/// drawing flushed into the array before it returns; draws nothing when Cairo cannot make the surface.
func draw<Pixel>(into pixels: inout [Pixel], width: Int, height: Int, stride: Int, _ body: (OpaquePointer) -> Void) {
    pixels.withUnsafeMutableBytes { buffer in
        guard let base = buffer.baseAddress?.assumingMemoryBound(to: UInt8.self),
              let surface = cairo_image_surface_create_for_data(base, CAIRO_FORMAT_ARGB32, Int32(width), Int32(height),
                                                                Int32(stride)) else { return }
        defer {
            cairo_surface_finish(surface)
            cairo_surface_destroy(surface)
        }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let cr = cairo_create(surface) else { return }
        body(cr)
        cairo_destroy(cr)
    }
}

/// Wraps premultiplied ARGB32 words in a Cairo surface for the duration of `body`. Cairo only
/// reads a source surface, and the surface is finished before the array can be released.
func withImageSurface<R>(_ pixels: [UInt32], width: Int, height: Int,
                         _ body: (OpaquePointer) -> R?) -> R? {
    let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(width)))
    guard width > 0, height > 0, stride == width * 4, pixels.count >= width * height else { return nil }
    return pixels.withUnsafeBufferPointer { buffer -> R? in
        guard let base = buffer.baseAddress else { return nil }
        let data = UnsafeMutableRawPointer(mutating: base).assumingMemoryBound(to: UInt8.self)
        guard let surface = cairo_image_surface_create_for_data(data, CAIRO_FORMAT_ARGB32,
                                                                Int32(width), Int32(height), Int32(stride)) else { return nil }
        defer {
            cairo_surface_finish(surface)
            cairo_surface_destroy(surface)
        }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else { return nil }
        return body(surface)
    }
}
