import Animation
import CCairo
#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// Draws an `ImageContent`: the bitmap through its effect (blurred, saturated and tinted, by the
/// cache) stretched over its rect.
struct ImageDrawing {
    let cr: OpaquePointer
    let blurCache: BlurCache
    /// Draws blurred images with the nearest pixel rather than the bilinear filter (see `filter`).
    let samplesBlurredImagesCheaply: Bool

    /// A blur at least this wide (in device pixels, the box of the three passes) leaves neighbouring
    /// pixels so alike that sampling the nearest one instead of blending four is invisible:
    /// BlurredSamplingTests bounds the difference on the playing music player. The bilinear filter of a
    /// rotated draw is what the player costs while it plays (docs/performance.md).
    static let cheapSamplingMinBoxWidth = 4

    /// Effects are computed at device size up to this many pixels per side; beyond that the
    /// result is upscaled, which is invisible on a blur and bounds the memory.
    static let maxBlurSide = 1024

    func draw(_ image: ImageContent) {
        let rect = image.rect
        let bitmap = image.bitmap
        guard isFinite(rect), rect.width > 0, rect.height > 0, bitmap.width > 0, bitmap.height > 0 else { return }

        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        let width = Self.deviceSide(rect.width * hypot(m.xx, m.yx))
        let height = Self.deviceSide(rect.height * hypot(m.xy, m.yy))
        // The blur radius is in rect units; measure it in the pixels of the buffer the effect runs on.
        let effect = PixelEffect(image.effect, pixelsPerUnit: (Double(width) / rect.width + Double(height) / rect.height) / 2)

        if effect.isIdentity && bitmap.width == width && bitmap.height == height {
            paint(bitmap.pixels, width: bitmap.width, height: bitmap.height, into: rect)
        } else {
            // Resampling on every frame is what costs: Cairo's GOOD filter convolves a strong
            // downscale (about 2 ms for the 480 px cover in a 240 px grid cell, per frame of a
            // stream). The cache resamples once, with the effect; each frame then draws at about 1:1.
            paint(blurCache.processed(bitmap, width: width, height: height, effect: effect), width: width, height: height,
                  into: rect, filter: filter(for: effect))
        }
    }

    private func filter(for effect: PixelEffect) -> cairo_filter_t {
        samplesBlurredImagesCheaply && effect.boxWidth >= Self.cheapSamplingMinBoxWidth ? CAIRO_FILTER_FAST : CAIRO_FILTER_GOOD
    }

    static func deviceSide(_ length: Double) -> Int {
        guard length.isFinite else { return 1 }
        return Int(min(max(length.rounded(.up), 1), Double(maxBlurSide)))
    }

    /// Stretches `pixels` over `rect`. PAD keeps the bilinear filter from fading the image's
    /// border into transparency.
    private func paint(_ pixels: [UInt32], width: Int, height: Int, into rect: Rect, filter: cairo_filter_t = CAIRO_FILTER_GOOD) {
        _ = withImageSurface(pixels, width: width, height: height) { surface -> Void? in
            cairo_save(cr)
            defer { cairo_restore(cr) }
            cairo_new_path(cr)
            cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height)
            cairo_translate(cr, rect.minX, rect.minY)
            cairo_scale(cr, rect.width / Double(width), rect.height / Double(height))
            cairo_set_source_surface(cr, surface, 0, 0)
            let pattern = cairo_get_source(cr)
            cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
            cairo_pattern_set_filter(pattern, filter)
            cairo_fill(cr)
            return ()
        }
    }
}

/// `bitmap` resampled to width × height premultiplied ARGB32 words (rows packed).
package func scaledPixels(_ bitmap: Bitmap, width: Int, height: Int) -> [UInt32] {
    var out = [UInt32](repeating: 0, count: width * height)
    guard bitmap.width > 0, bitmap.height > 0 else { return out }
    draw(into: &out, width: width, height: height, stride: width * 4) { cr in
        _ = withImageSurface(bitmap.pixels, width: bitmap.width, height: bitmap.height) { source -> Void? in
            cairo_scale(cr, Double(width) / Double(bitmap.width), Double(height) / Double(bitmap.height))
            cairo_set_source_surface(cr, source, 0, 0)
            let pattern = cairo_get_source(cr)
            cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
            cairo_pattern_set_filter(pattern, CAIRO_FILTER_GOOD)
            cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
            cairo_paint(cr)
            // Drop the context's reference before the source surface is finished.
            cairo_set_source_rgba(cr, 0, 0, 0, 0)
            return ()
        }
    }
    return out
}
