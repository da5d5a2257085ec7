import Animation
import CCairo

/// Cairo's toy text API is enough for labels: one line, one family found through fontconfig.
func drawText(_ cr: OpaquePointer, _ text: TextContent) {
    // A zero or non-finite size would make the font matrix singular, which is a sticky
    // Cairo error; huge sizes only waste glyph-rasterisation memory.
    guard !text.text.isEmpty, text.fontSize.isFinite, text.fontSize > 0,
          text.center.x.isFinite, text.center.y.isFinite else { return }
    let family = text.fontFamily.isEmpty ? "DejaVu Sans" : text.fontFamily
    cairo_select_font_face(cr, family, CAIRO_FONT_SLANT_NORMAL,
                           text.bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
    cairo_set_font_size(cr, min(text.fontSize, 4096))
    // Fontconfig turns hinting off below about 8 px, and Cairo resolves a toy face once, at the size
    // first asked for, then keeps that choice for every size. Left to them, a label's pixels would
    // depend on what the process drew first; stated here, they depend on nothing but the frame
    // (docs/design/engine.md §Frames as a function of time).
    if let options = cairo_font_options_create() {
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_set_font_options(cr, options)
        cairo_font_options_destroy(options)
    }

    var font = cairo_font_extents_t()
    cairo_font_extents(cr, &font)
    var extents = cairo_text_extents_t()
    cairo_text_extents(cr, text.text, &extents)

    // Centre the logical box (advance × ascent+descent) rather than the ink: changing digits
    // in a counter or a label with/without descenders then stays put instead of jittering.
    let x = text.center.x - extents.x_advance / 2
    let baseline = text.center.y + (font.ascent - font.descent) / 2
    cairo_new_path(cr)
    cairo_move_to(cr, x, baseline)
    setSource(cr, text.color)
    cairo_show_text(cr, text.text)
}
