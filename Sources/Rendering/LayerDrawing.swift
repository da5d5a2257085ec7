import Animation
import CCairo

/// Walks a snapshot and draws it into one Cairo context. Lives for one render call, or for one
/// offscreen picture within it (a shadow's caster, a layer drawn flat before it is projected).
struct LayerDrawing {
    let cr: OpaquePointer
    let blurCache: BlurCache
    /// Leaves out the sublayers an opaque sibling above hides (see `Occlusion`).
    let cullsCoveredLayers: Bool
    /// See `ImageDrawing.samplesBlurredImagesCheaply`.
    let samplesBlurredImagesCheaply: Bool
    /// The surface's size in device pixels. What is computed offscreen (a shadow, a projected
    /// layer) is bounded by it, never by the clip: a frame drawn again only where it changed must
    /// compute the very pixels a full render computes.
    let canvasWidth: Int
    let canvasHeight: Int

    func draw(_ node: LayerSnapshot) {
        // NaN opacity means a broken animation; hiding the layer is the least surprising outcome.
        let opacity = node.opacity.isFinite ? min(max(node.opacity, 0), 1) : 0
        guard opacity > 0 else { return }

        cairo_save(cr)
        defer { cairo_restore(cr) }
        if let projection = node.projection {
            drawProjected(node, placement: projection.concatenating(Projection(node.transform)), opacity: opacity)
            return
        }
        guard concatTransform(cr, node.transform) else { return }
        drawPlaced(node, opacity: opacity)
    }

    /// `node` in its own coordinates, the current matrix already placing it: clip, shadow, content,
    /// sublayers, alpha mask, and `opacity` over the whole as a group.
    func drawPlaced(_ node: LayerSnapshot, opacity: Double) {
        if let mask = node.mask { clip(to: mask) }

        let hasContent = node.content != .none
        guard hasContent || !node.sublayers.isEmpty || node.shadow?.path != nil else { return }
        // Group opacity: the layer and its sublayers are composited first, then faded together,
        // so overlapping sublayers do not show through each other.
        let grouped = opacity < 1
        if grouped { cairo_push_group(cr) }
        if node.tint != nil { cairo_push_group(cr) }
        if node.alphaMask != nil { cairo_push_group(cr) }
        if let shadow = node.shadow { drawShadow(shadow, of: node) }
        drawStack(node)
        if let alphaMask = node.alphaMask { applyAlphaMask(alphaMask) }
        if let tint = node.tint { applyTint(tint) }
        if grouped {
            cairo_pop_group_to_source(cr)
            cairo_paint_with_alpha(cr, opacity)
        }
    }

    /// Ends the group `drawPlaced` opened for a tinted layer and paints it with every pixel's
    /// premultiplied components multiplied by the tint's (colour times alpha, and alpha): the
    /// straight colour times the tint. Pixel by pixel, so the clip changes none of them.
    private func applyTint(_ tint: Color) {
        let group = cairo_pop_group(cr)
        defer { cairo_pattern_destroy(group) }
        defer {
            cairo_set_source(cr, group)
            cairo_paint(cr)
        }
        // Groups of the image surfaces Layercast draws into are ARGB32 images; another target
        // (none today) gets the instance untinted rather than lost.
        var surface: OpaquePointer?
        guard cairo_pattern_get_surface(group, &surface) == CAIRO_STATUS_SUCCESS, let surface,
              cairo_surface_get_type(surface) == CAIRO_SURFACE_TYPE_IMAGE,
              cairo_image_surface_get_format(surface) == CAIRO_FORMAT_ARGB32 else { return }
        cairo_surface_flush(surface)
        func unit(_ v: Double) -> Double { v.isFinite ? min(max(v, 0), 1) : 0 }
        let a = unit(tint.alpha)
        let factors = [unit(tint.blue) * a, unit(tint.green) * a, unit(tint.red) * a, a]
        let (width, height) = (Int(cairo_image_surface_get_width(surface)), Int(cairo_image_surface_get_height(surface)))
        let stride = Int(cairo_image_surface_get_stride(surface))
        if let data = cairo_image_surface_get_data(surface) {
            for y in 0..<height {
                let row = UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<width where row[x] != 0 {
                    var word: UInt32 = 0
                    for (i, factor) in factors.enumerated() {
                        let shift = UInt32(8 * i)
                        word |= UInt32((Double((row[x] >> shift) & 0xFF) * factor).rounded()) << shift
                    }
                    row[x] = word
                }
            }
        }
        cairo_surface_mark_dirty(surface)
    }

    /// The layer's content and sublayers, as they cast its shadow.
    func drawStack(_ node: LayerSnapshot) {
        drawContent(node.content)
        let hidden = cullsCoveredLayers && node.sublayers.count > 1
            ? Occlusion.hiddenSublayers(of: node, device: currentTransform()) : []
        for (i, sublayer) in node.sublayers.enumerated() where !hidden.contains(i) { draw(sublayer) }
    }

    func clip(to path: Path) {
        cairo_new_path(cr)
        appendPath(cr, path)
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
        cairo_clip(cr)
    }

    /// Ends the group `drawPlaced` opened for a masked layer and paints it through the alpha of
    /// `layers`, drawn in the same coordinates (docs/design/quartz.md §Drawing a layer).
    private func applyAlphaMask(_ layers: [LayerSnapshot]) {
        let content = cairo_pop_group(cr)
        cairo_push_group(cr)
        for layer in layers { draw(layer) }
        let mask = cairo_pop_group(cr)
        cairo_set_source(cr, content)
        cairo_mask(cr, mask)
        cairo_pattern_destroy(mask)
        cairo_pattern_destroy(content)
    }

    func currentTransform() -> AffineTransform {
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        return AffineTransform(a: m.xx, b: m.yx, c: m.xy, d: m.yy, tx: m.x0, ty: m.y0)
    }

    private func drawContent(_ content: LayerSnapshot.Content) {
        switch content {
        case .none: break
        case .shape(let shape): drawShape(shape)
        case .image(let image): ImageDrawing(cr: cr, blurCache: blurCache, samplesBlurredImagesCheaply: samplesBlurredImagesCheaply).draw(image)
        case .text(let text): drawText(cr, text)
        case .gradient(let gradient): GradientDrawing(cr: cr, canvasWidth: canvasWidth, canvasHeight: canvasHeight).draw(gradient)
        case .textBlock(let text): drawTextBlock(cr, text)
        }
    }

    private func drawShape(_ shape: ShapeContent) {
        if let fill = shape.fillColor, fill.alpha > 0 {
            cairo_new_path(cr)
            appendPath(cr, shape.path)
            cairo_set_fill_rule(cr, shape.fillRule.cairo)
            setSource(cr, fill)
            cairo_fill(cr)
        }
        let width = shape.lineWidth.isFinite ? shape.lineWidth : 0
        if let stroke = shape.strokeColor, stroke.alpha > 0, width > 0 {
            // CAShapeLayer's strokeStart/strokeEnd trim, done by the engine so that the renderer and
            // `/state` agree on where a stroke ends.
            let path = shape.path.trimmed(from: shape.strokeStart, to: shape.strokeEnd)
            guard !path.isEmpty else { return }
            cairo_new_path(cr)
            appendPath(cr, path)
            cairo_set_line_width(cr, width)
            cairo_set_line_cap(cr, shape.lineCap.cairo)
            cairo_set_line_join(cr, shape.lineJoin.cairo)
            cairo_set_miter_limit(cr, shape.miterLimit.isFinite ? max(shape.miterLimit, 1) : 10)
            if let dash = shape.dash, dash.isDrawable {
                // The dashes start where the trimmed stroke starts (docs/design/quartz.md §Shape layers).
                cairo_set_dash(cr, dash.pattern, Int32(dash.pattern.count), dash.phase)
            }
            setSource(cr, stroke)
            cairo_stroke(cr)
            // Sublayers drawn in this layer's state must not inherit the dashes.
            cairo_set_dash(cr, nil, 0, 0)
        }
    }
}
