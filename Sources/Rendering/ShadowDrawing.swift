import Animation
import CCairo

/// Where a layer's shadow lands in device pixels. `Damage` bounds a shadow with it and the drawing
/// clips to it, so the pixels drawn are never outside the pixels bounded
/// (docs/design/quartz.md §Shadows).
struct ShadowGeometry {
    /// σ in device pixels.
    let sigma: Double
    /// The offset in device pixels.
    let offset: Point
    /// Whole device pixels the shadow may touch: the caster's box moved by the offset and grown by
    /// `reach`.
    let box: Rect

    /// The Gaussian's kernel reaches ⌈3σ⌉ + 1 ≤ 3σ + 2 pixels, and the bilinear filter that moves
    /// the blurred picture by a fraction of a pixel one more. A blur computed at a lower resolution
    /// reaches a little further, where the Gaussian is below a third of a level; the clip to `box`
    /// cuts that off.
    var reach: Double { Self.reach(sigma: sigma) }

    static func reach(sigma: Double) -> Double { 3 * sigma + 4 }

    /// `device` maps the layer's coordinates to pixels; `caster` is the device box of what casts the
    /// shadow. The blur scales with the layer: σ is the radius times the square root of the
    /// transform's determinant, the geometric mean of its two scales, which is exact for any turn
    /// and uniform scale. Nil when the shadow cannot be placed (non-finite values).
    init?(_ shadow: LayerSnapshot.Shadow, caster: Rect, device m: AffineTransform) {
        let sigma = shadow.radius * abs(m.a * m.d - m.b * m.c).squareRoot()
        let (dx, dy) = (shadow.offset.width, shadow.offset.height)
        let offset = Point(m.a * dx + m.c * dy, m.b * dx + m.d * dy)
        guard sigma.isFinite, sigma >= 0, offset.x.isFinite, offset.y.isFinite, isFinite(caster) else { return nil }
        self.sigma = sigma
        self.offset = offset
        let reach = Self.reach(sigma: sigma)
        let moved = Rect(x: caster.minX + offset.x - reach, y: caster.minY + offset.y - reach,
                         width: caster.width + 2 * reach, height: caster.height + 2 * reach)
        guard let whole = moved.roundedOut else { return nil }
        box = whole
    }

    /// The device extent of `shadow`, given the extent of what casts it.
    static func extent(_ shadow: LayerSnapshot.Shadow, caster: Extent, device: AffineTransform) -> Extent {
        guard shadow.color.alpha > 0 else { return .nothing }
        switch caster {
        case .nothing: return .nothing
        case .unknown: return .unknown
        case .box(let box): return ShadowGeometry(shadow, caster: box, device: device).map { .box($0.box) } ?? .unknown
        }
    }

    /// The device extent of what casts `shadow` for `layer`: its path, or the layer's content and
    /// sublayers. `device` maps the layer's coordinates to pixels.
    static func caster(of shadow: LayerSnapshot.Shadow, layer: LayerSnapshot, device: AffineTransform) -> Extent {
        if let path = shadow.path {
            return Extent(of: .shape(ShapeContent(path: path)), device: device)
        }
        return Extent(stackOf: layer, device: device)
    }
}

extension LayerDrawing {
    /// Larger shadows are computed at a lower resolution and scaled up, which a blur hides: the
    /// blur's scratch takes 8 bytes a pixel.
    static let maxShadowPixels = 1 << 22

    /// Draws `node`'s shadow beneath what it is about to draw: what casts it (its path, or the
    /// layer's content and sublayers inside its clip) drawn offscreen in opaque black, its alpha
    /// blurred, tinted and painted at the offset, inside the shadow's box.
    func drawShadow(_ shadow: LayerSnapshot.Shadow, of node: LayerSnapshot) {
        let device = currentTransform()
        guard case .box(let casterBox) = ShadowGeometry.caster(of: shadow, layer: node, device: device),
              let geometry = ShadowGeometry(shadow, caster: casterBox, device: device) else { return }
        // Only what can show is computed: the shadow's box on the canvas, and the caster's pixels
        // within the blur's reach of it. The canvas, not the clip, bounds it (see `canvasWidth`).
        let canvas = Rect(x: 0, y: 0, width: Double(canvasWidth), height: Double(canvasHeight))
        guard let visible = geometry.box.intersection(canvas) else { return }
        let reach = geometry.reach
        let source = Rect(x: visible.minX - geometry.offset.x - reach, y: visible.minY - geometry.offset.y - reach,
                          width: visible.width + 2 * reach, height: visible.height + 2 * reach)
        guard let needed = source.intersection(casterBox)?.roundedOut, needed.width >= 1, needed.height >= 1 else { return }

        // Blurs wider than `GaussianBlur.maxSigma` pixels, and pictures larger than
        // `maxShadowPixels`, are computed at 1/k of the resolution and scaled up: the blurred
        // picture is smooth enough that the bilinear filter adds less than a level.
        let area = needed.width * needed.height
        let k = max(1, Int((area / Double(Self.maxShadowPixels)).squareRoot().rounded(.up)),
                    Int((geometry.sigma / GaussianBlur.maxSigma).rounded(.up)))
        let sigma = geometry.sigma / Double(k)
        // Transparent pixels all round, as far as the kernel reaches.
        let pad = GaussianBlur.radius(sigma: sigma) + 1
        let columns = Int((needed.width / Double(k)).rounded(.up)) + 2 * pad
        let rows = Int((needed.height / Double(k)).rounded(.up)) + 2 * pad
        let origin = Point(needed.minX - Double(pad * k), needed.minY - Double(pad * k))

        var pixels = [UInt32](repeating: 0, count: columns * rows)
        Rendering.draw(into: &pixels, width: columns, height: rows, stride: columns * 4) { offscreen in
            cairo_scale(offscreen, 1 / Double(k), 1 / Double(k))
            cairo_translate(offscreen, -origin.x, -origin.y)
            var m = cairoMatrix(device)
            cairo_transform(offscreen, &m)
            if let path = shadow.path {
                cairo_new_path(offscreen)
                appendPath(offscreen, path)
                cairo_set_fill_rule(offscreen, CAIRO_FILL_RULE_WINDING)
                cairo_set_source_rgba(offscreen, 0, 0, 0, 1)
                cairo_fill(offscreen)
            } else {
                let inner = LayerDrawing(cr: offscreen, blurCache: blurCache, cullsCoveredLayers: cullsCoveredLayers,
                                         samplesBlurredImagesCheaply: samplesBlurredImagesCheaply,
                                         canvasWidth: columns, canvasHeight: rows)
                if let mask = node.mask { inner.clip(to: mask) }
                inner.drawStack(node)
            }
        }
        GaussianBlur.blurAlpha(&pixels, width: columns, height: rows, sigma: sigma)
        let tint = Self.tintTable(shadow.color)
        for i in pixels.indices { pixels[i] = tint[Int(pixels[i] >> 24)] }

        _ = withImageSurface(pixels, width: columns, height: rows) { surface -> Void? in
            cairo_save(cr)
            defer { cairo_restore(cr) }
            cairo_identity_matrix(cr)
            let box = geometry.box
            cairo_rectangle(cr, box.minX, box.minY, box.width, box.height)
            cairo_clip(cr)
            cairo_translate(cr, origin.x + geometry.offset.x, origin.y + geometry.offset.y)
            cairo_scale(cr, Double(k), Double(k))
            cairo_set_source_surface(cr, surface, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
            cairo_paint(cr)
            // Drop the context's reference before the surface is finished.
            cairo_set_source_rgba(cr, 0, 0, 0, 0)
            return ()
        }
    }

    /// The premultiplied word for each blurred alpha: the colour (its alpha already holding the
    /// shadow's opacity) times the alpha.
    static func tintTable(_ color: Color) -> [UInt32] {
        func unit(_ v: Double) -> Double { v.isFinite ? min(max(v, 0), 1) : 0 }
        let (r, g, b, a) = (unit(color.red), unit(color.green), unit(color.blue), unit(color.alpha))
        return (0...255).map { level in
            let alpha = Double(level) * a
            func channel(_ c: Double) -> UInt32 { UInt32(min((alpha * c).rounded(), alpha.rounded())) }
            return channel(1) << 24 | channel(r) << 16 | channel(g) << 8 | channel(b)
        }
    }
}

extension Extent {
    /// What `layer` draws of its own, content and sublayers, before its shadow, mask and opacity;
    /// `device` maps the layer's coordinates to pixels.
    init(stackOf layer: LayerSnapshot, device: AffineTransform) {
        var extent = Extent(of: layer.content, device: device)
        for sublayer in layer.sublayers where extent != .unknown {
            extent = extent.union(Extent(of: sublayer, device: device))
        }
        self = extent
    }
}

extension Rect {
    /// The overlap, or nil when there is none (or a value is not finite).
    func intersection(_ other: Rect) -> Rect? {
        let x0 = Swift.max(minX, other.minX), y0 = Swift.max(minY, other.minY)
        let x1 = Swift.min(maxX, other.maxX), y1 = Swift.min(maxY, other.maxY)
        guard x1 > x0, y1 > y0, [x0, y0, x1, y1].allSatisfy(\.isFinite) else { return nil }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The smallest rectangle of whole pixels around this one; nil when a value is not finite or
    /// too large to count pixels in.
    var roundedOut: Rect? {
        let x0 = minX.rounded(.down), y0 = minY.rounded(.down), x1 = maxX.rounded(.up), y1 = maxY.rounded(.up)
        guard [x0, y0, x1, y1].allSatisfy({ $0.isFinite && abs($0) < 1e9 }) else { return nil }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
