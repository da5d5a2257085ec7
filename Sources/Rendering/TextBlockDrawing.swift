import Animation
import CCairo
import CPango

/// Lays out a text layer's string with Pango in its rectangle and draws it through Cairo: from the
/// top, aligned, wrapped at words (then characters) when it wraps, truncated with an ellipsis where
/// it says, and clipped to the rectangle (docs/design/quartz.md §Text). Hinting is off and metrics
/// unrounded, as for labels (`drawText`), so a frame's pixels depend on nothing but the frame.
func drawTextBlock(_ cr: OpaquePointer, _ text: TextBlockContent) {
    let rect = text.rect
    guard isFinite(rect), rect.width > 0, rect.height > 0, text.size.isFinite, text.size > 0,
          let layout = pango_cairo_create_layout(cr) else { return }
    defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
    guard configure(layout, for: text) else { return }
    let scale = Double(LC_PANGO_SCALE)
    // A layout with no width aligns its lines against its widest; the block then sits in the
    // rectangle as the alignment says.
    var x = rect.minX
    if pango_layout_get_width(layout) < 0 {
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        let widest = Double(logical.width) / scale
        switch text.alignment {
        case .center: x = rect.center.x - widest / 2
        case .right: x = rect.maxX - widest
        case .natural, .left, .justified: break
        }
    }
    cairo_save(cr)
    defer { cairo_restore(cr) }
    cairo_new_path(cr)
    cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height)
    cairo_clip(cr)
    setSource(cr, text.color)
    cairo_move_to(cr, x, rect.minY)
    pango_cairo_show_layout(cr, layout)
}

/// Sets `layout` up for `text`: hinting off, the font, the string, and the width, wrapping,
/// justification and ellipsis the text layer asks for. False when no font description can be made.
private func configure(_ layout: OpaquePointer, for text: TextBlockContent) -> Bool {
    let rect = text.rect
    let scale = Double(LC_PANGO_SCALE)
    if let options = cairo_font_options_create() {
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        pango_cairo_context_set_font_options(pango_layout_get_context(layout), options)
        cairo_font_options_destroy(options)
    }
    pango_layout_context_changed(layout)

    guard let font = pango_font_description_new() else { return false }
    defer { pango_font_description_free(font) }
    pango_font_description_set_family(font, text.family)
    pango_font_description_set_weight(font, Int32(min(max(text.weight, 100), 1000)))
    pango_font_description_set_style(font, Int32((text.italic ? LC_PANGO_STYLE_ITALIC : LC_PANGO_STYLE_NORMAL)))
    // Points are the user space's units; sizes past 4096 only waste glyph memory.
    pango_font_description_set_absolute_size(font, min(text.size, 4096) * scale)
    pango_layout_set_font_description(layout, font)
    pango_layout_set_text(layout, text.string, -1)

    let width = Int32(min(rect.width, 1e6) * scale)
    let alignment = switch text.alignment {
    case .natural, .left, .justified: LC_PANGO_ALIGN_LEFT
    case .center: LC_PANGO_ALIGN_CENTER
    case .right: LC_PANGO_ALIGN_RIGHT
    }
    pango_layout_set_alignment(layout, Int32(alignment))
    if text.isWrapped {
        pango_layout_set_width(layout, width)
        pango_layout_set_wrap(layout, Int32(LC_PANGO_WRAP_WORD_CHAR))
        pango_layout_set_justify(layout, text.alignment == .justified ? 1 : 0)
    }
    if text.truncation != .none {
        pango_layout_set_width(layout, width)
        let ellipsis = switch text.truncation {
        case .start: LC_PANGO_ELLIPSIZE_START
        case .middle: LC_PANGO_ELLIPSIZE_MIDDLE
        case .end, .none: LC_PANGO_ELLIPSIZE_END
        }
        pango_layout_set_ellipsize(layout, Int32(ellipsis))
        // Wrapped lines are truncated where the rectangle's height ends: the last that fits.
        if text.isWrapped { pango_layout_set_height(layout, Int32(min(rect.height, 1e6) * scale)) }
    }
    return true
}

/// The size of `text`'s layout in points (the widest line's advance, and the lines' height) and its
/// line count: what a test compares with a font's metrics.
func measureTextBlock(_ text: TextBlockContent) -> (width: Double, height: Double, lines: Int)? {
    guard text.size.isFinite, text.size > 0, let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1) else { return nil }
    defer { cairo_surface_destroy(surface) }
    guard let cr = cairo_create(surface) else { return nil }
    defer { cairo_destroy(cr) }
    guard let layout = pango_cairo_create_layout(cr) else { return nil }
    defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
    guard configure(layout, for: text) else { return nil }
    var logical = PangoRectangle()
    pango_layout_get_extents(layout, nil, &logical)
    let scale = Double(LC_PANGO_SCALE)
    return (Double(logical.width) / scale, Double(logical.height) / scale, Int(pango_layout_get_line_count(layout)))
}
