import Animation
import CCairo

/// What is behind the layer tree.
public enum Background: Sendable, Equatable {
    case color(Color)
    /// Leaves the surface transparent (PNG keeps the alpha; JPEG shows black).
    case transparent
    /// Alternating squares of `cell` device pixels, light at the top-left; the usual
    /// "this is transparent" backdrop of design tools.
    case checkerboard(light: Color, dark: Color, cell: Double)
}

extension Background {
    /// Whether painting it replaces every pixel beneath (so nothing needs clearing first).
    var isOpaque: Bool {
        switch self {
        case .transparent: false
        case .color(let color): color.alpha >= 1
        case .checkerboard(let light, let dark, _): light.alpha >= 1 && dark.alpha >= 1
        }
    }

    /// The background alone, as Cairo ARGB32 words `width` × 4 bytes a row (Cairo's stride for
    /// that width); all zero (transparent) if Cairo cannot make the surface.
    func pixels(width: Int, height: Int) -> [UInt8] {
        var pixels = [UInt8](repeating: 0, count: width * 4 * height)
        draw(into: &pixels, width: width, height: height, stride: width * 4) { paint($0, width: width, height: height) }
        return pixels
    }

    func paint(_ cr: OpaquePointer, width: Int, height: Int) {
        switch self {
        case .transparent:
            break
        case .color(let color):
            setSource(cr, color)
            cairo_paint(cr)
        case .checkerboard(let light, let dark, let cell):
            paintCheckerboard(cr, light: light, dark: dark, cell: cell)
        }
    }

    /// Uses a 2×2-cell repeating pattern, so the cost is per pixel and not per cell: a tiny
    /// cell size from a request cannot turn into millions of rectangles.
    private func paintCheckerboard(_ cr: OpaquePointer, light: Color, dark: Color, cell: Double) {
        // Whole pixels keep the squares crisp; the cap keeps the tile allocation bounded.
        let size = cell.isFinite ? Int(min(max(cell.rounded(), 1), 1024)) : 8
        guard let tile = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(2 * size), Int32(2 * size)) else { return }
        defer { cairo_surface_destroy(tile) }
        guard cairo_surface_status(tile) == CAIRO_STATUS_SUCCESS, let tcr = cairo_create(tile) else { return }
        setSource(tcr, light)
        cairo_paint(tcr)
        setSource(tcr, dark)
        cairo_rectangle(tcr, Double(size), 0, Double(size), Double(size))
        cairo_rectangle(tcr, 0, Double(size), Double(size), Double(size))
        cairo_fill(tcr)
        cairo_destroy(tcr)

        let pattern = cairo_pattern_create_for_surface(tile)
        defer { cairo_pattern_destroy(pattern) }
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_REPEAT)
        cairo_pattern_set_filter(pattern, CAIRO_FILTER_NEAREST)
        cairo_set_source(cr, pattern)
        cairo_paint(cr)
    }
}
